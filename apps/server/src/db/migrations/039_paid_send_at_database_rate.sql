-- The batched paid send at the database's rate (docs/decisions/058-paid-sends-at-the-database-rate.md).
-- The rules and outcomes are migration 037's; what changes is what each call costs the database.
--
-- 1. It keeps its plans. PL/pgSQL prepares each statement once per connection and then may plan
--    it again on every call for that call's values (a "custom plan"). It keeps doing so while the
--    generic plan looks dearer than the custom ones, and that is what happens to statements over
--    arrays (`= ANY (p_user_ids)`, `unnest`, `generate_subscripts`): the generic plan is costed
--    for arrays of ten, the custom plans for the batch in hand. Measured, planning was a quarter
--    of the database's CPU per batch. Every statement here reads by primary key or unique index,
--    or writes the batch's own rows, so one plan fits every call.
--    A generic plan is made from the statistics of the moment it is made, though, and on a new,
--    nearly empty database a sequential scan of a small table is the cheapest plan; it would stay
--    in the connection's cache while the table grows, until the next ANALYZE. With sequential
--    scans off inside the function, the planner takes the index for every lookup, whatever the
--    tables' sizes when the plan was made.
-- 2. Fewer statements per call: each costs an executor start and its own bookkeeping, which a
--    batch of two or three sends pays for every few messages. The images are read only when the
--    batch has a picture, stored client ids only when it has a client id, and the batch's rows
--    (messages, client ids, wallets, ledger, earnings) are written by one statement.

