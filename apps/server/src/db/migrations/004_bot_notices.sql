-- When the bot last told a recipient about a dialog: notices are rate-limited per recipient and
-- dialog across every instance (bot/notifications.ts).
CREATE TABLE bot_notices (
  recipient_telegram_id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  advisor_id INTEGER NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (recipient_telegram_id, user_id, advisor_id)
);
