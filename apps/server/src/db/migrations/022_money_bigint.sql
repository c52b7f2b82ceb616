-- Every amount of money is a BIGINT, as the ledger's is (docs/decisions/005-money-ledger.md).
-- A money notification copies its ledger row's amount: as INTEGER it refused any amount above
-- $21,474,836.47 (2^31 - 1 cents), and with it the credit written in the same transaction.
ALTER TABLE notifications ALTER COLUMN amount_cents TYPE BIGINT;

-- Telegram Stars are money too: what an invoice asked and what a payment paid.
ALTER TABLE stars_invoices ALTER COLUMN stars TYPE BIGINT;
ALTER TABLE stars_payments ALTER COLUMN stars TYPE BIGINT;

-- Not changed: ton_deposits.amount_nanotons stays NUMERIC(30, 0), wider than BIGINT; counts of
-- free messages (free_messages, free_messages_delta, taken_back, already_used) are not money.
