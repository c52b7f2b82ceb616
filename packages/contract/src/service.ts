/**
 * Seer's own routes beside the original client's calls: health for operators and load balancers, and the
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

/**
 * A session: started from init data (CreateSession, init data in Authorization), then used as
 * `Authorization: Bearer <token>` and as the socket's `token` parameter, renewed before
 * `expires_at` (RenewSession, the current token in Authorization) until `ends_at`.
 */
export const SessionAnswer = z.object({
  status: z.literal('success'),
  token: z.string(),
  telegram_user_id: z.number().int(),
  /** Seconds since the epoch: the token is refused after this; renew before. */
  expires_at: z.number().int(),
  /** Seconds since the epoch: no renewal goes past this; then init data must start a new session. */
  ends_at: z.number().int(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;
export const EndSessionAnswer = z.object({ status: z.literal('success') });

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
  CreateSession: {
    method: 'POST',
    path: '/api/session',
    summary: 'Starts a session from the init data in Authorization; answers its first token',
    answer: SessionAnswer,
  },
  RenewSession: {
    method: 'POST',
    path: '/api/session/renew',
    summary:
      "A new token for the session of the token in Authorization (even an expired one) until the session's end",
    answer: SessionAnswer,
  },
  EndSession: {
    method: 'POST',
    path: '/api/session/end',
    summary: 'Revokes the session of the token in Authorization, on every instance',
    answer: EndSessionAnswer,
  },
} as const;
