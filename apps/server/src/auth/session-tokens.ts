/**
 * Session tokens: `seer1.<payload>.<signature>`, the payload base64url JSON `{ s, u, e, g }`
 * (session id, Telegram id, expiry in seconds since the epoch, the session's generation it was
 * issued for: each renewal moves the session to the next one) and the signature HMAC-SHA256 of
 * `seer1.<payload>` with the database's session secret. Written by hand on purpose: a dozen lines
 * with one algorithm and no header to negotiate (see docs/decisions/013-sessions.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'seer1.';

export interface SessionClaims {
  /** The session's row in auth_sessions. */
  sessionId: string;
  telegramId: number;
  /** Seconds since the epoch after which the token is refused, by calls and by renewal alike. */
  expiresAt: number;
  /**
   * The session's generation this token was issued for: only the current one is accepted, and a
   * renewed-away one that comes back to renew ends the session (decision 034). Tokens issued
   * before rotation existed carry none and read as 0.
   */
  generation: number;
}

function signature(secret: Buffer, signed: string): Buffer {
  return createHmac('sha256', secret).update(signed).digest();
}

export function signSessionToken(secret: Buffer, claims: SessionClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      s: claims.sessionId,
      u: claims.telegramId,
      e: claims.expiresAt,
      g: claims.generation,
    }),
  ).toString('base64url');
  const signed = PREFIX + payload;
  return `${signed}.${signature(secret, signed).toString('base64url')}`;
}

export function looksLikeSessionToken(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The token's claims when its signature is right; null otherwise. Expiry is the caller's to check. */
export function readSessionToken(secret: Buffer, token: string): SessionClaims | null {
  if (token.length > 512 || !looksLikeSessionToken(token)) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= PREFIX.length) return null;
  const signed = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = signature(secret, signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(
      Buffer.from(signed.slice(PREFIX.length), 'base64url').toString('utf8'),
    ) as { s?: unknown; u?: unknown; e?: unknown; g?: unknown };
    const generation = payload.g ?? 0;
    if (
      typeof payload.s !== 'string' ||
      !Number.isSafeInteger(payload.u) ||
      !Number.isSafeInteger(payload.e) ||
      !Number.isSafeInteger(generation) ||
      (generation as number) < 0
    )
      return null;
    return {
      sessionId: payload.s,
      telegramId: payload.u as number,
      expiresAt: payload.e as number,
      generation: generation as number,
    };
  } catch {
    return null;
  }
}
