-- Spending limits and the satisfaction credit (docs/decisions/028-spending-limits-and-satisfaction-credit.md).

-- What a user spent on paid messages in the current UTC day and UTC month. The paid send keeps
-- these in the same UPDATE that debits the balance, under the user's row lock; a counter whose
-- day (month) is not today's (this month's) counts as 0.
ALTER TABLE users
  ADD COLUMN spent_day DATE,
  ADD COLUMN spent_day_cents BIGINT NOT NULL DEFAULT 0 CHECK (spent_day_cents >= 0),
  ADD COLUMN spent_month DATE,
  ADD COLUMN spent_month_cents BIGINT NOT NULL DEFAULT 0 CHECK (spent_month_cents >= 0);

-- The counters start equal to the ledger's message charges of today and of this month.
UPDATE users u SET
  spent_day = s.day, spent_day_cents = s.day_cents,
  spent_month = s.month, spent_month_cents = s.month_cents
FROM (
  SELECT l.user_id,
    (now() AT TIME ZONE 'UTC')::date AS day,
    date_trunc('month', now() AT TIME ZONE 'UTC')::date AS month,
    COALESCE(-sum(l.amount_cents) FILTER (WHERE (l.created_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date), 0) AS day_cents,
    -sum(l.amount_cents) AS month_cents
  FROM ledger l
  WHERE l.reason = 'message'
    AND l.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  GROUP BY l.user_id
) s
WHERE u.telegram_id = s.user_id;

-- A user's limits in cents (null: none). A raise or a removal waits 24 hours: `*_next_cents`
-- (null: no limit) applies from `*_next_at`; a limit whose `*_next_at` has passed is the next one.
CREATE TABLE spending_limits (
  user_id BIGINT PRIMARY KEY REFERENCES users (telegram_id),
  daily_cents BIGINT CHECK (daily_cents >= 0),
  monthly_cents BIGINT CHECK (monthly_cents >= 0),
  daily_next_cents BIGINT CHECK (daily_next_cents >= 0),
  daily_next_at TIMESTAMPTZ,
  monthly_next_cents BIGINT CHECK (monthly_next_cents >= 0),
  monthly_next_at TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A credit offered after a rating of 1 or 2 stars: what the dialog's last paid messages cost
-- (capped), claimable once until expires_at; a claim is a ledger row with reason
-- 'satisfaction_credit' and reference 'satisfaction:<id>'.
CREATE TABLE satisfaction_offers (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  dialog_id BIGINT NOT NULL REFERENCES dialogs (id),
  rating SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 2),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  -- what the paid messages cost before the cap, how many, and the first and last of them
  messages_cents BIGINT NOT NULL CHECK (messages_cents > 0),
  message_count INTEGER NOT NULL CHECK (message_count > 0),
  first_message_at TIMESTAMPTZ NOT NULL,
  last_message_at TIMESTAMPTZ NOT NULL,
  offered_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  claimed_at TIMESTAMPTZ
);
CREATE INDEX satisfaction_offers_user_advisor ON satisfaction_offers (user_id, advisor_id, offered_at DESC);
CREATE INDEX satisfaction_offers_recent ON satisfaction_offers (offered_at DESC);

-- The paid send of migration 005, with the spending limits: after free messages, a paid
-- message that would take today's or this month's spending (UTC) over the user's limit is
-- refused ('spending_limit') and changes nothing. Same arguments and answer columns.
CREATE OR REPLACE FUNCTION seer_send_user_message(
  p_user_id BIGINT,
  p_advisor_id INTEGER,
  p_kind TEXT,
  p_text TEXT,
  p_image_id UUID,
  p_preview TEXT,
  p_required_category INTEGER
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
  v_balance BIGINT;
  v_free INTEGER;
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
  SELECT a.price_cents, a.category_id INTO v_price, v_category
  FROM advisors a WHERE a.id = p_advisor_id AND a.is_active;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'advisor_not_found'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, NULL::bigint, NULL::text;
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
  SELECT u.balance_cents, u.free_messages,
    CASE WHEN u.spent_day = v_day THEN u.spent_day_cents ELSE 0 END,
    CASE WHEN u.spent_month = v_month THEN u.spent_month_cents ELSE 0 END
  INTO v_balance, v_free, v_spent_day, v_spent_month
  FROM users u WHERE u.telegram_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'user_not_found'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, v_price, NULL::text;
    RETURN;
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

  INSERT INTO dialogs AS d (user_id, advisor_id, last_message_at, last_message_text, advisor_unread)
  VALUES (p_user_id, p_advisor_id, now(), p_preview, 1)
  ON CONFLICT (user_id, advisor_id) DO UPDATE SET
    last_message_at = now(), last_message_text = EXCLUDED.last_message_text,
    advisor_unread = d.advisor_unread + 1, user_hidden = false
  RETURNING d.id INTO v_dialog;

  INSERT INTO messages AS m (dialog_id, sender, kind, text, image_id, price_cents, paid_with)
  VALUES (v_dialog, 'user', p_kind, p_text, p_image_id, v_charge, v_paid_with)
  RETURNING m.id, m.created_at INTO v_message, v_created;

  UPDATE users AS u SET
    balance_cents = u.balance_cents - v_charge,
    free_messages = u.free_messages - CASE WHEN v_paid_with = 'free' THEN 1 ELSE 0 END,
    spent_day_cents = v_spent_day + v_charge,
    spent_day = v_day,
    spent_month_cents = v_spent_month + v_charge,
    spent_month = v_month
  WHERE u.telegram_id = p_user_id
  RETURNING u.balance_cents, u.free_messages INTO v_balance, v_free;

  IF v_paid_with = 'balance' THEN
    INSERT INTO ledger (user_id, amount_cents, reason, message_id) VALUES (p_user_id, -v_charge, 'message', v_message);
    INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents) VALUES (p_advisor_id, v_message, v_charge);
  END IF;

  RETURN QUERY SELECT 'ok'::text, v_message, v_created, v_balance, v_free, v_price, v_paid_with;
END;
$$;
