-- A ledger row may also change free messages (credits of free messages go through the same
-- money path as dollars); a row changes at least one of the two.
ALTER TABLE ledger ADD COLUMN free_messages_delta INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ledger DROP CONSTRAINT ledger_amount_cents_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_changes_something CHECK (amount_cents <> 0 OR free_messages_delta <> 0);
