/**
 * Seer's own routes beside the spec's calls: health for operators and load balancers, and the
 * demo sign-in that lets the app run in a plain browser outside Telegram (never in production).
 */
import { z } from 'zod';

export const HealthAnswer = z.object({ status: z.literal('ok') });

export const DemoSessionBody = z.object({
  /** Sign in again as the same demo user (kept by the browser). */
  telegram_user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** The browser's language, so demo advisors answer in it. */
  language_code: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/)
    .optional(),
});
export const DemoSessionAnswer = z.object({
  status: z.literal('success'),
  init_data: z.string(),
  telegram_user_id: z.number().int(),
});

export const SERVICE_ROUTES = {
  Health: {
    method: 'GET',
    path: '/api/health',
    summary: "Ready: answers once the server runs and its database answers (503 when it doesn't)",
    answer: HealthAnswer,
  },
  DemoSession: {
    method: 'POST',
    path: '/api/demo/session',
    summary:
      'Init data signed for a demo user (only when demo sign-in is on: no bot token, not production)',
    body: DemoSessionBody,
    answer: DemoSessionAnswer,
  },
} as const;
