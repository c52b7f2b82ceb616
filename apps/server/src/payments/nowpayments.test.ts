/** The IPN signature check against a vector computed independently (Python's hmac over json.dumps(sort_keys=True)). */
import { describe, expect, it } from 'vitest';
import { signIpn, verifyIpnSignature } from './nowpayments.js';

const SECRET = 'test-ipn-secret';
// Keys out of order at every level, including inside an array, as NOWPayments may send them.
const BODY = {
  payment_id: 5077125051,
  payment_status: 'finished',
  order_id: 'abc',
  fee: { withdrawalFee: 0, currency: 'btc', depositFee: 0.5 },
  price_amount: 12.5,
  items: [{ b: 1, a: 2 }],
};
// hmac.new(b'test-ipn-secret', json.dumps(BODY, sort_keys=True, separators=(',', ':')).encode(), sha512)
const PYTHON_SIGNATURE =
  '1a689ae404a50d53c9fbbbda23825502a9e71d47bcaa4fe1d0e795e284ade02dd0d179d3d25b6071690851918d31b27e27b1dda8b6e0bc297288cb6b1a463de3';

describe('NOWPayments IPN signature', () => {
  it('is the HMAC-SHA512 of the JSON with keys sorted at every level', () => {
    expect(signIpn(BODY, SECRET)).toBe(PYTHON_SIGNATURE);
    expect(verifyIpnSignature(BODY, PYTHON_SIGNATURE, SECRET)).toBe(true);
    expect(verifyIpnSignature(BODY, PYTHON_SIGNATURE.toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses another secret, a changed body, and anything that is not 128 hex digits', () => {
    expect(verifyIpnSignature(BODY, PYTHON_SIGNATURE, 'other-secret')).toBe(false);
    expect(verifyIpnSignature({ ...BODY, price_amount: 1250 }, PYTHON_SIGNATURE, SECRET)).toBe(
      false,
    );
    expect(
      verifyIpnSignature(
        { ...BODY, fee: { ...BODY.fee, depositFee: 0 } },
        PYTHON_SIGNATURE,
        SECRET,
      ),
    ).toBe(false);
    for (const bad of [
      undefined,
      '',
      'abc',
      PYTHON_SIGNATURE.slice(0, 64),
      `${PYTHON_SIGNATURE}00`,
    ])
      expect(verifyIpnSignature(BODY, bad, SECRET)).toBe(false);
    expect(verifyIpnSignature(BODY, `${PYTHON_SIGNATURE.slice(0, 127)}g`, SECRET)).toBe(false);
  });

  it('signs a "__proto__" key like any other key', () => {
    const body: unknown = JSON.parse('{"b":2,"__proto__":{"y":1,"x":0}}');
    // The same Python computation over {"__proto__":{"x":0,"y":1},"b":2}.
    expect(signIpn(body, SECRET)).toBe(
      '6796026c48a054762bdfe31c147f904e6c8e03e9e394be99aa5919ec08037946a8d8ab911fe06c6db714d0eb85a62b2a07d9a30d784eae96bb9cfd6dd171ba1b',
    );
  });
});
