/** SQL of advisors' payouts (migration 030) and of what they are owed (advisor_earnings + advisor_ledger). */
import type { Sql, Tx } from '../db/database.js';

export interface PayoutRecord {
  id: number;
  advisor_id: number;
  amount_cents: number;
  address: string;
  address_text: string;
  status: 'requested' | 'sent' | 'paid' | 'failed' | 'cancelled' | 'bounced';
  method: 'ton' | 'outside';
  batch_id: number | null;
  amount_nanotons: string | null;
  tx_hash: string | null;
  msg_hash: string | null;
  mismatch_tx_hash: string | null;
  created_at: Date;
  sent_at: Date | null;
  paid_at: Date | null;
  closed_at: Date | null;
  notified_at: Date | null;
}

export interface QueuedPayout extends PayoutRecord {
  name: string;
}

export interface Balance {
  owed: number;
  held: number;
  /** The youngest held earning's time, or null. */
  youngestHeld: Date | null;
}

export interface StatementRow {
  period: string;
  earned_cents: number;
  reversed_cents: number;
  messages: number;
}

const PAYOUT_COLUMNS = `id, advisor_id, amount_cents, address, address_text, status, method, batch_id,
  amount_nanotons::text AS amount_nanotons, tx_hash, msg_hash, mismatch_tx_hash, created_at, sent_at,
  paid_at, closed_at, notified_at`;

export type LedgerReason = 'payout' | 'payout_returned';

export class PayoutsRepository {
  constructor(private readonly sql: Sql) {}

  /** Locks the advisor's row: one payout request (or cancel) of an advisor at a time. */
  async lockAdvisor(tx: Tx, advisorId: number): Promise<boolean> {
    const rows = await tx`SELECT id FROM advisors WHERE id = ${advisorId} FOR UPDATE`;
    return rows.length > 0;
  }

  /**
   * What the advisor is owed (every earning plus every ledger row) and the part of it still held:
   * earnings younger than `holdDays`.
   */
  async balance(db: Sql | Tx, advisorId: number, holdDays: number): Promise<Balance> {
    const [row] = await db<
      { earned: string; ledger: string; held: string; youngest: Date | null }[]
    >`
      SELECT
        (SELECT COALESCE(sum(amount_cents), 0) FROM advisor_earnings WHERE advisor_id = ${advisorId})::text AS earned,
        (SELECT COALESCE(sum(amount_cents), 0) FROM advisor_ledger WHERE advisor_id = ${advisorId})::text AS ledger,
        (SELECT COALESCE(sum(amount_cents), 0) FROM advisor_earnings
          WHERE advisor_id = ${advisorId} AND created_at > now() - make_interval(days => ${holdDays}))::text AS held,
        (SELECT max(created_at) FROM advisor_earnings
          WHERE advisor_id = ${advisorId} AND created_at > now() - make_interval(days => ${holdDays})) AS youngest`;
    return {
      owed: Number(row!.earned) + Number(row!.ledger),
      held: Number(row!.held),
      youngestHeld: row!.youngest,
    };
  }

  async timeZone(advisorId: number): Promise<string> {
    const [row] = await this.sql<{ time_zone: string }[]>`
      SELECT time_zone FROM advisors WHERE id = ${advisorId}`;
    return row?.time_zone || 'UTC';
  }

