/**
 * Referrals: every user's invite code and link; an invitee recorded when first seen through the
 * link; free messages for both sides once the invitee's real top-ups reach a minimum, in the
 * transaction of the top-up that reached it (a LedgerFollower of the money path); an admin's
 * reversal. Rules: docs/decisions/026-deep-links-and-referrals.md and
 * 033-credits-that-cannot-be-farmed.md.
 */
import { randomInt } from 'node:crypto';
import { parseStartPayload, REFERRAL_CODE_PATTERN } from '@seer/contract';
import type { Tx } from '../db/database.js';
import { ConflictError, NotFoundError } from '../errors.js';
import {
  LEDGER_REASONS,
  type BalanceChange,
  type LedgerEntry,
  type LedgerFollower,
  type MoneyService,
} from '../money/index.js';
import type { ReferralsRepository } from './referrals.repository.js';
import type { DeepLinks } from './deep-links.js';

/** Top-ups that qualify a referral: real money only (not the demo's test payment, not an admin's credit). */
const QUALIFYING_REASONS: readonly string[] = [
  LEDGER_REASONS.tonDeposit,
  LEDGER_REASONS.stars,
  LEDGER_REASONS.cryptoDeposit,
];
/** What counts toward the minimum: the real top-ups, less the Stars given back. */
const COUNTED_REASONS: readonly string[] = [...QUALIFYING_REASONS, LEDGER_REASONS.starsRefund];

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export interface ReferralSettings {
  /** REFERRAL_FREE_MESSAGES: what inviter and invitee each get (0: rewards off). */
  freeMessages: number;
  /** REFERRAL_MONTHLY_CAP: rewarded invitees per inviter per calendar month (UTC). */
  monthlyCap: number;
  /** REFERRAL_MIN_TOP_UP_CENTS: the invitee's real top-ups, added up, that qualify the referral. */
  minTopUpCents: number;
}

export interface Invite {
  code: string;
  link: string | null;
  joined: number;
  rewarded: number;
  earnedFreeMessages: number;
  freeMessagesPerInvite: number;
}

export interface ReferralCredit {
  ledgerId: number;
  userId: number;
  userName: string | null;
  role: 'inviter' | 'invitee';
  inviteeId: number;
  inviterId: number;
  freeMessages: number;
  createdAt: Date;
  reversedFreeMessages: number | null;
}

/** Bonus references: one per invitee and side, so the ledger's unique index pays each once. */
export const bonusReference = (inviteeId: number, role: 'inviter' | 'invitee') =>
  `referral:${inviteeId}:${role}`;

export class ReferralsService implements LedgerFollower {
  constructor(
    private readonly repository: ReferralsRepository,
    private readonly money: MoneyService,
    private readonly links: DeepLinks,
    private readonly settings: ReferralSettings,
    private readonly audit: {
      audit(tx: Tx, actor: number, action: string, details: Record<string, unknown>): Promise<void>;
    },
  ) {}

