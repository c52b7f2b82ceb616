/**
 * The trial of a newly approved advisor (decision 046): shown in the catalogue to a fixed share of
 * users, and priced at most the cap, until staff end it. The rule lives with the advisors (whose
 * `on_trial` flag it reads) so that every path that lists advisors or sets a price — the
 * catalogue, the admin section, applications — applies the same one without depending on each
 * other.
 */
import { formatMoney } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import { BadRequestError } from '../errors.js';
import type { AdvisorsRepository } from './advisors.repository.js';

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * This user's place (0–99) for this advisor on trial. A hash of both ids, so each user always
 * sees the same trial advisors (no flicker between visits) and each advisor reaches a different
 * sample of users. Integer arithmetic only: the catalogue computes it on every request for every
 * advisor on trial (a cryptographic hash costs microseconds each; this, nanoseconds).
 */
export function trialBucket(userId: number, advisorId: number): number {
  const low = userId >>> 0;
  const high = Math.floor(userId / 0x1_0000_0000) >>> 0;
  let h = mix32(Math.imul(advisorId >>> 0, 0x9e3779b1) ^ 0x5bd1e995);
  h = mix32(h ^ low);
  h = mix32((h + Math.imul(high ^ 0x27d4eb2f, 0x165667b1)) >>> 0);
  return h % 100;
}

/** Whether this user is in the share that sees this advisor on trial. */
export function seesTrialAdvisor(userId: number, advisorId: number, sharePercent: number): boolean {
  return trialBucket(userId, advisorId) < sharePercent;
}

/** The price rule of a trial: a trial advisor's price is at most the cap. */
export function checkTrialPrice(priceCents: number, capCents: number): void {
  if (priceCents > capCents)
    throw new BadRequestError(
      `price: an advisor on trial charges at most ${formatMoney(capCents, 'en')} per message`,
    );
}

export class AdvisorTrials {
  constructor(
    private readonly repository: Pick<AdvisorsRepository, 'onTrial' | 'setOnTrial'>,
    readonly sharePercent: number,
    readonly priceCapCents: number,
  ) {}

  /**
   * Refuses (400) a price above the cap for an advisor on trial: every path that sets a price
   * calls it in its transaction. The flag only ever goes from on to off after approval, so a
   * trial ended at the same moment can only make a refusal needless, never let a price through.
   */
  async checkPrice(advisorId: number, priceCents: number, db: Sql | Tx): Promise<void> {
    if (await this.repository.onTrial(db, advisorId))
      checkTrialPrice(priceCents, this.priceCapCents);
  }

  /** Starts (approval) or ends (staff) an advisor's trial, in the caller's transaction. */
  async setOnTrial(tx: Tx, advisorId: number, onTrial: boolean): Promise<void> {
    await this.repository.setOnTrial(tx, advisorId, onTrial);
  }
}