  /** Earnings and reversals per day (or month) in the advisor's time zone, newest first. */
  async statement(
    advisorId: number,
    unit: 'day' | 'month',
    periods: number,
    timeZone: string,
  ): Promise<StatementRow[]> {
    const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const step = unit === 'day' ? '1 day' : '1 month';
    return this.sql<StatementRow[]>`
      WITH bounds AS (
        SELECT date_trunc(${unit}, now() AT TIME ZONE ${timeZone}) - (${periods - 1} * ${step}::interval) AS since
      ), earned AS (
        SELECT date_trunc(${unit}, e.created_at AT TIME ZONE ${timeZone}) AS period,
          sum(e.amount_cents) AS cents, count(*) AS messages
        FROM advisor_earnings e, bounds
        WHERE e.advisor_id = ${advisorId} AND e.created_at AT TIME ZONE ${timeZone} >= bounds.since
        GROUP BY 1
      ), reversed AS (
        SELECT date_trunc(${unit}, l.created_at AT TIME ZONE ${timeZone}) AS period, sum(l.amount_cents) AS cents
        FROM advisor_ledger l, bounds
        WHERE l.advisor_id = ${advisorId} AND l.reason = 'reversal'
          AND l.created_at AT TIME ZONE ${timeZone} >= bounds.since
        GROUP BY 1
      )
      SELECT to_char(COALESCE(earned.period, reversed.period), ${format}) AS period,
        COALESCE(earned.cents, 0)::bigint AS earned_cents,
        COALESCE(reversed.cents, 0)::bigint AS reversed_cents,
        COALESCE(earned.messages, 0)::int AS messages
      FROM earned FULL JOIN reversed ON earned.period = reversed.period
      ORDER BY 1 DESC`;
  }

  async insertPayout(
    tx: Tx,
    p: { advisorId: number; amountCents: number; address: string; addressText: string },
  ): Promise<PayoutRecord> {
    const [row] = await tx.unsafe<PayoutRecord[]>(
      `INSERT INTO payouts (advisor_id, amount_cents, address, address_text)
       VALUES ($1, $2, $3, $4) RETURNING ${PAYOUT_COLUMNS}`,
      [p.advisorId, p.amountCents, p.address, p.addressText],
    );
    return row!;
  }

  /**
   * One ledger row of a payout, at most once per (reason, reference): false when it was already
   * written.
   */
  async ledger(
    tx: Tx,
    row: {
      advisorId: number;
      amountCents: number;
      reason: LedgerReason;
      payoutId: number;
      reference: string;
      note: string;
    },
  ): Promise<boolean> {
    const inserted = await tx`
      INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, payout_id, reference, note)
      VALUES (${row.advisorId}, ${row.amountCents}, ${row.reason}, ${row.payoutId}, ${row.reference}, ${row.note})
      ON CONFLICT (reason, reference) DO NOTHING
      RETURNING id`;
    return inserted.length > 0;
  }

  async find(db: Sql | Tx, id: number, lock = false): Promise<PayoutRecord | null> {
    const [row] = await db.unsafe<PayoutRecord[]>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return row ?? null;
  }

