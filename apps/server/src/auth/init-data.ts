/**
 * Telegram Mini App init data: verification (HMAC-SHA256 with the "WebAppData" key,
 * as Telegram documents it) and signing (for demo sign-in and tests).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramUser } from '@seer/contract';

export type { TelegramUser };

/** Shared between requests with the same header (see the verifier's cache): read-only. */
export interface VerifiedInitData {
  readonly user: Readonly<TelegramUser>;
  readonly authDate: number;
  readonly raw: string;
}

export type InitDataProblem = 'missing' | 'malformed' | 'bad_hash' | 'expired' | 'no_user';

export class InitDataError extends Error {
  constructor(readonly problem: InitDataProblem) {
    super(
      {
        missing: 'Authorization header with Telegram init data is required',
        malformed: 'Telegram init data is malformed',
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
export function stripScheme(header: string | undefined | null): string {
  if (!header) return '';
  const value = header.trim();
  return /^tma\s+/i.test(value) ? value.replace(/^tma\s+/i, '') : value;
}

/** Verified init data strings remembered, so an app session's repeated header costs one lookup. */
const VERIFIED_CACHE_SIZE = 20_000;

export class InitDataVerifier {
  private readonly key: Buffer;
  private readonly verified = new Map<string, VerifiedInitData>();

  constructor(
    botToken: string,
    private readonly maxAgeSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = secretKey(botToken);
  }

  verify(rawHeader: string | undefined | null): VerifiedInitData {
    const raw = stripScheme(rawHeader);
    const known = this.verified.get(raw);
    if (known) {
      if (this.now() / 1000 - known.authDate <= this.maxAgeSeconds) return known;
      this.verified.delete(raw);
      throw new InitDataError('expired');
    }
    const result = this.check(raw);
    if (this.verified.size >= VERIFIED_CACHE_SIZE)
      this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(raw, result);
    return result;
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
    return { user, authDate, raw };
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