  /** The user's invite code, made on first ask (8 random characters, retried on a rare clash). */
  async codeOf(userId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await this.repository.codeOf(userId);
      if (existing) return existing;
      let code = '';
      for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      await this.repository.insertCode(userId, code);
    }
    throw new Error('could not make an invite code');
  }

  async invite(userId: number): Promise<Invite> {
    const code = await this.codeOf(userId);
    const stats = await this.repository.statsOf(userId);
    return {
      code,
      link: this.links.link(`ref_${code}`),
      joined: stats.joined,
      rewarded: stats.rewarded,
      earnedFreeMessages: stats.earned,
      freeMessagesPerInvite: this.settings.freeMessages,
    };
  }

  /**
   * A user just created (first seen) through a link with this start parameter: records the
   * referral when it is `ref_<code>` of another user. Returns whether one was recorded. The caller
   * guarantees the user is new; anything else about the parameter is ignored quietly.
   */
  async recordFirstSeen(
    inviteeId: number,
    startParam: string | null | undefined,
    via: 'app' | 'bot',
  ): Promise<boolean> {
    const payload = parseStartPayload(startParam);
    if (payload?.kind !== 'ref' || !REFERRAL_CODE_PATTERN.test(payload.code)) return false;
    const inviterId = await this.repository.ownerOf(payload.code);
    if (inviterId === null || inviterId === inviteeId) return false;
    return this.repository.insertReferral(inviteeId, inviterId, via);
  }

  /**
   * The money path's follower: the invitee's real top-up that brings their real top-ups to the
   * minimum marks the referral (once, under its row lock) and gives both sides their free messages
   * in the same transaction. Over the inviter's monthly cap only the invitee is rewarded.
   */
  async follow(tx: Tx, entry: LedgerEntry): Promise<BalanceChange[]> {
    if (!QUALIFYING_REASONS.includes(entry.reason) || entry.amountCents <= 0) return [];
    const inviterId = await this.repository.qualify(tx, entry.userId, entry.ledgerId, {
      countedReasons: COUNTED_REASONS,
      minTopUpCents: this.settings.minTopUpCents,
    });
    if (inviterId === null) return [];
    const freeMessages = this.settings.freeMessages;
    if (freeMessages <= 0) {
      await this.repository.setInviterRewarded(tx, entry.userId, false);
      return [];
    }
    const rewardedThisMonth = await this.repository.lockAndCountRewardedThisMonth(tx, inviterId);
    const inviterRewarded = rewardedThisMonth < this.settings.monthlyCap;
    await this.repository.setInviterRewarded(tx, entry.userId, inviterRewarded);
    const changes: BalanceChange[] = [
      {
        userId: entry.userId,
        reason: LEDGER_REASONS.referralBonus,
        freeMessagesDelta: freeMessages,
        reference: bonusReference(entry.userId, 'invitee'),
        note: `invited by ${inviterId}`,
      },
    ];
    if (inviterRewarded)
      changes.push({
        userId: inviterId,
        reason: LEDGER_REASONS.referralBonus,
        freeMessagesDelta: freeMessages,
        reference: bonusReference(entry.userId, 'inviter'),
        note: `invited ${entry.userId}`,
      });
    return changes;
  }

  async credits(userId?: number, limit = 200): Promise<ReferralCredit[]> {
    const rows = await this.repository.credits(userId, limit);
    return rows.map((row) => {
      const [, invitee, role] = row.reference.split(':');
      const inviteeId = Number(invitee);
      return {
        ledgerId: row.ledger_id,
        userId: row.user_id,
        userName: row.user_name,
        role: role === 'inviter' ? 'inviter' : 'invitee',
        inviteeId,
        inviterId: row.inviter_id ?? (role === 'inviter' ? row.user_id : 0),
        freeMessages: row.free_messages_delta,
        createdAt: row.created_at,
        reversedFreeMessages: row.reversed_free_messages,
      };
    });
  }

  /**
   * An admin takes a referral credit back, once: as many of its free messages as the user still
   * has (never below zero); those already spent stay spent. Audit-logged in the same transaction.
   */
  async reverse(
    actor: number,
    ledgerId: number,
    reason: string,
  ): Promise<{ takenBack: number; alreadyUsed: number }> {
    return this.money.transaction(async ({ tx, apply, lock }) => {
      const credit = await this.repository.lockCredit(tx, ledgerId);
      if (!credit) throw new NotFoundError(`Ledger row ${ledgerId} is not a referral credit`);
      const userId = credit.user_id;
      const wallet = await lock(userId);
      const takenBack = Math.min(credit.free_messages_delta, wallet?.freeMessages ?? 0);
      const alreadyUsed = credit.free_messages_delta - takenBack;
      const recorded = await this.repository.insertReversal(tx, {
        ledgerId,
        takenBack,
        alreadyUsed,
        reason,
        createdBy: actor,
      });
      if (!recorded) throw new ConflictError('This referral credit was already reversed');
      if (takenBack > 0)
        await apply({
          userId,
          reason: LEDGER_REASONS.referralReversal,
          freeMessagesDelta: -takenBack,
          reference: `${credit.reference}:reversed`,
          note: reason,
          createdBy: actor,
        });
      await this.audit.audit(tx, actor, 'reverse_referral', {
        ledgerId,
        telegramId: userId,
        takenBack,
        alreadyUsed,
        reason,
      });
      return { takenBack, alreadyUsed };
    });
  }
}
