-- Answering from Telegram (docs/decisions/043-answer-from-telegram.md): an advisor replies (Telegram's
-- reply) to the bot's new-message notice, and the reply goes to the user of that dialog.
--
-- A notice that may be answered names its dialog (user and advisor); once Telegram has taken it,
-- its message_id in the recipient's chat is kept, so a reply to it (or to an older notice of the
-- same dialog) finds the dialog. Telegram numbers messages per chat, hence (chat_id, message_id).
ALTER TABLE bot_outbox
  ADD COLUMN dialog_user_id BIGINT,
  ADD COLUMN dialog_advisor_id INTEGER REFERENCES advisors (id),
  ADD COLUMN telegram_message_id BIGINT,
  ADD CONSTRAINT bot_outbox_dialog_whole CHECK ((dialog_user_id IS NULL) = (dialog_advisor_id IS NULL));
CREATE UNIQUE INDEX bot_outbox_sent_message ON bot_outbox (chat_id, telegram_message_id)
  WHERE telegram_message_id IS NOT NULL;

-- Each Telegram message answered this way, claimed before its reply is written: Telegram delivers
-- an update again when it was not confirmed in time, and the same message must not reach the user
-- twice. message_id is the Seer message it became (NULL while it is being sent).
CREATE TABLE telegram_replies (
  chat_id BIGINT NOT NULL,
  telegram_message_id BIGINT NOT NULL,
  message_id BIGINT REFERENCES messages (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, telegram_message_id)
);
