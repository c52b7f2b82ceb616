/**
 * "Know when you will be answered" (docs/product-rules.md#response-times): how the advisor's
 * median first-response time is counted, and how it is rounded for people.
 */
import { z } from 'zod';

export const RESPONSE_TIMES = {
  /** Waiting periods that started in this many last days count. */
  windowDays: 30,
  /** Below this many answered periods in the window nothing is shown (null). */
  minPeriods: 3,
} as const;

/** Seconds, whole; null while the advisor has fewer than RESPONSE_TIMES.minPeriods answered periods. */
export const MedianResponseSeconds = z.number().int().nonnegative().nullable();

/** A median as people say it: "under a minute", "about 5 minutes", "about 2 hours", "about 3 days". */
export type ResponseTimeWording =
  { unit: 'underMinute' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/**
 * Rounds a median for display: under 60 s is "under a minute"; then whole minutes (to 5 from
 * 10 minutes, since it is "about"), whole hours from 60 minutes, whole days from 24 hours.
 */
export function responseTimeWording(seconds: number): ResponseTimeWording {
  if (seconds < 60) return { unit: 'underMinute' };
  let minutes = Math.round(seconds / 60);
  if (minutes >= 10) minutes = Math.round(minutes / 5) * 5;
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.round(seconds / 3600);
  if (hours < 24) return { unit: 'hours', count: Math.max(1, hours) };
  return { unit: 'days', count: Math.round(hours / 24) };
}
