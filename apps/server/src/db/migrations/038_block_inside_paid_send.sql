-- A block refuses a user's message inside the paid send's own transaction (decision 057): the
-- check costs an index lookup in the database instead of a round trip before every paid send,
-- and a block committed a moment before the send can no longer be missed. The raise rolls back
-- the charge with everything else; a set-based batch it refuses is run again send by send
-- (class P0), so only the blocked send fails.
CREATE FUNCTION seer_refuse_blocked_user_message() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM dialogs d
    JOIN dialog_blocks b ON b.user_id = d.user_id AND b.advisor_id = d.advisor_id
    WHERE d.id = NEW.dialog_id
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0B01', MESSAGE = 'the dialog is blocked';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER messages_refuse_blocked_user_message
  BEFORE INSERT ON messages FOR EACH ROW WHEN (NEW.sender = 'user')
  EXECUTE FUNCTION seer_refuse_blocked_user_message();