CREATE OR REPLACE FUNCTION seer_send_paid_messages(
  p_user_ids BIGINT[],
  p_advisor_ids INTEGER[],
  p_kinds TEXT[],
  p_texts TEXT[],
  p_image_ids UUID[],
  p_previews TEXT[],
  p_required_categories INTEGER[],
  p_client_ids UUID[]
) RETURNS TABLE (
  out_index INTEGER,
  out_outcome TEXT,
  out_message_id BIGINT,
  out_created_at TIMESTAMPTZ,
  out_balance_cents BIGINT,
  out_free_messages INTEGER,
  out_price_cents BIGINT,
  out_paid_with TEXT
) LANGUAGE plpgsql
-- One plan per statement for every call, and every lookup by its index (see above).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $$
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
  -- a retried send: the index of the batch's earlier send it repeats
  s_same INTEGER[] := array_fill(NULL::integer, ARRAY[n]);
  -- sends already stored ('user/client_id'), then the batch's accepted sends with a client id
  e_keys TEXT[] := '{}';
  e_message BIGINT[] := '{}';
  e_created TIMESTAMPTZ[] := '{}';
  e_charge BIGINT[] := '{}';
  e_paid_with TEXT[] := '{}';
  e_source INTEGER[] := '{}';
  v_key TEXT;
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

  IF array_remove(p_image_ids, NULL) <> '{}' THEN
    SELECT array_agg(i.id), array_agg(i.uploader_id) INTO i_ids, i_uploader
    FROM images i WHERE i.id = ANY (p_image_ids);
  END IF;

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

  -- Sends already stored under the batch's client ids (read after the lock, as the single send
  -- does: a send under one of them by this user took the same lock, so it is seen once committed).
  IF array_remove(p_client_ids, NULL) <> '{}' THEN
    SELECT coalesce(array_agg(k.user_id::text || '/' || k.client_id::text), '{}'),
      coalesce(array_agg(m.id), '{}'), coalesce(array_agg(m.created_at), '{}'),
      coalesce(array_agg(m.price_cents), '{}'), coalesce(array_agg(m.paid_with), '{}')
    INTO e_keys, e_message, e_created, e_charge, e_paid_with
    FROM (SELECT DISTINCT x.user_id, x.client_id
      FROM unnest(p_user_ids, p_client_ids) AS x (user_id, client_id)
      WHERE x.client_id IS NOT NULL) x
    JOIN LATERAL (
      SELECT k.user_id, k.client_id, k.message_id FROM paid_send_keys k
      WHERE k.user_id = x.user_id AND k.client_id = x.client_id
    ) k ON true
    JOIN messages m ON m.id = k.message_id;
    e_source := array_fill(NULL::integer, ARRAY[cardinality(e_keys)]);
  END IF;

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
    -- A retried send answers the message it already stored and charges nothing.
    v_key := NULL;
    IF p_client_ids[i] IS NOT NULL THEN
      v_key := p_user_ids[i]::text || '/' || p_client_ids[i]::text;
      k := array_position(e_keys, v_key);
      IF k IS NOT NULL THEN
        s_outcome[i] := 'already_sent';
        s_balance[i] := u_balance[ui];
        s_free[i] := u_free[ui];
        IF e_source[k] IS NULL THEN
          s_message[i] := e_message[k];
          s_created[i] := e_created[k];
          s_price[i] := e_charge[k];
          s_paid_with[i] := e_paid_with[k];
        ELSE
          s_same[i] := e_source[k];
        END IF;
        CONTINUE;
      END IF;
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
    IF v_key IS NOT NULL THEN
      e_keys := e_keys || v_key;
      e_source := e_source || i;
      e_message := e_message || NULL::bigint;
      e_created := e_created || NULL::timestamptz;
      e_charge := e_charge || NULL::bigint;
      e_paid_with := e_paid_with || NULL::text;
    END IF;
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

    -- The batch's rows in one statement: its messages, their client ids (exactly once per user
    -- and client id: the primary key), the wallets, the ledger and the advisors' earnings. The
    -- foreign keys to the new messages are checked at the statement's end, when they exist.
    WITH inserted AS (
      INSERT INTO messages (id, dialog_id, sender, kind, text, image_id, price_cents, paid_with, credit_cents)
      SELECT s_message[i], s_dialog[i], 'user', p_kinds[i], p_texts[i], p_image_ids[i], s_charge[i],
        s_paid_with[i], s_from_credit[i]
      FROM generate_subscripts(p_user_ids, 1) i WHERE s_outcome[i] = 'ok' ORDER BY i
      RETURNING id, created_at
    ), keys AS (
      INSERT INTO paid_send_keys (user_id, client_id, message_id)
      SELECT p_user_ids[i], p_client_ids[i], s_message[i]
      FROM generate_subscripts(p_user_ids, 1) i
      WHERE s_outcome[i] = 'ok' AND p_client_ids[i] IS NOT NULL ORDER BY i
    ), wallets AS (
      UPDATE users AS u SET
        balance_cents = w.balance, credit_cents = w.credit, free_messages = w.free,
        spent_day_cents = w.spent_day, spent_day = v_day,
        spent_month_cents = w.spent_month, spent_month = v_month
      FROM unnest(u_ids, u_balance, u_credit, u_free, u_spent_day, u_spent_month, u_touched)
        AS w (id, balance, credit, free, spent_day, spent_month, touched)
      WHERE u.telegram_id = w.id AND w.touched
    ), charges AS (
      INSERT INTO ledger (user_id, amount_cents, reason, message_id)
      SELECT p_user_ids[i], -s_charge[i], 'message', s_message[i]
      FROM generate_subscripts(p_user_ids, 1) i
      WHERE s_outcome[i] = 'ok' AND s_paid_with[i] = 'balance' ORDER BY i
    ), earnings AS (
      -- The advisor earns what was paid in, not what a credit paid (migration 019).
      INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents)
      SELECT p_advisor_ids[i], s_message[i], s_charge[i] - s_from_credit[i]
      FROM generate_subscripts(p_user_ids, 1) i
      WHERE s_outcome[i] = 'ok' AND s_paid_with[i] = 'balance' AND s_charge[i] > s_from_credit[i]
      ORDER BY i
    )
    SELECT array_agg(id), array_agg(created_at) INTO m_ids, m_created FROM inserted;
    FOR k IN 1 .. cardinality(m_ids) LOOP
      s_created[array_position(s_message, m_ids[k])] := m_created[k];
    END LOOP;
  END IF;

  -- A send repeated within the batch answers what its first send stored.
  FOR i IN 1 .. n LOOP
    IF s_same[i] IS NOT NULL THEN
      s_message[i] := s_message[s_same[i]];
      s_created[i] := s_created[s_same[i]];
      s_price[i] := s_charge[s_same[i]];
      s_paid_with[i] := s_paid_with[s_same[i]];
    END IF;
  END LOOP;

  RETURN QUERY
  SELECT i - 1, s_outcome[i], s_message[i], s_created[i], s_balance[i], s_free[i], s_price[i], s_paid_with[i]
  FROM generate_subscripts(p_user_ids, 1) i ORDER BY i;
END;
$$;
