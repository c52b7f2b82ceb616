-- "Know when you will be answered": each advisor's median first-response time over the last
-- 30 days, computed periodically from messages by one instance (advisors/response-times.ts) and
-- read with the advisor like its rating, so the hot list call never computes it
-- (docs/decisions/030-response-times.md).
ALTER TABLE advisors ADD COLUMN median_response_seconds INTEGER CHECK (median_response_seconds >= 0);
-- How many answered waiting periods the median was taken over (shown only from a minimum).
ALTER TABLE advisors ADD COLUMN response_periods INTEGER NOT NULL DEFAULT 0;

-- The refresh starts from the users' messages of the last 30 days; the previous message and the
-- advisor's answer are then found through messages_dialog (dialog_id, id).
CREATE INDEX messages_user_created ON messages (created_at) WHERE sender = 'user';
