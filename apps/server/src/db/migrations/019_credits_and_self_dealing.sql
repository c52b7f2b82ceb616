-- Credits that cannot be farmed, and no advisor paying itself
-- (docs/decisions/033-credits-that-cannot-be-farmed.md).

-- Credit money: the part of a user's balance that came from satisfaction credits and is not spent
-- yet. A paid send spends it before the rest of the balance and keeps on the message how much of
-- its price was paid with it. That part is never paid back by another credit and earns the advisor
-- nothing, as a free message earns nothing: advisors are paid only from money that was paid in.
ALTER TABLE users ADD COLUMN credit_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD CONSTRAINT users_credit_cents_within_balance
  CHECK (credit_cents >= 0 AND credit_cents <= balance_cents);
ALTER TABLE messages ADD COLUMN credit_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE messages ADD CONSTRAINT messages_credit_cents_within_price
  CHECK (credit_cents >= 0 AND credit_cents <= price_cents);

-- Credits claimed before today: as much of them as the balance still holds counts as unspent credit
-- money (what was spent since cannot be told apart; counting it as credit money is the safe side).
UPDATE users u SET credit_cents = LEAST(u.balance_cents, c.cents)
FROM (
  SELECT user_id, sum(amount_cents) AS cents FROM ledger
  WHERE reason = 'satisfaction_credit' GROUP BY user_id
) c
WHERE u.telegram_id = c.user_id AND c.cents > 0;

-- An offer not yet claimed is withdrawn when its rating is raised above the offer's stars; it can
-- then no longer be claimed, and it still counts as the advisor's offer of these 30 days.
ALTER TABLE satisfaction_offers ADD COLUMN withdrawn_at TIMESTAMPTZ;
-- The monthly cap counts a user's claims of the current month.
CREATE INDEX satisfaction_offers_user_claimed ON satisfaction_offers (user_id, claimed_at)
  WHERE claimed_at IS NOT NULL;

-- The paid send of migration 015 with two changes; same arguments and answer columns, so the
-- batched send of migration 018 runs it unchanged:
--  * a Telegram account linked to the advisor cannot pay it ('own_advisor', nothing changes);
--  * credit money pays first; the message keeps that part (credit_cents), and the advisor earns
--    only the rest (no earning row when a credit paid it all).
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
