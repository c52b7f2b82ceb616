import { describe, expect, it } from 'vitest';
import { Cell } from '@ton/core';
import { commentPayload, friendlyAddress, transactionRequest } from './ton';

const RAW = `0:${'ab'.repeat(32)}`;
const FRIENDLY = 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh';

describe('the comment payload', () => {
  it('is op 0 then the text, as a base64 bag of cells', () => {
    expect(commentPayload('123456789')).toBe('te6cckEBAQEADwAAGgAAAAAxMjM0NTY3ODnPIZpL');
    const slice = Cell.fromBase64(commentPayload('424242')).beginParse();
    expect(slice.loadUint(32)).toBe(0);
    expect(slice.loadStringTail()).toBe('424242');
  });

  it('carries a text longer than one cell in its references', () => {
    const text = 'memo '.repeat(60);
    const slice = Cell.fromBase64(commentPayload(text)).beginParse();
    expect(slice.loadUint(32)).toBe(0);
    expect(slice.loadStringTail()).toBe(text);
  });
});

describe('addresses', () => {
  it('gives the non-bounceable user-friendly form of raw and friendly addresses', () => {
    expect(friendlyAddress(RAW)).toBe(FRIENDLY);
    expect(friendlyAddress(' EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk ')).toBe(FRIENDLY);
    expect(friendlyAddress(FRIENDLY)).toBe(FRIENDLY);
  });

  it('marks testnet addresses and refuses what is not an address', () => {
    expect(friendlyAddress(RAW, '-3')).toMatch(/^0Q/);
    expect(() => friendlyAddress('UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jX')).toThrow();
    expect(() => friendlyAddress('not an address')).toThrow();
  });
});

describe('the TON Connect transaction', () => {
  it('sends the exact nanotons with the memo on the given network, valid for 10 minutes', () => {
    const request = transactionRequest(
      { address: RAW, nanotons: 8_333_333_334n, memo: '424242', network: '-239' },
      1_700_000_000_500,
    );
    expect(request).toEqual({
      validUntil: 1_700_000_600,
      network: '-239',
      messages: [
        {
          address: FRIENDLY,
          amount: '8333333334',
          payload: 'te6cckEBAQEADAAAFAAAAAA0MjQyNDIeBgAh',
        },
      ],
    });
    expect(
      transactionRequest({ address: RAW, nanotons: 1n, memo: '1', network: '-3' }).network,
    ).toBe('-3');
  });

  it("ends no later than the quote's price", () => {
    const transfer = {
      address: RAW,
      nanotons: 1n,
      memo: 'SEER-7K3M9QX2',
      network: '-239',
    } as const;
    const now = 1_700_000_000_500;
    expect(transactionRequest({ ...transfer, validUntilMs: now + 120_000 }, now).validUntil).toBe(
      1_700_000_120,
    );
    expect(transactionRequest({ ...transfer, validUntilMs: now + 900_000 }, now).validUntil).toBe(
      1_700_000_600,
    );
  });
});
