import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToNanotons,
  incomingTransfer,
  nanotonsToCents,
  quoteMemoFrom,
  rawTonAddress,
  telegramIdFromMemo,
} from './ton-transfers.js';
import type { IndexerTransaction } from './toncenter.js';

describe('nanotonsToCents', () => {
  it('converts at the rate in millionths of a dollar per TON and rounds down', () => {
    expect(nanotonsToCents(1_000_000_000n, 3_000_000)).toBe(300);
    expect(nanotonsToCents(1_500_000_000n, 3_120_000)).toBe(468);
    // a market price to the millionth: 2 TON at $3.141592 is $6.283184
    expect(nanotonsToCents(2_000_000_000n, 3_141_592)).toBe(628);
    // 0.3 cents is not a cent
    expect(nanotonsToCents(1_000_000n, 3_000_000)).toBe(0);
    expect(nanotonsToCents(3_333_333n, 3_000_000)).toBe(0);
    expect(nanotonsToCents(3_333_334n, 3_000_000)).toBe(1);
    // far beyond 2^53 nanotons stays exact
    expect(nanotonsToCents(123_456_789_123_456_789n, 3_000_000)).toBe(37_037_036_737);
    // worth more cents than a number holds exactly: refused, never rounded
    expect(() => nanotonsToCents(10n ** 30n, 3_000_000)).toThrow(RangeError);
  });

  it('never credits more than the transfer is worth, and the app amount always covers the cents', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (nanotons, rate) => {
          const cents = nanotonsToCents(nanotons, rate);
          // cents * 1e13 <= nanotons * rate < (cents + 1) * 1e13
          expect(BigInt(cents) * 10n ** 13n <= nanotons * BigInt(rate)).toBe(true);
          expect(BigInt(cents + 1) * 10n ** 13n > nanotons * BigInt(rate)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (cents, rate) => {
          expect(nanotonsToCents(centsToNanotons(cents, rate), rate)).toBe(cents);
        },
      ),
    );
  });
});

describe('quoteMemoFrom', () => {
  it("reads a quote's memo, forgiving surrounding spaces and letter case only", () => {
    expect(quoteMemoFrom('SEER-7K3M9QX2')).toBe('SEER-7K3M9QX2');
    expect(quoteMemoFrom('  seer-7k3m9qx2\n')).toBe('SEER-7K3M9QX2');
    expect(quoteMemoFrom('SEER-7K3M9QX')).toBeNull();
    expect(quoteMemoFrom('SEER-7K3M 9QX2')).toBeNull();
    expect(quoteMemoFrom('SEER-7K3M9QXI')).toBeNull(); // I is not in Crockford's alphabet
    expect(quoteMemoFrom('123456789')).toBeNull();
    expect(quoteMemoFrom(null)).toBeNull();
  });
});

describe('telegramIdFromMemo', () => {
  it('reads a Telegram id, forgiving surrounding spaces only', () => {
    expect(telegramIdFromMemo('123456789')).toBe(123456789);
    expect(telegramIdFromMemo('  123456789\n')).toBe(123456789);
    expect(telegramIdFromMemo('123 456')).toBeNull();
    expect(telegramIdFromMemo('id123')).toBeNull();
    expect(telegramIdFromMemo('0123')).toBeNull();
    expect(telegramIdFromMemo('-5')).toBeNull();
    expect(telegramIdFromMemo('1e6')).toBeNull();
    expect(telegramIdFromMemo('')).toBeNull();
    expect(telegramIdFromMemo('99999999999999999')).toBeNull();
    expect(telegramIdFromMemo(null)).toBeNull();
  });
});

describe('incomingTransfer', () => {
  const base = (overrides: Partial<IndexerTransaction> = {}): IndexerTransaction => ({
    hash: 'h',
    lt: 10n,
    now: 1_700_000_000,
    in_msg: {
      source: '0:abc',
      value: '5',
      bounced: false,
      message_content: { decoded: { type: 'text_comment', comment: '42' } },
    },
    description: { aborted: false },
    ...overrides,
  });

  it('reads an incoming internal transfer with its comment', () => {
    expect(incomingTransfer(base())).toMatchObject({
      hash: 'h',
      lt: 10n,
      nanotons: 5n,
      comment: '42',
      memoTelegramId: 42,
      outcome: 'received',
    });
  });

  it('ignores external messages (our own outgoing orders)', () => {
    expect(incomingTransfer(base({ in_msg: { source: null, value: null } }))).toBeNull();
    expect(incomingTransfer(base({ in_msg: null }))).toBeNull();
  });

  it('marks bounced and aborted transfers, and keeps non-text bodies without a memo', () => {
    expect(
      incomingTransfer(base({ in_msg: { source: '0:abc', value: '5', bounced: true } }))?.outcome,
    ).toBe('bounced');
    expect(incomingTransfer(base({ description: { aborted: true } }))?.outcome).toBe('aborted');
    const binary = incomingTransfer(
      base({ in_msg: { source: '0:abc', value: '5', message_content: { decoded: null } } }),
    );
    expect(binary).toMatchObject({ comment: null, memoTelegramId: null, outcome: 'received' });
  });

  it('stores comments without NUL characters but does not read an id through them', () => {
    const transfer = incomingTransfer(
      base({
        in_msg: {
          source: '0:abc',
          value: '5',
          message_content: { decoded: { type: 'text_comment', comment: '42\u0000' } },
        },
      }),
    );
    expect(transfer).toMatchObject({ comment: '42', memoTelegramId: null });
  });
});

describe('rawTonAddress', () => {
  const raw = `0:${'3f'.repeat(32)}`;

  it('reads raw and user-friendly forms into one raw form', () => {
    expect(rawTonAddress(raw)).toBe(raw);
    expect(rawTonAddress(raw.toUpperCase().replace('0X', '0x'))).toBe(raw);
    const address = Address.parseRaw(raw);
    for (const bounceable of [true, false])
      for (const testOnly of [true, false])
        expect(rawTonAddress(address.toString({ bounceable, testOnly }))).toBe(raw);
    expect(rawTonAddress(address.toString({ urlSafe: false }))).toBe(raw);
    expect(rawTonAddress(`-1:${'00'.repeat(32)}`)).toBe(`-1:${'00'.repeat(32)}`);
  });

  it('refuses what is not an address, or a user-friendly form with a wrong checksum', () => {
    const friendly = Address.parseRaw(raw).toString();
    const broken = friendly.slice(0, -1) + (friendly.endsWith('A') ? 'B' : 'A');
    for (const text of ['0:abc', '', 'EQ', broken, `0:${'zz'.repeat(32)}`])
      expect(rawTonAddress(text), text).toBeNull();
  });

  it('stores the sender of a transfer in raw form', () => {
    const friendly = Address.parseRaw(raw).toString();
    const transfer = incomingTransfer({
      hash: 'h',
      lt: 1n,
      now: 1_700_000_000,
      in_msg: { source: friendly, value: '5', bounced: false },
      description: { aborted: false },
    });
    expect(transfer?.source).toBe(raw);
  });
});
