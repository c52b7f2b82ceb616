/**
 * Domain errors, and the one mapping from any error to what a client is told (`describeError`),
 * used by the HTTP error handler (http/error-handler.ts) and by the socket (realtime/socket-hub.ts).
 */
import { ZodError } from 'zod';
import { ERROR_CODES } from '@seer/contract';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, ERROR_CODES.badRequest, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, ERROR_CODES.unauthorized, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, ERROR_CODES.forbidden, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, ERROR_CODES.notFound, message);
  }
}
export class InsufficientFundsError extends AppError {
  constructor(message = 'Insufficient funds: top up your balance to send this message') {
    super(402, ERROR_CODES.insufficientFunds, message);
  }
}
/** A paid send that would pass the user's daily or monthly spending limit (decision 028). */
export class SpendingLimitError extends AppError {
  constructor(
    message = 'Spending limit reached: this message would go over your daily or monthly limit; nothing was charged',
  ) {
    super(403, ERROR_CODES.spendingLimitReached, message);
  }
}
/** The caller is the Telegram account linked to this advisor: no self-dealing (decision 033). */
export class OwnAdvisorError extends AppError {
  constructor(
    message = 'You are linked to this advisor: you cannot pay, rate or take a credit on your own advisor',
  ) {
    super(403, ERROR_CODES.ownAdvisor, message);
  }
}
/** Raising a rating whose satisfaction credit was claimed (decision 033). */
export class RatingKeptByCreditError extends AppError {
  constructor(stars: number) {
    super(
      409,
      ERROR_CODES.ratingKeptByCredit,
      `You took a satisfaction credit for this rating: it can stay at most ${stars} ${stars === 1 ? 'star' : 'stars'}; nothing was changed`,
    );
  }
}
/** The user's satisfaction credits this month reached the monthly cap (decision 033). */
export class SatisfactionLimitError extends AppError {
  constructor(
    message = 'You have taken the most satisfaction credits allowed this month; nothing was credited',
  ) {
    super(409, ERROR_CODES.satisfactionLimitReached, message);
  }
}
/**
 * A block stands between a dialog's user and advisor (decision 048): nothing was sent and nothing
 * charged. `code` says who blocked whom, so the app can say it kindly.
 */
export class BlockedError extends AppError {
  constructor(
    code:
      | typeof ERROR_CODES.blockedByAdvisor
      | typeof ERROR_CODES.blockedByUser
      | typeof ERROR_CODES.youBlocked,
    message: string,
  ) {
    super(403, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, ERROR_CODES.conflict, message);
  }
}
/** A per-user limit of a call was met (rate-limits/); the HTTP answer carries Retry-After. */
export class RateLimitedError extends AppError {
  /** Whole seconds until the call is allowed again (at least 1). */
  readonly retryAfterSeconds: number;

  constructor(what: string, calls: number, perSeconds: number, waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super(
      429,
      ERROR_CODES.rateLimited,
      `Too many ${what}: at most ${calls} in ${perSeconds} s; try again in ${seconds} s`,
    );
    this.retryAfterSeconds = seconds;
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, ERROR_CODES.unavailable, message);
  }
}
/** Bounded work (image decoding, decision 035) is at capacity; the HTTP answer carries Retry-After. */
export class BusyError extends AppError {
  constructor(
    message: string,
    /** Whole seconds to wait before asking again (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super(503, ERROR_CODES.busy, message);
  }
}
export class DatabaseUnavailableError extends AppError {
  constructor(
    message = 'The database is unavailable for a moment; nothing was done, please try again',
  ) {
    super(503, ERROR_CODES.databaseUnavailable, message);
  }
}

/** Socket-level failures, as postgres.js (and Node) name them. */
const CONNECTION_FAILURES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/**
 * Whether an error means the database cannot be reached right now rather than that the request
 * is wrong: the connection failed, or PostgreSQL refused or ended it (SQLSTATE class 08, 57P01-03
 * shutting down or starting up, 53300 too many connections), or did not answer within the
 * statement timeout (57014, DATABASE_STATEMENT_TIMEOUT_MS; the statement's transaction is rolled
 * back, so nothing was done).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string')
    return false;
  if (CONNECTION_FAILURES.has(error.code)) return true;
  return (
    error.name === 'PostgresError' &&
    (error.code.startsWith('08') ||
      /^57P0[123]$/.test(error.code) ||
      error.code === '53300' ||
      error.code === '57014')
  );
}

/** What a client is told about an error: status, stable code, and a message safe to show. */
export interface ErrorDescription {
  status: number;
  code: string;
  message: string;
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side; please try again';

/** The first problem of a failed parse, as "field: what is wrong". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'is required';
  return `${where}${message}`;
}

/**
 * Domain errors keep their status and message; parse errors become 400; errors of the HTTP layer
 * below 500 (bad JSON, too large, unknown route) keep their status; a database that cannot be
 * reached is a 503 (`database_unavailable`); anything else is a 500 whose
 * detail stays in the log.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, message: error.message };
  }
  if (error instanceof ZodError) {
    return { status: 400, code: ERROR_CODES.badRequest, message: describeZodError(error) };
  }
  if (isDatabaseUnavailable(error)) return describeError(new DatabaseUnavailableError());
  if (
    error instanceof Error &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  ) {
    const status = error.statusCode;
    const code =
      status === 413
        ? ERROR_CODES.payloadTooLarge
        : status === 429
          ? ERROR_CODES.tooManyRequests
          : status === 404
            ? ERROR_CODES.notFound
            : ERROR_CODES.badRequest;
    const fastifyCode = 'code' in error ? error.code : undefined;
    const message =
      fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'Body is not valid JSON'
        : fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported Content-Type: send the body as application/json'
          : error.message;
    return { status, code, message };
  }
  return { status: 500, code: ERROR_CODES.internal, message: INTERNAL_ERROR_MESSAGE };
}
