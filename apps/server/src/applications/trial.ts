/**
 * The trial of a newly approved advisor (decision 046): shown in the catalogue to a fixed share of
 * users, and priced at most the cap, until staff end it.
 */
import { createHash } from 'node:crypto';
import { formatMoney } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import { BadRequestError } from '../errors.js';
import type { ApplicationsRepository } from './applications.repository.js';

/**
 * Whether this user is in the share that sees this advisor on trial. A hash of both ids, so each
 * user always sees the same trial advisors (no flicker between visits) and each advisor reaches a
 * different sample of users.
 */
export function seesTrialAdvisor(userId: number, advisorId: number, sharePercent: number): boolean {
  const digest = createHash('sha256').update(`${userId}:${advisorId}`).digest();
  return digest.readUInt32BE(0) % 100 < sharePercent;
}

/** The price rule of a trial: a trial advisor's price is at most the cap. */
export function checkTrialPrice(priceCents: number, capCents: number): void {
  if (priceCents > capCents)
    throw new BadRequestError(
      `price: an advisor on trial charges at most ${formatMoney(capCents, 'en')} per message`,
    );
}

export class TrialPolicy {
  constructor(
    private readonly repository: ApplicationsRepository,
    readonly sharePercent: number,
    readonly priceCapCents: number,
  ) {}

  /** Refuses a price above the cap for an advisor on trial (for every path that sets a price). */
  async checkPrice(advisorId: number, priceCents: number, db: Sql | Tx): Promise<void> {
    if (await this.repository.onTrial(db, advisorId))
      checkTrialPrice(priceCents, this.priceCapCents);
  }

  /** The catalogue as this user sees it: advisors on trial outside the user's share are left out. */
  async visibleTo<A extends { id: number }>(userId: number, advisors: readonly A[]): Promise<A[]> {
    const onTrial = new Set(await this.repository.advisorsOnTrial());
    return advisors.filter(
      (advisor) =>
        !onTrial.has(advisor.id) || seesTrialAdvisor(userId, advisor.id, this.sharePercent),
    );
  }
}
