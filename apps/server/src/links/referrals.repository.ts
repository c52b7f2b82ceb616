/** SQL of referrals: invite codes, who invited whom, the first top-up's mark and reversals (migration 013). */
import type { Sql, Tx } from '../db/database.js';

export interface ReferralCreditRow {
  ledger_id: number;
  user_id: number;
  user_name: string | null;
  reference: string;
  free_messages_delta: number;
  created_at: Date;
  inviter_id: number | null;
  reversed_free_messages: number | null;
}

export class ReferralsRepository {
  constructor(private readonly sql: Sql) {}

  async codeOf(userId: number): Promise<string | null> {
    const [row] = await this.sql<{ code: string }[]>`
      SELECT code FROM referral_codes WHERE user_id = ${userId}`;
    return row?.code ?? null;
  }

  /** Gives the user this code unless they have one or the code is taken; false when nothing was written. */
  async insertCode(userId: number, code: string): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO referral_codes (user_id, code) VALUES (${userId}, ${code})
      ON CONFLICT DO NOTHING RETURNING user_id`;
    return rows.length > 0;
  }

  async ownerOf(code: string): Promise<number | null> {
    const [row] = await this.sql<{ user_id: string }[]>`
      SELECT user_id FROM referral_codes WHERE code = ${code}`;
    return row ? Number(row.user_id) : null;
  }

  /** Records who invited the invitee, unless someone already did; true when recorded. */
  async insertReferral(inviteeId: number, inviterId: number, via: 'app' | 'bot'): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO referrals (invitee_id, inviter_id, via) VALUES (${inviteeId}, ${inviterId}, ${via})
      ON CONFLICT DO NOTHING RETURNING invitee_id`;
    return rows.length > 0;
  }

  /**
   * Marks the invitee's referral as qualified by this ledger row, once, when the invitee's counted
   * top-ups (this row included) add up to the minimum: returns the inviter, or null when the user
   * was not invited, an earlier top-up already qualified it, or the sum is still short. The row
   * lock makes a concurrent top-up of the same invitee wait and then find it qualified (or count
   * both top-ups: each statement reads what committed before it).
   */
  async qualify(
    tx: Tx,
    inviteeId: number,
    ledgerId: number,
    rule: { countedReasons: readonly string[]; minTopUpCents: number },
  ): Promise<number | null> {
    const [row] = await tx<{ inviter_id: string }[]>`
      UPDATE referrals r SET qualified_at = now(), qualifying_ledger_id = ${ledgerId}
      WHERE r.invitee_id = ${inviteeId} AND r.qualified_at IS NULL
        AND (SELECT COALESCE(sum(l.amount_cents), 0) FROM ledger l
             WHERE l.user_id = r.invitee_id AND l.reason IN ${tx(rule.countedReasons)}) >= ${rule.minTopUpCents}
      RETURNING r.inviter_id`;
    return row ? Number(row.inviter_id) : null;
  }

  /**
   * Locks the inviter's code row for the transaction (so two invitees' top-ups count the monthly
   * cap one after the other) and counts the inviter's rewarded referrals this calendar month (UTC).
   */
  async lockAndCountRewardedThisMonth(tx: Tx, inviterId: number): Promise<number> {
    await tx`SELECT user_id FROM referral_codes WHERE user_id = ${inviterId} FOR UPDATE`;
    const [row] = await tx<{ count: number }[]>`
      SELECT count(*)::int AS count FROM referrals
      WHERE inviter_id = ${inviterId} AND inviter_rewarded
        AND qualified_at >= (date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
    return row?.count ?? 0;
  }

  async setInviterRewarded(tx: Tx, inviteeId: number, rewarded: boolean): Promise<void> {
    await tx`UPDATE referrals SET inviter_rewarded = ${rewarded} WHERE invitee_id = ${inviteeId}`;
  }

  /** How many joined through the user's link, how many earned them a reward, and the free messages earned (net of reversals). */
  async statsOf(userId: number): Promise<{ joined: number; rewarded: number; earned: number }> {
    const [row] = await this.sql<{ joined: number; rewarded: number; earned: number }[]>`
      SELECT
        (SELECT count(*)::int FROM referrals WHERE inviter_id = ${userId}) AS joined,
        (SELECT count(*)::int FROM referrals WHERE inviter_id = ${userId} AND inviter_rewarded) AS rewarded,
        (SELECT coalesce(sum(free_messages_delta), 0)::int FROM ledger
          WHERE user_id = ${userId} AND reason IN ('referral_bonus', 'referral_reversal')
            AND reference LIKE 'referral:%:inviter%') AS earned`;
    return row!;
  }

  /** Referral credits (reason referral_bonus), newest first, with their reversal if any. */
  async credits(userId: number | undefined, limit: number): Promise<ReferralCreditRow[]> {
    return this.sql<ReferralCreditRow[]>`
      SELECT l.id AS ledger_id, l.user_id, coalesce(u.name, u.first_name, u.username) AS user_name,
             l.reference, l.free_messages_delta, l.created_at, r.inviter_id,
             rv.taken_back AS reversed_free_messages
      FROM ledger l
      JOIN users u ON u.telegram_id = l.user_id
      LEFT JOIN referrals r ON r.invitee_id = split_part(l.reference, ':', 2)::bigint
      LEFT JOIN referral_reversals rv ON rv.ledger_id = l.id
      WHERE l.reason = 'referral_bonus' AND l.reference LIKE 'referral:%'
        ${userId === undefined ? this.sql`` : this.sql`AND (l.user_id = ${userId} OR r.inviter_id = ${userId} OR r.invitee_id = ${userId})`}
      ORDER BY l.id DESC LIMIT ${limit}`;
  }

  /** One referral credit, locked against a concurrent reversal; null when it is not one. */
  async lockCredit(
    tx: Tx,
    ledgerId: number,
  ): Promise<{ user_id: number; reference: string; free_messages_delta: number } | null> {
    const [row] = await tx<{ user_id: number; reference: string; free_messages_delta: number }[]>`
      SELECT user_id, reference, free_messages_delta FROM ledger
      WHERE id = ${ledgerId} AND reason = 'referral_bonus' FOR UPDATE`;
    return row ?? null;
  }

  /** Records the reversal of a credit; false when it was already reversed. */
  async insertReversal(
    tx: Tx,
    reversal: {
      ledgerId: number;
      takenBack: number;
      alreadyUsed: number;
      reason: string;
      createdBy: number;
    },
  ): Promise<boolean> {
    const rows = await tx`
      INSERT INTO referral_reversals (ledger_id, taken_back, already_used, reason, created_by)
      VALUES (${reversal.ledgerId}, ${reversal.takenBack}, ${reversal.alreadyUsed}, ${reversal.reason}, ${reversal.createdBy})
      ON CONFLICT DO NOTHING RETURNING ledger_id`;
    return rows.length > 0;
  }
}
