/**
 * Spending limits (docs/decisions/028-spending-limits-and-satisfaction-credit.md): a user's own
 * daily and monthly cap on paid messages, in cents, per UTC day and month. Lowering a limit (or
 * setting one where there was none) applies at once; raising or removing one applies 24 hours
 * later. The paid send (money/, migration 015) enforces them under the user's row lock; this
 * service only reads and changes them, under the same lock.
 */
import type { SpendingLimitsAnswer } from '@seer/contract';
import type { Sql } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { LimitsRow, SpendingRepository } from './spending.repository.js';

/** How long a raise or a removal waits. */
export const RAISE_DELAY_MS = 24 * 3600 * 1000;

export interface LimitState {
  limitCents: number | null;
  pending: { limitCents: number | null; appliesAt: Date } | null;
}

/**
 * The limit after the user asks for `wanted` (undefined: unchanged; null: none). A lower limit,
 * or a first one, applies at once and drops any waiting change; asking for the limit in force
 * drops a waiting change; a higher limit or none waits 24 hours (a repeated request keeps its time).
 */
export function nextLimit(
  current: LimitState,
  wanted: number | null | undefined,
  now: Date,
): LimitState {
  if (wanted === undefined) return current;
  if (wanted === current.limitCents) return { limitCents: wanted, pending: null };
  if (wanted !== null && (current.limitCents === null || wanted < current.limitCents)) {
    return { limitCents: wanted, pending: null };
  }
  if (current.pending && current.pending.limitCents === wanted) return current;
  return {
    limitCents: current.limitCents,
    pending: { limitCents: wanted, appliesAt: new Date(now.getTime() + RAISE_DELAY_MS) },
  };
}

function stateOf(limit: number | null, next: number | null, at: Date | null): LimitState {
  return { limitCents: limit, pending: at ? { limitCents: next, appliesAt: at } : null };
}

function toWire(row: LimitsRow): SpendingLimitsAnswer {
  const one = (state: LimitState, spent: number, resetsAt: Date) => ({
    limit_cents: state.limitCents,
    spent_cents: spent,
    pending: state.pending
      ? {
          limit_cents: state.pending.limitCents,
          applies_at: state.pending.appliesAt.toISOString(),
        }
      : null,
    resets_at: resetsAt.toISOString(),
  });
  return {
    status: 'success',
    daily: one(
      stateOf(row.daily_cents, row.daily_next_cents, row.daily_next_at),
      row.spent_day_cents,
      row.day_ends_at,
    ),
    monthly: one(
      stateOf(row.monthly_cents, row.monthly_next_cents, row.monthly_next_at),
      row.spent_month_cents,
      row.month_ends_at,
    ),
  };
}

export class SpendingService {
  constructor(
    private readonly sql: Sql,
    private readonly repository: SpendingRepository,
  ) {}

  async get(userId: number): Promise<SpendingLimitsAnswer> {
    const row = await this.repository.read(userId);
    if (!row) throw new NotFoundError('User not found');
    return toWire(row);
  }

  /** Changes the limits given; takes the user's row lock, so a send sees the change at once. */
  async set(
    userId: number,
    wanted: { daily?: number | null; monthly?: number | null },
  ): Promise<SpendingLimitsAnswer> {
    await this.sql.begin(async (tx) => {
      const row = await this.repository.read(userId, tx);
      if (!row) throw new NotFoundError('User not found');
      const daily = nextLimit(
        stateOf(row.daily_cents, row.daily_next_cents, row.daily_next_at),
        wanted.daily,
        row.now,
      );
      const monthly = nextLimit(
        stateOf(row.monthly_cents, row.monthly_next_cents, row.monthly_next_at),
        wanted.monthly,
        row.now,
      );
      await this.repository.save(tx, userId, {
        dailyCents: daily.limitCents,
        dailyNextCents: daily.pending?.limitCents ?? null,
        dailyNextAt: daily.pending?.appliesAt ?? null,
        monthlyCents: monthly.limitCents,
        monthlyNextCents: monthly.pending?.limitCents ?? null,
        monthlyNextAt: monthly.pending?.appliesAt ?? null,
      });
    });
    return this.get(userId);
  }
}
