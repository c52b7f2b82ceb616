-- The language the user chose in Seer's Settings (docs/decisions/042-one-language-rule.md): it wins
-- over Telegram's language_code in the app, the bot's notices, receipts and Stars invoices. NULL:
-- no choice ("Auto"), Telegram's language decides. The supported languages are the contract's LOCALES.
ALTER TABLE users ADD COLUMN chosen_language TEXT;
ALTER TABLE users ADD CONSTRAINT users_chosen_language_supported CHECK (
  chosen_language IS NULL OR chosen_language IN ('ru', 'en')
);
