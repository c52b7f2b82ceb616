import { describe, expect, it } from 'vitest';
import { InitDataError, InitDataVerifier, signInitData } from './init-data.js';

const TOKEN = '123456789:AAtest-token-aaaaaaaaaaaaaaaa';
const verifier = new InitDataVerifier(TOKEN, 24 * 3600);
const user = { id: 42, first_name: 'Ann', username: 'ann' };

function problemOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof InitDataError ? error.problem : 'other';
  }
  return undefined;
}

describe('Telegram init data', () => {
  it('accepts init data signed with the bot token, with or without the "tma " prefix', () => {
    const initData = signInitData(TOKEN, user);
    expect(verifier.verify(initData).user.id).toBe(42);
    expect(verifier.verify(`tma ${initData}`).user.username).toBe('ann');
  });

  it('includes every field but hash in the check (a signature field too)', () => {
    const initData = signInitData(TOKEN, user, {
      extra: { signature: 'abc', chat_type: 'private' },
    });
    expect(verifier.verify(initData).user.id).toBe(42);
  });

  it('refuses a forged hash, a changed field and another bot token', () => {
    const initData = signInitData(TOKEN, user);
    const forged = initData.replace(/hash=[0-9a-f]{64}/, `hash=${'0'.repeat(64)}`);
    expect(problemOf(() => verifier.verify(forged))).toBe('bad_hash');
    const tampered = initData.replace(encodeURIComponent('"id":42'), encodeURIComponent('"id":43'));
    expect(problemOf(() => verifier.verify(tampered))).toBe('bad_hash');
    const otherBot = signInitData('987654321:BBother-token-bbbbbbbbbbbbbbb', user);
    expect(problemOf(() => verifier.verify(otherBot))).toBe('bad_hash');
  });

  it('refuses stale auth_date and missing or malformed data', () => {
    const stale = signInitData(TOKEN, user, {
      authDate: Math.floor(Date.now() / 1000) - 25 * 3600,
    });
    expect(problemOf(() => verifier.verify(stale))).toBe('expired');
    expect(problemOf(() => verifier.verify(undefined))).toBe('missing');
    expect(problemOf(() => verifier.verify('null'))).toBe('missing');
    expect(problemOf(() => verifier.verify('user=1&hash=zz'))).toBe('malformed');
    expect(problemOf(() => verifier.verify(signInitData(TOKEN, { id: -5 } as never)))).toBe(
      'no_user',
    );
  });

  it('remembers verified init data but still lets it expire', () => {
    let now = Date.now();
    const clocked = new InitDataVerifier(TOKEN, 3600, () => now);
    const initData = signInitData(TOKEN, user, { authDate: Math.floor(now / 1000) });
    expect(clocked.verify(initData).user.id).toBe(42);
    expect(clocked.verify(`tma ${initData}`).user.id).toBe(42);
    now += 3601 * 1000;
    expect(problemOf(() => clocked.verify(initData))).toBe('expired');
    // A forged variant is never served from the cache.
    expect(problemOf(() => clocked.verify(initData.replace('Ann', 'Bob')))).toBe('bad_hash');
  });
});

describe('init data that names a field twice', () => {
  it('refuses genuine init data with a second hash, user or auth_date appended (401)', () => {
    const initData = signInitData(TOKEN, user);
    expect(verifier.verify(initData).user.id).toBe(42);
    for (const extra of [
      `&hash=${'0'.repeat(64)}`,
      '&hash=anything',
      `&user=${encodeURIComponent(JSON.stringify({ id: 43, first_name: 'Eve' }))}`,
      `&auth_date=${Math.floor(Date.now() / 1000)}`,
    ]) {
      expect(problemOf(() => verifier.verify(initData + extra))).toBe('repeated_field');
    }
    // A repeated field in front of the genuine one is refused the same way.
    expect(problemOf(() => verifier.verify(`hash=${'a'.repeat(64)}&${initData}`))).toBe(
      'repeated_field',
    );
  });
});

describe('the verified init data cache', () => {
  it('stays within its count and byte bounds under a flood of 20,000 valid variants', () => {
    const limits = { maxEntries: 1_000, maxBytes: 2 * 1024 * 1024 };
    const bounded = new InitDataVerifier(TOKEN, 24 * 3600, () => Date.now(), limits);
    const padding = 'x'.repeat(3_000);
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20_000; i++) {
      const initData = signInitData(TOKEN, user, { extra: { start_param: `${i}${padding}` } });
      expect(bounded.verify(initData).user.id).toBe(42);
      const { entries, bytes } = bounded.cacheStats;
      expect(entries).toBeLessThanOrEqual(limits.maxEntries);
      expect(bytes).toBeLessThanOrEqual(limits.maxBytes);
    }
    // Each variant is over 6 KB as a string: 20,000 of them kept would be over 120 MB.
    const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    expect(grownMb).toBeLessThan(60);
  });

  it('counts a variant written differently as its own entry, evicting the oldest', () => {
    const bounded = new InitDataVerifier(TOKEN, 24 * 3600, () => Date.now(), { maxEntries: 2 });
    const initData = signInitData(TOKEN, user);
    // The same fields, percent-encoded differently: valid, but a different string.
    const variants = [initData, initData.replace('auth_date', 'auth%5Fdate'), `tma ${initData}`];
    for (const variant of variants) expect(bounded.verify(variant).user.id).toBe(42);
    expect(bounded.cacheStats.entries).toBe(2);
  });

  it("keeps nothing for a socket's handshake, yet uses what an HTTP call remembered", () => {
    const verifier = new InitDataVerifier(TOKEN, 24 * 3600);
    const initData = signInitData(TOKEN, user);
    expect(verifier.verify(initData, { remember: false }).user.id).toBe(42);
    expect(verifier.cacheStats.entries).toBe(0);
    expect(() => verifier.verify(`${initData}0`, { remember: false })).toThrow();
    verifier.verify(initData);
    expect(verifier.cacheStats.entries).toBe(1);
    expect(verifier.verify(initData, { remember: false }).user.id).toBe(42);
    expect(verifier.cacheStats.entries).toBe(1);
  });
});
