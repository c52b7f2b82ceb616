-- Receipts: a bot notice written in the same transaction as the ledger row it reports (a credit
-- or a refund; bot/receipts.ts), so a receipt exists exactly when its ledger row does. The unique
-- ledger_id keeps it to one receipt per ledger row, whatever instance or retry writes it.
ALTER TABLE bot_outbox ADD COLUMN ledger_id BIGINT REFERENCES ledger (id);
CREATE UNIQUE INDEX bot_outbox_ledger ON bot_outbox (ledger_id) WHERE ledger_id IS NOT NULL;

-- The app's money notifications (GetNotifications.php) read a user's ledger without its message
-- charges, newest first.
CREATE INDEX ledger_user_money ON ledger (user_id, id) WHERE reason <> 'message';
