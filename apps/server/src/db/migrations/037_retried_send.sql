-- A retried send is not charged twice (docs/decisions/055-the-money-moment-and-designed-states.md).
--
-- The app gives every message it sends a client id (a UUID) and sends it again under the same id
-- when the connection failed before the answer came. A paid send is stored exactly once per user
-- and client id: the primary key below, and both paid sends (the single send of migration 019
-- and the batch of migration 034) look the id up after they have locked the user's row. Two
-- sends of one user queue on that lock, so the second sees the first's key once it committed
-- and answers its message ('already_sent': the message, what it was charged, the wallet now)
-- instead of charging again. A send without a client id is unchanged.
CREATE TABLE paid_send_keys (
  user_id BIGINT NOT NULL,
  client_id UUID NOT NULL,
  message_id BIGINT NOT NULL REFERENCES messages (id),
  PRIMARY KEY (user_id, client_id)
);

DROP FUNCTION seer_send_user_message(BIGINT, INTEGER, TEXT, TEXT, UUID, TEXT, INTEGER);
DROP FUNCTION seer_send_paid_messages(BIGINT[], INTEGER[], TEXT[], TEXT[], UUID[], TEXT[], INTEGER[]);

-- The single send of migration 019 with the client id: looked up after the user's lock, stored
-- with the message.
CREATE FUNCTION seer_send_user_message(
  p_user_id BIGINT,
  p_advisor_id INTEGER,
  p_kind TEXT,
  p_text TEXT,
  p_image_id UUID,
  p_preview TEXT,
  p_required_category INTEGER,
  p_client_id UUID
) RETURNS TABLE (
  out_outcome TEXT,
  out_message_id BIGINT,
  out_created_at TIMESTAMPTZ,
  out_balance_cents BIGINT,
  out_free_messages INTEGER,
  out_price_cents BIGINT,
  out_paid_with TEXT
) LANGUAGE plpgsql AS $$
DECLARE
  v_price BIGINT;
  v_category INTEGER;
  v_advisor_person BIGINT;
  v_balance BIGINT;
  v_free INTEGER;
  v_credit BIGINT;
  v_from_credit BIGINT;
  v_paid_with TEXT;
  v_charge BIGINT;
  v_dialog BIGINT;
  v_message BIGINT;
  v_created TIMESTAMPTZ;
  v_day DATE := (now() AT TIME ZONE 'UTC')::date;
  v_month DATE := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  v_spent_day BIGINT;
  v_spent_month BIGINT;
  v_daily BIGINT;
  v_monthly BIGINT;
