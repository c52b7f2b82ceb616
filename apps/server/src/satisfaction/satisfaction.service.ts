/**
 * The satisfaction credit (docs/decisions/028-spending-limits-and-satisfaction-credit.md and
 * 033-credits-that-cannot-be-farmed.md): a rating of 1 or 2 stars, within 7 days of the dialog's
 * last paid message, offers the user back what the paid messages of the 24 hours up to that
 * message cost in money that was paid in (never credit money), at most the configured cap, once
 * per advisor per 30 days and within the user's monthly cap. Claiming is one ledger row through
 * the money path, with a unique reference, so it is paid at most once. A rating answered with a
 * claimed credit cannot be raised above the offer's stars; an unclaimed offer is withdrawn when
 * it is, or when a dispute refunds messages it covers; messages in a dispute are in no new offer
 * (decision 049). Nobody is offered or paid a credit on the advisor they are linked to. The
 * advisor's earnings stay as they are.
 */
import type { AdminSatisfactionCredit, SatisfactionOffer } from '@seer/contract';
import type { Tx } from '../db/database.js';
import {
  ConflictError,
  NotFoundError,
  OwnAdvisorError,
  RatingKeptByCreditError,
  SatisfactionLimitError,
} from '../errors.js';
import { LEDGER_REASONS, type MoneyService } from '../money/index.js';
import type { OfferRow, SatisfactionRepository } from './satisfaction.repository.js';

export interface SatisfactionSettings {
  /** SATISFACTION_MAX_CENTS: the most one credit gives back (0: offers off). */
  maxCents: number;
  /** SATISFACTION_MONTHLY_CLAIMS: credits one user may claim per calendar month, UTC (0: offers off). */
  monthlyMaxClaims: number;
  /** SATISFACTION_MONTHLY_CENTS: the most credits pay one user per calendar month, UTC (0: offers off). */
  monthlyMaxCents: number;
}

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
    private readonly repository: SatisfactionRepository,
    private readonly money: MoneyService,
    private readonly settings: SatisfactionSettings,
  ) {}

  private get offersOn(): boolean {
    const { maxCents, monthlyMaxClaims, monthlyMaxCents } = this.settings;
    return maxCents > 0 && monthlyMaxClaims > 0 && monthlyMaxCents > 0;
  }

  /**
   * Before a user's rating of an advisor becomes `rating`, in the rating's transaction (the
   * dialog and the review are locked): refused when a claimed credit keeps it lower; unclaimed
   * offers made for fewer stars are withdrawn.
   */
  async beforeRating(tx: Tx, userId: number, advisorId: number, rating: number): Promise<void> {
    const kept = await this.repository.claimedCreditStars(tx, userId, advisorId);
    if (kept !== null && rating > kept) throw new RatingKeptByCreditError(kept);
    await this.repository.withdrawOffersBelow(tx, userId, advisorId, rating);
  }

  /**
   * After a rating, in its transaction (the dialog is locked, so one rating at a time decides):
   * a new offer when the rules allow one, the still open offer of the last 30 days when there is
   * one, else null.
   */
  async offerAfterRating(
    tx: Tx,
    userId: number,
    advisorId: number,
    rating: number,
  ): Promise<SatisfactionOffer | null> {
    if (rating > LOW_RATING_MAX || !this.offersOn) return null;
    const dialogId = await this.repository.lockDialog(tx, userId, advisorId);
    if (dialogId === null) return null;
    if (await this.repository.isAdvisorsPerson(tx, advisorId, userId)) return null;
    const latest = await this.repository.latestOffer(tx, userId, advisorId);
    if (latest?.recent) return latest.open ? toWire(latest) : null;
    const month = await this.repository.claimedThisMonth(tx, userId);
    const roomCents = this.settings.monthlyMaxCents - month.cents;
    if (month.count >= this.settings.monthlyMaxClaims || roomCents <= 0) return null;
    const window = await this.repository.paidWindow(tx, dialogId);
    if (!window) return null;
    const offer = await this.repository.insertOffer(tx, {
      userId,
      advisorId,
      dialogId,
      rating,
      amountCents: Math.min(window.cents, this.settings.maxCents, roomCents),
      window,
    });
    return toWire(offer);
  }

  /**
   * One tap: credits the offer once; a repeated tap or retry changes nothing and says so. Locks,
   * in the order every path takes them: the user's wallet (one claim of a user at a time, for the
   * monthly cap), the rating (a re-rating waits), the offer.
   */
  async claim(
    userId: number,
    offerId: number,
  ): Promise<{ amountCents: number; balanceCents: number; alreadyClaimed: boolean }> {
    return this.money.transaction(async (money) => {
      const wallet = await money.lock(userId);
      const advisorId = await this.repository.advisorOfOffer(money.tx, offerId, userId);
      if (!wallet || advisorId === null) throw new NotFoundError('No such credit offer');
      const rating = await this.repository.lockRating(money.tx, userId, advisorId);
      const offer = await this.repository.lockOffer(money.tx, offerId, userId);
      if (!offer) throw new NotFoundError('No such credit offer');
      if (offer.claimed_at !== null) {
        return {
          amountCents: offer.amount_cents,
          balanceCents: wallet.balanceCents,
          alreadyClaimed: true,
        };
      }
      if (offer.advisor_person === userId) throw new OwnAdvisorError();
      if (offer.withdrawn_at !== null || rating === null || rating > offer.rating) {
        throw new ConflictError(
          'This credit offer was withdrawn: the rating it answered was raised, or a dispute refunded its messages',
        );
      }
      if (!offer.open) throw new ConflictError('This credit offer has expired');
      const month = await this.repository.claimedThisMonth(money.tx, userId);
      const amountCents = Math.min(offer.amount_cents, this.settings.monthlyMaxCents - month.cents);
      if (month.count >= this.settings.monthlyMaxClaims || amountCents <= 0) {
        throw new SatisfactionLimitError();
      }
      const credited = await money.apply({
        userId,
        reason: LEDGER_REASONS.satisfactionCredit,
        amountCents,
        reference: `satisfaction:${offer.id}`,
        note: `Satisfaction credit: advisor ${offer.advisor_id}, ${offer.message_count} paid messages`,
      });
      await this.repository.markClaimed(money.tx, offer.id, amountCents);
      return { amountCents, balanceCents: credited.balanceCents, alreadyClaimed: false };
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
