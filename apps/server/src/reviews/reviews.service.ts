/**
 * Reviews: one per user and advisor, allowed after the user's first message, never on the advisor
 * the user is linked to; they make the rating. A user's ratings of one advisor are decided one at
 * a time under the dialog's lock, with the satisfaction credit's rules (decisions 028 and 033).
 */
import type { RatingBreakdown, Review } from '@seer/contract';
import type { Sql } from '../db/database.js';
import type { ReviewsRepository, ReviewRow } from './reviews.repository.js';
import { type AdvisorsService, ratingOf } from '../advisors/index.js';
import type { ChatService } from '../chat/index.js';
import { displayName, type UsersService } from '../users/index.js';
import type { SatisfactionService } from '../satisfaction/index.js';
import { ForbiddenError, OwnAdvisorError } from '../errors.js';

/** The review in `lang` when it exists in it, else as written. */
function toWireReview(row: ReviewRow, lang?: string): Review {
  const translated = lang && lang !== row.text_language ? row.translations[lang] : undefined;
  return {
    id: row.id,
    rating: row.rating,
    text: translated?.text ?? row.text,
    author: translated?.author ?? row.author_name,
    text_language: translated ? lang! : row.text_language,
    created_at: row.created_at.toISOString(),
  };
}

export class ReviewsService {
  constructor(
    private readonly sql: Sql,
    private readonly repository: ReviewsRepository,
    private readonly advisors: AdvisorsService,
    private readonly chat: ChatService,
    private readonly users: UsersService,
    /** The satisfaction credit's rules around a rating (decisions 028, 033); absent: no offers. */
    private readonly satisfaction?: Pick<SatisfactionService, 'beforeRating' | 'offerAfterRating'>,
  ) {}

  async submit(userId: number, advisorId: number, rating: number, text: string) {
    const advisor = await this.advisors.record(advisorId);
    if (advisor.telegram_id === userId) throw new OwnAdvisorError();
    if (!(await this.chat.userHasWritten(userId, advisorId))) {
      throw new ForbiddenError('You can rate an advisor after sending them at least one message');
    }
    const user = await this.users.find(userId);
    const author = user ? displayName(user) : 'User';
    const result = await this.sql.begin(async (tx) => {
      // One rating of this user and advisor at a time: two first reviews sent together would
      // otherwise both insert; here the second waits and then updates the first.
      if (!(await this.repository.lockDialog(tx, userId, advisorId))) {
        throw new ForbiddenError('You can rate an advisor after sending them at least one message');
      }
      const existing = await this.repository.findByUser(tx, advisorId, userId);
      await this.satisfaction?.beforeRating(tx, userId, advisorId, rating);
      const review = existing
        ? await this.repository.update(tx, existing.id, rating, text, author)
        : await this.repository.insert(tx, { advisorId, userId, authorName: author, rating, text });
      const totals = existing
        ? await this.advisors.addToRating(tx, advisorId, rating - existing.rating, 0)
        : await this.advisors.addToRating(tx, advisorId, rating, 1);
      const offer =
        (await this.satisfaction?.offerAfterRating(tx, userId, advisorId, rating)) ?? null;
      return { review, totals, offer };
    });
    this.advisors.invalidate();
    return {
      review: toWireReview(result.review),
      manager: { rating: ratingOf(result.totals), reviews: result.totals.review_count },
      satisfaction_offer: result.offer,
    };
  }

  /** The newest reviews, the breakdown by stars over all of them, and the most helpful three. */
  async list(
    advisorId: number,
    lang?: string,
  ): Promise<{ reviews: Review[]; breakdown: RatingBreakdown; most_helpful: Review[] }> {
    await this.advisors.record(advisorId);
    const [rows, counts, helpful] = await Promise.all([
      this.repository.listForAdvisor(advisorId),
      this.repository.starCounts(advisorId),
      this.repository.mostHelpful(advisorId),
    ]);
    return {
      reviews: rows.map((row) => toWireReview(row, lang)),
      breakdown: [5, 4, 3, 2, 1].map((stars) => ({
        stars,
        count: counts.find((row) => row.rating === stars)?.count ?? 0,
      })),
      most_helpful: helpful.map((row) => toWireReview(row, lang)),
    };
  }
}
