/**
 * The satisfaction credit (docs/decisions/028-spending-limits-and-satisfaction-credit.md): a
 * rating of 1 or 2 stars, within 7 days of the dialog's last paid message, offers the user back
 * what the paid messages of the 24 hours up to that message cost (at most the configured cap),
 * once per advisor per 30 days. Claiming is one ledger row through the money path, with a
 * unique reference, so it is paid at most once. The advisor's earnings stay as they are.
 */
import type { AdminSatisfactionCredit, SatisfactionOffer } from '@seer/contract';
import type { Sql } from '../db/database.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { LEDGER_REASONS, type MoneyService } from '../money/money.service.js';
import type { OfferRow, SatisfactionRepository } from './satisfaction.repository.js';

/** Ratings that offer a credit. */
export const LOW_RATING_MAX = 2;
/** How many offers the admin list shows (the newest). */
export const ADMIN_LIST_LIMIT = 200;

function toWire(row: OfferRow): SatisfactionOffer {
  return {
    id: row.id,
    manager_id: row.advisor_id,
    amount_cents: row.amount_cents,
    message_count: row.message_count,
    expires_at: row.expires_at.toISOString(),
    claimed: row.claimed_at !== null,
  };
}

export class SatisfactionService {
  constructor(
    private readonly sql: Sql,
    private readonly repository: SatisfactionRepository,
    private readonly money: MoneyService,
    private readonly maxCents: number,
  ) {}

  /**
   * After a rating: a new offer when the rules allow one, the still open offer of the last 30
   * days when there is one, else null.
   */
  async offerAfterRating(
    userId: number,
    advisorId: number,
    rating: number,
  ): Promise<SatisfactionOffer | null> {
    if (rating > LOW_RATING_MAX || this.maxCents <= 0) return null;
    const row = await this.sql.begin(async (tx) => {
      const dialogId = await this.repository.lockDialog(tx, userId, advisorId);
      if (dialogId === null) return null;
      const latest = await this.repository.latestOffer(tx, userId, advisorId);
      if (latest?.recent) return latest.open ? latest : null;
      const window = await this.repository.paidWindow(tx, dialogId);
      if (!window) return null;
      return this.repository.insertOffer(tx, {
        userId,
        advisorId,
        dialogId,
        rating,
        amountCents: Math.min(window.cents, this.maxCents),
        window,
      });
    });
    return row ? toWire(row) : null;
  }

  /** One tap: credits the offer once; a repeated tap or retry changes nothing and says so. */
  async claim(
    userId: number,
    offerId: number,
  ): Promise<{ amountCents: number; balanceCents: number; alreadyClaimed: boolean }> {
    return this.money.transaction(async (money) => {
      const offer = await this.repository.lockOffer(money.tx, offerId, userId);
      if (!offer) throw new NotFoundError('No such credit offer');
      if (offer.claimed_at !== null) {
        const wallet = await money.lock(userId);
        return {
          amountCents: offer.amount_cents,
          balanceCents: wallet?.balanceCents ?? 0,
          alreadyClaimed: true,
        };
      }
      if (!offer.open) throw new ConflictError('This credit offer has expired');
      const wallet = await money.apply({
        userId,
        reason: LEDGER_REASONS.satisfactionCredit,
        amountCents: offer.amount_cents,
        reference: `satisfaction:${offer.id}`,
        note: `Satisfaction credit: advisor ${offer.advisor_id}, ${offer.message_count} paid messages`,
      });
      await this.repository.markClaimed(money.tx, offer.id);
      return {
        amountCents: offer.amount_cents,
        balanceCents: wallet.balanceCents,
        alreadyClaimed: false,
      };
    });
  }

  async listForAdmin(): Promise<{ credits: AdminSatisfactionCredit[]; claimedCents: number }> {
    const rows = await this.repository.listForAdmin(ADMIN_LIST_LIMIT);
    return {
      credits: rows.map((row) => ({
        ...row,
        offered_at: row.offered_at.toISOString(),
        expires_at: row.expires_at.toISOString(),
        claimed_at: row.claimed_at?.toISOString() ?? null,
      })),
      claimedCents: rows.reduce((sum, row) => sum + (row.claimed_at ? row.amount_cents : 0), 0),
    };
  }
}