BEGIN
  SELECT a.price_cents, a.category_id, a.telegram_id INTO v_price, v_category, v_advisor_person
  FROM advisors a WHERE a.id = p_advisor_id AND a.is_active;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'advisor_not_found'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, NULL::bigint, NULL::text;
    RETURN;
  END IF;
  IF v_advisor_person = p_user_id THEN
    RETURN QUERY SELECT 'own_advisor'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, v_price, NULL::text;
    RETURN;
  END IF;
  IF p_required_category IS NOT NULL AND v_category <> p_required_category THEN
    RETURN QUERY SELECT 'wrong_category'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, v_price, NULL::text;
    RETURN;
  END IF;
  IF p_image_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM images i WHERE i.id = p_image_id AND i.uploader_id = p_user_id) THEN
    RETURN QUERY SELECT 'image_not_found'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, v_price, NULL::text;
    RETURN;
  END IF;

  -- Two sends of one user queue here, so no cent is spent twice and no limit is passed.
  SELECT u.balance_cents, u.free_messages, u.credit_cents,
    CASE WHEN u.spent_day = v_day THEN u.spent_day_cents ELSE 0 END,
    CASE WHEN u.spent_month = v_month THEN u.spent_month_cents ELSE 0 END
  INTO v_balance, v_free, v_credit, v_spent_day, v_spent_month
  FROM users u WHERE u.telegram_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'user_not_found'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, v_price, NULL::text;
    RETURN;
  END IF;
  -- A retried send (read after the lock, so a first send that committed is seen) answers the
  -- message it stored, with what it was charged, and charges nothing.
  IF p_client_id IS NOT NULL THEN
    SELECT m.id, m.created_at, m.price_cents, m.paid_with INTO v_message, v_created, v_charge, v_paid_with
    FROM paid_send_keys k JOIN messages m ON m.id = k.message_id
    WHERE k.user_id = p_user_id AND k.client_id = p_client_id;
    IF FOUND THEN
      RETURN QUERY SELECT 'already_sent'::text, v_message, v_created, v_balance, v_free, v_charge, v_paid_with;
      RETURN;
    END IF;
  END IF;
  IF v_free > 0 THEN
    v_paid_with := 'free';
    v_charge := 0;
  ELSE
    -- Read after the lock (a statement of its own, so its own snapshot): a change of the limits
    -- takes the same lock first, so this sees every change committed before this send.
    SELECT
      CASE WHEN s.daily_next_at <= now() THEN s.daily_next_cents ELSE s.daily_cents END,
      CASE WHEN s.monthly_next_at <= now() THEN s.monthly_next_cents ELSE s.monthly_cents END
    INTO v_daily, v_monthly
    FROM spending_limits s WHERE s.user_id = p_user_id;
    IF (v_daily IS NOT NULL AND v_spent_day + v_price > v_daily)
      OR (v_monthly IS NOT NULL AND v_spent_month + v_price > v_monthly) THEN
      RETURN QUERY SELECT 'spending_limit'::text, NULL::bigint, NULL::timestamptz, v_balance, v_free, v_price, NULL::text;
      RETURN;
    END IF;
    IF v_balance >= v_price THEN
      v_paid_with := 'balance';
      v_charge := v_price;
    ELSE
      RETURN QUERY SELECT 'insufficient_funds'::text, NULL::bigint, NULL::timestamptz, v_balance, v_free, v_price, NULL::text;
      RETURN;
    END IF;
  END IF;
  v_from_credit := LEAST(v_credit, v_charge);

  INSERT INTO dialogs AS d (user_id, advisor_id, last_message_at, last_message_text, advisor_unread)
  VALUES (p_user_id, p_advisor_id, now(), p_preview, 1)
  ON CONFLICT (user_id, advisor_id) DO UPDATE SET
    last_message_at = now(), last_message_text = EXCLUDED.last_message_text,
    advisor_unread = d.advisor_unread + 1, user_hidden = false
  RETURNING d.id INTO v_dialog;

  INSERT INTO messages AS m (dialog_id, sender, kind, text, image_id, price_cents, paid_with, credit_cents)
  VALUES (v_dialog, 'user', p_kind, p_text, p_image_id, v_charge, v_paid_with, v_from_credit)
  RETURNING m.id, m.created_at INTO v_message, v_created;
  IF p_client_id IS NOT NULL THEN
    INSERT INTO paid_send_keys (user_id, client_id, message_id) VALUES (p_user_id, p_client_id, v_message);
  END IF;

  UPDATE users AS u SET
    balance_cents = u.balance_cents - v_charge,
    credit_cents = u.credit_cents - v_from_credit,
    free_messages = u.free_messages - CASE WHEN v_paid_with = 'free' THEN 1 ELSE 0 END,
    spent_day_cents = v_spent_day + v_charge,
    spent_day = v_day,
    spent_month_cents = v_spent_month + v_charge,
    spent_month = v_month
  WHERE u.telegram_id = p_user_id
  RETURNING u.balance_cents, u.free_messages INTO v_balance, v_free;

  IF v_paid_with = 'balance' THEN
    INSERT INTO ledger (user_id, amount_cents, reason, message_id) VALUES (p_user_id, -v_charge, 'message', v_message);
    IF v_charge > v_from_credit THEN
      INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents) VALUES (p_advisor_id, v_message, v_charge - v_from_credit);
    END IF;
  END IF;

  RETURN QUERY SELECT 'ok'::text, v_message, v_created, v_balance, v_free, v_price, v_paid_with;
END;
$$;

-- The batch of migration 034 with the client ids: the stored ones read in one statement after
-- the lock; a send repeated within the batch answers its first send's message.
CREATE FUNCTION seer_send_paid_messages(
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

  -- Sends already stored under the batch's client ids (read after the lock, as the single send
  -- does: a send under one of them by this user took the same lock, so it is seen once committed).
  IF EXISTS (SELECT 1 FROM unnest(p_client_ids) c WHERE c IS NOT NULL) THEN
    SELECT coalesce(array_agg(k.user_id::text || '/' || k.client_id::text), '{}'),
      coalesce(array_agg(m.id), '{}'), coalesce(array_agg(m.created_at), '{}'),
      coalesce(array_agg(m.price_cents), '{}'), coalesce(array_agg(m.paid_with), '{}')
    INTO e_keys, e_message, e_created, e_charge, e_paid_with
    FROM paid_send_keys k JOIN messages m ON m.id = k.message_id
    WHERE (k.user_id, k.client_id) IN (
      SELECT x.user_id, x.client_id FROM unnest(p_user_ids, p_client_ids) AS x (user_id, client_id)
      WHERE x.client_id IS NOT NULL);
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

    -- The client ids of the accepted sends: exactly once per user and client id (primary key).
    INSERT INTO paid_send_keys (user_id, client_id, message_id)
    SELECT p_user_ids[i], p_client_ids[i], s_message[i]
    FROM generate_subscripts(p_user_ids, 1) i
    WHERE s_outcome[i] = 'ok' AND p_client_ids[i] IS NOT NULL ORDER BY i;

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
