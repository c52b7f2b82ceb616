/**
 * Telegram Mini App init data: verification (HMAC-SHA256 with the "WebAppData" key,
 * as Telegram documents it) and signing (for demo sign-in and tests).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, type TelegramUser } from '@seer/contract';
import { AppError } from '../errors.js';

export type { TelegramUser };

/** Shared between requests with the same header (see the verifier's cache): read-only. */
export interface VerifiedInitData {
  readonly user: Readonly<TelegramUser>;
  readonly authDate: number;
  readonly raw: string;
  /** The Mini App link's startapp parameter (`start_param`), when the app was opened through one. */
  readonly startParam: string | null;
}

export type InitDataProblem =
  'missing' | 'malformed' | 'repeated_field' | 'bad_hash' | 'expired' | 'no_user';

/** A 401 like any other: one mapping turns it into the HTTP answer and the socket's close. */
export class InitDataError extends AppError {
  constructor(readonly problem: InitDataProblem) {
    super(
      401,
      ERROR_CODES.unauthorized,
      {
        missing: 'Authorization header with Telegram init data is required',
        malformed: 'Telegram init data is malformed',
        repeated_field: 'Telegram init data names a field twice',
        bad_hash: 'Telegram init data signature is invalid',
        expired: 'Telegram init data has expired; reopen the app',
        no_user: 'Telegram init data carries no user',
      }[problem],
    );
  }
}

function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

/** Accepts the raw header value: init data, optionally prefixed with "tma ". */
function stripScheme(header: string | undefined | null): string {
  if (!header) return '';
  const value = header.trim();
  return /^tma\s+/i.test(value) ? value.replace(/^tma\s+/i, '') : value;
}

/**
 * Verified init data strings are remembered, so an app session's repeated header costs one lookup.
 * Bounded by count and by the bytes the entries hold: the same init data can be written in many
 * ways (percent-encoding, field order), so a flood of variants must evict, not grow.
 */
export interface VerifiedCacheLimits {
  maxEntries: number;
  maxBytes: number;
}
const DEFAULT_CACHE_LIMITS: VerifiedCacheLimits = {
  maxEntries: 10_000,
  maxBytes: 16 * 1024 * 1024,
};

/** What one remembered entry costs: the key and the user's strings (UTF-16) plus the objects around them. */
function entryBytes(raw: string, user: TelegramUser): number {
  let chars = raw.length;
  for (const value of Object.values(user)) if (typeof value === 'string') chars += value.length;
  return chars * 2 + 400;
}

export class InitDataVerifier {
  private readonly key: Buffer;
  private readonly verified = new Map<string, { data: VerifiedInitData; bytes: number }>();
  private verifiedBytes = 0;
  private readonly limits: VerifiedCacheLimits;

  constructor(
    botToken: string,
    private readonly maxAgeSeconds: number,
    private readonly now: () => number = () => Date.now(),
    limits: Partial<VerifiedCacheLimits> = {},
  ) {
    this.key = secretKey(botToken);
    this.limits = { ...DEFAULT_CACHE_LIMITS, ...limits };
  }

  /** What the cache holds now (for tests and metrics). */
  get cacheStats(): { entries: number; bytes: number } {
    return { entries: this.verified.size, bytes: this.verifiedBytes };
  }

  /**
   * `remember: false` checks without adding to the cache (a socket's handshake: verified once per
   * connection, so remembering it would cost memory per open socket and save nothing).
   */
  verify(
    rawHeader: string | undefined | null,
    { remember = true }: { remember?: boolean } = {},
  ): VerifiedInitData {
    const raw = stripScheme(rawHeader);
    const known = this.verified.get(raw);
    if (known) {
      if (this.now() / 1000 - known.data.authDate <= this.maxAgeSeconds) return known.data;
      this.forget(raw);
      throw new InitDataError('expired');
    }
    const result = this.check(raw);
    if (remember) this.remember(raw, result);
    return result;
  }

  /** When the init data stops being accepted (ms since the epoch). */
  expiresAt(data: VerifiedInitData): number {
    return (data.authDate + this.maxAgeSeconds) * 1000;
  }

  private remember(raw: string, data: VerifiedInitData): void {
    const bytes = entryBytes(raw, data.user);
    if (bytes > this.limits.maxBytes) return;
    // Oldest first: Map keeps insertion order.
    while (
      this.verified.size > 0 &&
      (this.verified.size >= this.limits.maxEntries ||
        this.verifiedBytes + bytes > this.limits.maxBytes)
    ) {
      this.forget(this.verified.keys().next().value!);
    }
    this.verified.set(raw, { data, bytes });
    this.verifiedBytes += bytes;
  }

  private forget(raw: string): void {
    const entry = this.verified.get(raw);
    if (!entry) return;
    this.verified.delete(raw);
    this.verifiedBytes -= entry.bytes;
  }

  private check(raw: string): VerifiedInitData {
    if (!raw || raw === 'null' || raw === 'undefined') throw new InitDataError('missing');
    if (raw.length > 8192) throw new InitDataError('malformed');
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(raw);
    } catch {
      throw new InitDataError('malformed');
    }
    // A repeated field would be read one way here and another way elsewhere (a second hash, user
    // or auth_date appended to genuine init data): Telegram never sends one, so refuse it.
    const seen = new Set<string>();
    for (const key of params.keys()) {
      if (seen.has(key)) throw new InitDataError('repeated_field');
      seen.add(key);
    }
    const hash = params.get('hash');
    if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) throw new InitDataError('malformed');
    const expected = createHmac('sha256', this.key).update(dataCheckString(params)).digest();
    if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw new InitDataError('bad_hash');

    const authDate = Number(params.get('auth_date'));
    if (!Number.isInteger(authDate) || authDate <= 0) throw new InitDataError('malformed');
    const ageSeconds = this.now() / 1000 - authDate;
    if (ageSeconds > this.maxAgeSeconds || ageSeconds < -300) throw new InitDataError('expired');

    const userJson = params.get('user');
    if (!userJson) throw new InitDataError('no_user');
    let user: TelegramUser;
    try {
      user = JSON.parse(userJson) as TelegramUser;
    } catch {
      throw new InitDataError('malformed');
    }
    if (!user || typeof user !== 'object' || !Number.isSafeInteger(user.id) || user.id <= 0) {
      throw new InitDataError('no_user');
    }
    // Signed by Telegram, but still text bound for PostgreSQL, which refuses NUL.
    for (const key of [
      'first_name',
      'last_name',
      'username',
      'language_code',
      'photo_url',
    ] as const) {
      const value = user[key];
      if (value !== undefined && typeof value !== 'string') throw new InitDataError('malformed');
      if (value) user[key] = value.replaceAll('\u0000', '');
    }
    return { user, authDate, raw, startParam: params.get('start_param') };
  }
}

/** Builds init data the way Telegram does: for demo sign-in, tests and benchmarks. */
export function signInitData(
  botToken: string,
  user: TelegramUser,
  options: { authDate?: number; extra?: Record<string, string> } = {},
): string {
  const params = new URLSearchParams({
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    query_id: `AAH${user.id.toString(36)}`,
    user: JSON.stringify(user),
    ...options.extra,
  });
  const hash = createHmac('sha256', secretKey(botToken))
    .update(dataCheckString(params))
    .digest('hex');
  params.set('hash', hash);
  return params.toString();
}
