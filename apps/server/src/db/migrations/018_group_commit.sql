-- Group commit of paid sends (docs/decisions/031-where-the-time-goes.md): several sends that
-- arrived together run in one transaction, so they share one commit and one WAL flush.
-- Each send is the unchanged seer_send_user_message (migration 015) inside its own
-- subtransaction (a plpgsql block with an EXCEPTION clause is a savepoint): a send that fails
-- rolls back alone and is answered 'error' with its SQLSTATE; the others of the batch go on.
-- The caller passes the sends ordered by user, so two batches take user rows (and the dialog
-- rows under them) in the same order and cannot deadlock each other.
-- p_sends is a JSON array of {user_id, advisor_id, kind, text, image_id, preview,
-- required_category} (the arguments of seer_send_user_message); out_index is a send's position
-- in it, from 0.
CREATE FUNCTION seer_send_user_messages(p_sends JSONB) RETURNS TABLE (
  out_index INTEGER,
  out_outcome TEXT,
  out_message_id BIGINT,
  out_created_at TIMESTAMPTZ,
  out_balance_cents BIGINT,
  out_free_messages INTEGER,
  out_price_cents BIGINT,
  out_paid_with TEXT,
  out_error TEXT
) LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  e JSONB;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_sends) - 1 LOOP
    out_index := i;
    e := p_sends -> i;
    BEGIN
      SELECT s.* INTO r FROM seer_send_user_message(
        (e ->> 'user_id')::bigint, (e ->> 'advisor_id')::integer, e ->> 'kind', e ->> 'text',
        (e ->> 'image_id')::uuid, e ->> 'preview', (e ->> 'required_category')::integer) s;
      out_outcome := r.out_outcome;
      out_message_id := r.out_message_id;
      out_created_at := r.out_created_at;
      out_balance_cents := r.out_balance_cents;
      out_free_messages := r.out_free_messages;
      out_price_cents := r.out_price_cents;
      out_paid_with := r.out_paid_with;
      out_error := NULL;
    EXCEPTION WHEN OTHERS THEN
      out_outcome := 'error';
      out_message_id := NULL;
      out_created_at := NULL;
      out_balance_cents := NULL;
      out_free_messages := NULL;
      out_price_cents := NULL;
      out_paid_with := NULL;
      out_error := SQLSTATE || ' ' || SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;
