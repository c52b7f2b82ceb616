-- A user's message and its payment in one call (one round trip, one atomic statement):
-- the advisor's current price, the wallet lock, free credit first, then the balance;
-- the dialog, the message, the debit with its ledger row and the advisor's earning.
-- Outcomes other than 'ok' change nothing; the chat service turns them into errors.
CREATE FUNCTION seer_send_user_message(
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

  -- Two sends of one user queue here, so no cent is spent twice.
  SELECT u.balance_cents, u.free_messages INTO v_balance, v_free
  FROM users u WHERE u.telegram_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'user_not_found'::text, NULL::bigint, NULL::timestamptz, NULL::bigint, NULL::integer, v_price, NULL::text;
    RETURN;
  END IF;
  IF v_free > 0 THEN
    v_paid_with := 'free';
    v_charge := 0;
  ELSIF v_balance >= v_price THEN
    v_paid_with := 'balance';
    v_charge := v_price;
  ELSE
    RETURN QUERY SELECT 'insufficient_funds'::text, NULL::bigint, NULL::timestamptz, v_balance, v_free, v_price, NULL::text;
    RETURN;
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
    free_messages = u.free_messages - CASE WHEN v_paid_with = 'free' THEN 1 ELSE 0 END
  WHERE u.telegram_id = p_user_id
  RETURNING u.balance_cents, u.free_messages INTO v_balance, v_free;

  IF v_paid_with = 'balance' THEN
    INSERT INTO ledger (user_id, amount_cents, reason, message_id) VALUES (p_user_id, -v_charge, 'message', v_message);
    INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents) VALUES (p_advisor_id, v_message, v_charge);
  END IF;

  RETURN QUERY SELECT 'ok'::text, v_message, v_created, v_balance, v_free, v_price, v_paid_with;
END;
$$;
