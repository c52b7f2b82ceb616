-- Every admin action: who, what, when (the command line writes 0 as the actor).
CREATE TABLE admin_audit (
  id BIGSERIAL PRIMARY KEY,
  actor_telegram_id BIGINT NOT NULL,
  action TEXT NOT NULL,
  details JSONB NOT NULL DEFAULT '{}'::jsonb,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_created ON admin_audit (created_at DESC);
