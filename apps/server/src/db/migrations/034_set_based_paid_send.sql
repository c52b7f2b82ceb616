-- A group of paid sends as one set-based call (docs/decisions/052-a-cheaper-paid-send.md).
--
-- Migration 018 ran each send of a batch as the single send (migration 019's seer_send_user_message)
-- inside its own subtransaction: per send a savepoint and about seven statements. Here the batch is
-- arrays, one element per send, and the database does the work per statement, not per send:
--  1. read the batch's advisors and images, and lock the batch's user rows in id order (so two
--     batches, or a batch and a single send, take them in one order and cannot deadlock);
--  2. decide every send's outcome in order, in memory, by exactly the single send's rules and in
--     its order of checks, with each user's balance, credit money, free messages and spending as
--     the earlier sends of the same batch left them;
--  3. write all the accepted sends with one statement per table: dialogs, messages, users,
--     ledger, advisor_earnings.
-- Every send keeps its own outcome (out_index is its position, from 0). A send the database
-- refuses (a constraint, a value out of range) fails the whole statement and writes nothing;
-- the caller then runs each send of that batch alone through the single send.
CREATE FUNCTION seer_send_paid_messages(
  p_user_ids BIGINT[],
  p_advisor_ids INTEGER[],
  p_kinds TEXT[],
  p_texts TEXT[],
  p_image_ids UUID[],
  p_previews TEXT[],
  p_required_categories INTEGER[]
) RETURNS TABLE (
  out_index INTEGER,
  out_outcome TEXT,
  out_message_id BIGINT,
  out_created_at TIMESTAMPTZ,
  out_balance_cents BIGINT,
  out_free_messages INTEGER,
  out_price_cents BIGINT,
  out_paid_with TEXT
) LANGUAGE plpgsql AS $$
DECLARE
  n INTEGER := coalesce(cardinality(p_user_ids), 0);
  v_day DATE := (now() AT TIME ZONE 'UTC')::date;
  v_month DATE := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  -- the batch's active advisors
  a_ids INTEGER[];
  a_price BIGINT[];
  a_category INTEGER[];
  a_person BIGINT[];
  -- the batch's images that exist, with who uploaded them
  i_ids UUID[];
  i_uploader BIGINT[];
  -- the batch's users, locked, and their wallets as the batch's sends leave them
  u_ids BIGINT[];
  u_balance BIGINT[];
  u_free INTEGER[];
  u_credit BIGINT[];
  u_spent_day BIGINT[];
  u_spent_month BIGINT[];
  u_daily BIGINT[];
  u_monthly BIGINT[];
  u_touched BOOLEAN[];
  -- each send's outcome
  s_outcome TEXT[] := array_fill(NULL::text, ARRAY[n]);
  s_price BIGINT[] := array_fill(NULL::bigint, ARRAY[n]);
  s_balance BIGINT[] := array_fill(NULL::bigint, ARRAY[n]);
  s_free INTEGER[] := array_fill(NULL::integer, ARRAY[n]);
  s_paid_with TEXT[] := array_fill(NULL::text, ARRAY[n]);
  s_charge BIGINT[] := array_fill(0::bigint, ARRAY[n]);
  s_from_credit BIGINT[] := array_fill(0::bigint, ARRAY[n]);
  s_message BIGINT[] := array_fill(NULL::bigint, ARRAY[n]);
  s_created TIMESTAMPTZ[] := array_fill(NULL::timestamptz, ARRAY[n]);
  s_dialog BIGINT[] := array_fill(NULL::bigint, ARRAY[n]);
  d_ids BIGINT[];
  d_users BIGINT[];
  d_advisors INTEGER[];
  m_ids BIGINT[];
  m_created TIMESTAMPTZ[];
  ai INTEGER;
  ii INTEGER;
  ui INTEGER;
  k INTEGER;
  v_price BIGINT;
  v_charge BIGINT;
  v_accepted INTEGER := 0;
  v_sequence REGCLASS := pg_get_serial_sequence('messages', 'id')::regclass;
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;

  SELECT array_agg(a.id), array_agg(a.price_cents), array_agg(a.category_id), array_agg(a.telegram_id)
  INTO a_ids, a_price, a_category, a_person
  FROM advisors a WHERE a.id = ANY (p_advisor_ids) AND a.is_active;

  SELECT array_agg(i.id), array_agg(i.uploader_id) INTO i_ids, i_uploader
  FROM images i WHERE i.id = ANY (p_image_ids);

  -- Sends of one user queue on this lock, as single sends do: no cent is spent twice.
  SELECT array_agg(w.telegram_id ORDER BY w.telegram_id), array_agg(w.balance_cents ORDER BY w.telegram_id),
    array_agg(w.free_messages ORDER BY w.telegram_id), array_agg(w.credit_cents ORDER BY w.telegram_id),
    array_agg(CASE WHEN w.spent_day = v_day THEN w.spent_day_cents ELSE 0 END ORDER BY w.telegram_id),
    array_agg(CASE WHEN w.spent_month = v_month THEN w.spent_month_cents ELSE 0 END ORDER BY w.telegram_id)
  INTO u_ids, u_balance, u_free, u_credit, u_spent_day, u_spent_month
  FROM (
    SELECT u.telegram_id, u.balance_cents, u.free_messages, u.credit_cents, u.spent_day,
      u.spent_day_cents, u.spent_month, u.spent_month_cents
    FROM users u WHERE u.telegram_id = ANY (p_user_ids) ORDER BY u.telegram_id FOR UPDATE
  ) w;
  u_ids := coalesce(u_ids, '{}');
  u_touched := array_fill(false, ARRAY[cardinality(u_ids)]);

  -- Read after the lock (a statement of its own, so its own snapshot): a change of the limits
  -- takes the same lock first, so this sees every change committed before these sends.
  SELECT array_agg(l.daily ORDER BY w.position), array_agg(l.monthly ORDER BY w.position)
  INTO u_daily, u_monthly
  FROM unnest(u_ids) WITH ORDINALITY AS w (id, position)
  LEFT JOIN LATERAL (
    SELECT
      CASE WHEN s.daily_next_at <= now() THEN s.daily_next_cents ELSE s.daily_cents END AS daily,
      CASE WHEN s.monthly_next_at <= now() THEN s.monthly_next_cents ELSE s.monthly_cents END AS monthly
    FROM spending_limits s WHERE s.user_id = w.id
  ) l ON true;

  -- Every send's outcome, in the batch's order, by the single send's rules.
  FOR i IN 1 .. n LOOP
    ai := array_position(a_ids, p_advisor_ids[i]);
    IF ai IS NULL THEN
      s_outcome[i] := 'advisor_not_found';
      CONTINUE;
    END IF;
    v_price := a_price[ai];
    s_price[i] := v_price;
    IF a_person[ai] = p_user_ids[i] THEN
      s_outcome[i] := 'own_advisor';
      CONTINUE;
    END IF;
    IF p_required_categories[i] IS NOT NULL AND a_category[ai] <> p_required_categories[i] THEN
      s_outcome[i] := 'wrong_category';
      CONTINUE;
    END IF;
    IF p_image_ids[i] IS NOT NULL THEN
      ii := array_position(i_ids, p_image_ids[i]);
      IF ii IS NULL OR i_uploader[ii] IS DISTINCT FROM p_user_ids[i] THEN
        s_outcome[i] := 'image_not_found';
        CONTINUE;
      END IF;
    END IF;
    ui := array_position(u_ids, p_user_ids[i]);
    IF ui IS NULL THEN
      s_outcome[i] := 'user_not_found';
      CONTINUE;
    END IF;
    IF u_free[ui] > 0 THEN
      s_paid_with[i] := 'free';
      v_charge := 0;
    ELSIF (u_daily[ui] IS NOT NULL AND u_spent_day[ui] + v_price > u_daily[ui])
      OR (u_monthly[ui] IS NOT NULL AND u_spent_month[ui] + v_price > u_monthly[ui]) THEN
      s_outcome[i] := 'spending_limit';
      s_balance[i] := u_balance[ui];
      s_free[i] := u_free[ui];
      CONTINUE;
    ELSIF u_balance[ui] >= v_price THEN
      s_paid_with[i] := 'balance';
      v_charge := v_price;
    ELSE
      s_outcome[i] := 'insufficient_funds';
      s_balance[i] := u_balance[ui];
      s_free[i] := u_free[ui];
      CONTINUE;
    END IF;
    s_outcome[i] := 'ok';
    s_charge[i] := v_charge;
    s_from_credit[i] := LEAST(u_credit[ui], v_charge);
    u_balance[ui] := u_balance[ui] - v_charge;
    u_credit[ui] := u_credit[ui] - s_from_credit[i];
    IF s_paid_with[i] = 'free' THEN
      u_free[ui] := u_free[ui] - 1;
    END IF;
    u_spent_day[ui] := u_spent_day[ui] + v_charge;
    u_spent_month[ui] := u_spent_month[ui] + v_charge;
    u_touched[ui] := true;
    s_balance[i] := u_balance[ui];
    s_free[i] := u_free[ui];
    -- Ids taken in the batch's order, so one user's messages keep the order they were sent in.
    s_message[i] := nextval(v_sequence);
    v_accepted := v_accepted + 1;
  END LOOP;

  IF v_accepted > 0 THEN
    -- One row per dialog: the last accepted send's preview, and one unread per accepted send.
    WITH accepted AS (
      SELECT i, p_user_ids[i] AS user_id, p_advisor_ids[i] AS advisor_id
      FROM generate_subscripts(p_user_ids, 1) i WHERE s_outcome[i] = 'ok'
    ), pairs AS (
      SELECT user_id, advisor_id, count(*) AS sends, max(i) AS last
      FROM accepted GROUP BY user_id, advisor_id
    ), upserted AS (
      INSERT INTO dialogs AS d (user_id, advisor_id, last_message_at, last_message_text, advisor_unread)
      SELECT p.user_id, p.advisor_id, now(), p_previews[p.last], p.sends
      FROM pairs p ORDER BY p.user_id, p.advisor_id
      ON CONFLICT (user_id, advisor_id) DO UPDATE SET
        last_message_at = now(), last_message_text = EXCLUDED.last_message_text,
        advisor_unread = d.advisor_unread + EXCLUDED.advisor_unread, user_hidden = false
      RETURNING d.id, d.user_id, d.advisor_id
    )
    SELECT array_agg(id), array_agg(user_id), array_agg(advisor_id) INTO d_ids, d_users, d_advisors
    FROM upserted;
    FOR i IN 1 .. n LOOP
      IF s_outcome[i] = 'ok' THEN
        FOR k IN 1 .. cardinality(d_ids) LOOP
          IF d_users[k] = p_user_ids[i] AND d_advisors[k] = p_advisor_ids[i] THEN
            s_dialog[i] := d_ids[k];
            EXIT;
          END IF;
        END LOOP;
      END IF;
    END LOOP;

    WITH inserted AS (
      INSERT INTO messages (id, dialog_id, sender, kind, text, image_id, price_cents, paid_with, credit_cents)
      SELECT s_message[i], s_dialog[i], 'user', p_kinds[i], p_texts[i], p_image_ids[i], s_charge[i],
        s_paid_with[i], s_from_credit[i]
      FROM generate_subscripts(p_user_ids, 1) i WHERE s_outcome[i] = 'ok' ORDER BY i
      RETURNING id, created_at
    )
    SELECT array_agg(id), array_agg(created_at) INTO m_ids, m_created FROM inserted;
    FOR k IN 1 .. cardinality(m_ids) LOOP
      s_created[array_position(s_message, m_ids[k])] := m_created[k];
    END LOOP;

    UPDATE users AS u SET
      balance_cents = w.balance, credit_cents = w.credit, free_messages = w.free,
      spent_day_cents = w.spent_day, spent_day = v_day,
      spent_month_cents = w.spent_month, spent_month = v_month
    FROM unnest(u_ids, u_balance, u_credit, u_free, u_spent_day, u_spent_month, u_touched)
      AS w (id, balance, credit, free, spent_day, spent_month, touched)
    WHERE u.telegram_id = w.id AND w.touched;

    INSERT INTO ledger (user_id, amount_cents, reason, message_id)
    SELECT p_user_ids[i], -s_charge[i], 'message', s_message[i]
    FROM generate_subscripts(p_user_ids, 1) i
    WHERE s_outcome[i] = 'ok' AND s_paid_with[i] = 'balance' ORDER BY i;

    -- The advisor earns what was paid in, not what a credit paid (migration 019).
    INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents)
    SELECT p_advisor_ids[i], s_message[i], s_charge[i] - s_from_credit[i]
    FROM generate_subscripts(p_user_ids, 1) i
    WHERE s_outcome[i] = 'ok' AND s_paid_with[i] = 'balance' AND s_charge[i] > s_from_credit[i]
    ORDER BY i;
  END IF;

  RETURN QUERY
  SELECT i - 1, s_outcome[i], s_message[i], s_created[i], s_balance[i], s_free[i], s_price[i], s_paid_with[i]
  FROM generate_subscripts(p_user_ids, 1) i ORDER BY i;
END;
$$;

-- The per-send subtransaction loop of migration 018 is replaced by the function above.
DROP FUNCTION seer_send_user_messages(JSONB);