  async open(db: Sql | Tx, advisorId: number): Promise<PayoutRecord | null> {
    const [row] = await db.unsafe<PayoutRecord[]>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE advisor_id = $1 AND status IN ('requested', 'sent')`,
      [advisorId],
    );
    return row ?? null;
  }

  async history(advisorId: number, limit = 50): Promise<PayoutRecord[]> {
    return this.sql.unsafe<PayoutRecord[]>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE advisor_id = $1 AND status NOT IN ('requested', 'sent')
       ORDER BY id DESC LIMIT $2`,
      [advisorId, limit],
    );
  }

  /** Open payouts oldest first, then the latest closed ones. */
  async queue(closedLimit = 50): Promise<QueuedPayout[]> {
    const columns = PAYOUT_COLUMNS.split(',')
      .map((c) => `p.${c.trim()}`)
      .join(', ');
    return this.sql.unsafe<QueuedPayout[]>(
      `(SELECT ${columns}, a.name FROM payouts p JOIN advisors a ON a.id = p.advisor_id
         WHERE p.status IN ('requested', 'sent') ORDER BY p.id)
       UNION ALL
       (SELECT ${columns}, a.name FROM payouts p JOIN advisors a ON a.id = p.advisor_id
         WHERE p.status NOT IN ('requested', 'sent') ORDER BY p.id DESC LIMIT $1)`,
      [closedLimit],
    );
  }

  /** Moves a requested payout to 'cancelled' (or 'failed'); null when it was not requested/sent as asked. */
  async close(
    tx: Tx,
    id: number,
    from: PayoutRecord['status'][],
    to: 'cancelled' | 'failed' | 'bounced',
  ): Promise<PayoutRecord | null> {
    const [row] = await tx.unsafe<PayoutRecord[]>(
      `UPDATE payouts SET status = $2, closed_at = now() WHERE id = $1 AND status = ANY($3::text[])
       RETURNING ${PAYOUT_COLUMNS}`,
      [id, to, from],
    );
    return row ?? null;
  }

  async insertBatch(
    tx: Tx,
    b: { createdBy: number; wallet: string; validUntil: Date; microUsdPerTon: number },
  ): Promise<number> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO payout_batches (created_by, wallet, valid_until, rate_micro_usd_per_ton)
      VALUES (${b.createdBy}, ${b.wallet}, ${b.validUntil}, ${b.microUsdPerTon}) RETURNING id`;
    return row!.id;
  }

  /** The requested payouts among `ids`, locked, in id order. */
  async lockRequested(tx: Tx, ids: number[]): Promise<PayoutRecord[]> {
    return tx.unsafe<PayoutRecord[]>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
  }

  async markSent(tx: Tx, id: number, batchId: number, nanotons: bigint): Promise<void> {
    await tx`
      UPDATE payouts SET status = 'sent', batch_id = ${batchId}, amount_nanotons = ${nanotons.toString()}::numeric,
        sent_at = now()
      WHERE id = ${id} AND status = 'requested'`;
  }

  /**
   * Marks the payout paid by this message; a message already used for a payout, or a payout
   * already paid, changes nothing (null).
   */
  async markPaid(
    tx: Tx,
    id: number,
    from: PayoutRecord['status'][],
    paid: { txHash: string; msgHash: string; at: Date },
  ): Promise<PayoutRecord | null> {
    const [row] = await tx.unsafe<PayoutRecord[]>(
      `UPDATE payouts SET status = 'paid', tx_hash = $2, msg_hash = $3, paid_at = $4,
         closed_at = COALESCE(closed_at, $4)
       WHERE id = $1 AND status = ANY($5::text[])
         AND NOT EXISTS (SELECT 1 FROM payouts WHERE msg_hash = $3)
       RETURNING ${PAYOUT_COLUMNS}`,
      [id, paid.txHash, paid.msgHash, paid.at, from],
    );
    return row ?? null;
  }

  async markMismatch(tx: Tx, id: number, txHash: string): Promise<void> {
    await tx`UPDATE payouts SET mismatch_tx_hash = ${txHash} WHERE id = ${id} AND mismatch_tx_hash IS NULL`;
  }

  /**
   * Sent payouts whose batch's validUntil is more than `graceMs` ago: their message can no longer
   * leave the wallet. Locked, skipping ones another instance holds.
   */
  async lockExpired(tx: Tx, graceMs: number): Promise<PayoutRecord[]> {
    const columns = PAYOUT_COLUMNS.split(',')
      .map((c) => `p.${c.trim()}`)
      .join(', ');
    return tx.unsafe<PayoutRecord[]>(
      `SELECT ${columns} FROM payouts p JOIN payout_batches b ON b.id = p.batch_id
       WHERE p.status = 'sent' AND p.mismatch_tx_hash IS NULL
         AND b.valid_until < now() - make_interval(secs => $1)
       ORDER BY p.id FOR UPDATE OF p SKIP LOCKED`,
      [graceMs / 1000],
    );
  }

  async markNotified(tx: Tx, id: number): Promise<void> {
    await tx`UPDATE payouts SET notified_at = now() WHERE id = ${id}`;
  }

  async batchWallet(db: Sql | Tx, batchId: number): Promise<string | null> {
    const [row] = await db<
      { wallet: string }[]
    >`SELECT wallet FROM payout_batches WHERE id = ${batchId}`;
    return row?.wallet ?? null;
  }

  // ---------- accounting (the admin's period summary and CSV) ----------

  /**
   * Per advisor: earnings in the period (dates inclusive, UTC) less reversals in it, payouts paid
   * in it, and what Seer owes them now (owed plus open requests).
   */
  async summary(from: string | null, to: string | null): Promise<SummaryRow[]> {
    return this.sql<SummaryRow[]>`
      WITH period AS (
        -- An open end reaches as far as the rows go.
        SELECT COALESCE(${from}::date, '-infinity') AS first_day,
          COALESCE(${to}::date + 1, 'infinity') AS after_last_day
      ), earned AS (
        SELECT advisor_id, count(*) AS messages, sum(amount_cents) AS cents
        FROM advisor_earnings, period
        WHERE created_at >= first_day AND created_at < after_last_day
        GROUP BY advisor_id
      ), reversed AS (
        SELECT advisor_id, sum(amount_cents) AS cents FROM advisor_ledger, period
        WHERE reason = 'reversal' AND created_at >= first_day AND created_at < after_last_day
        GROUP BY advisor_id
      ), paid AS (
        SELECT advisor_id, sum(amount_cents) AS cents FROM payouts, period
        WHERE status = 'paid' AND paid_at >= first_day AND paid_at < after_last_day
        GROUP BY advisor_id
      ), owed AS (
        SELECT advisor_id, sum(cents) AS cents FROM (
          SELECT advisor_id, amount_cents AS cents FROM advisor_earnings
          UNION ALL SELECT advisor_id, amount_cents FROM advisor_ledger
          UNION ALL SELECT advisor_id, amount_cents FROM payouts WHERE status IN ('requested', 'sent')
        ) movements GROUP BY advisor_id
      )
      SELECT a.id AS advisor_id, a.name,
        COALESCE(earned.messages, 0)::int AS messages,
        (COALESCE(earned.cents, 0) + COALESCE(reversed.cents, 0))::bigint AS earned_cents,
        COALESCE(paid.cents, 0)::bigint AS paid_cents,
        COALESCE(owed.cents, 0)::bigint AS unpaid_cents
      FROM advisors a
      LEFT JOIN earned ON earned.advisor_id = a.id
      LEFT JOIN reversed ON reversed.advisor_id = a.id
      LEFT JOIN paid ON paid.advisor_id = a.id
      LEFT JOIN owed ON owed.advisor_id = a.id
      ORDER BY earned_cents DESC, a.id`;
  }

  /** The workspace's earnings panel: today, this month, all time, recent paid messages. */
  async advisorEarnings(advisorId: number) {
    const [totals] = await this.sql<
      { today: number; month: number; total: number; messages: number }[]
    >`
      SELECT
        COALESCE(sum(amount_cents) FILTER (WHERE created_at >= date_trunc('day', now())), 0)::bigint AS today,
        COALESCE(sum(amount_cents) FILTER (WHERE created_at >= date_trunc('month', now())), 0)::bigint AS month,
        COALESCE(sum(amount_cents), 0)::bigint AS total,
        count(*)::int AS messages
      FROM advisor_earnings WHERE advisor_id = ${advisorId}`;
    const recent = await this.sql<
      {
        message_id: number;
        amount_cents: number;
        created_at: Date;
        name: string | null;
        first_name: string | null;
        last_name: string | null;
        username: string | null;
      }[]
    >`
      SELECT e.message_id, e.amount_cents, e.created_at, u.name, u.first_name, u.last_name, u.username
      FROM advisor_earnings e
      JOIN messages m ON m.id = e.message_id
      JOIN dialogs d ON d.id = m.dialog_id
      JOIN users u ON u.telegram_id = d.user_id
      WHERE e.advisor_id = ${advisorId}
      ORDER BY e.id DESC LIMIT 50`;
    return { totals: totals!, recent };
  }
}

export interface SummaryRow {
  advisor_id: number;
  name: string;
  messages: number;
  earned_cents: number;
  paid_cents: number;
  unpaid_cents: number;
}
