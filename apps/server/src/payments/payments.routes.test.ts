/** The public TON Connect manifest and its icon, and the deposit details call. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';

const WALLET = `0:${'cd'.repeat(32)}`;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: { PUBLIC_URL: 'https://seer.example/', TON_WALLET_ADDRESS: WALLET, TON_USD_RATE: '3.12' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('TON Connect manifest', () => {
  it('is public and points wallets at PUBLIC_URL and a 180×180 PNG icon', async () => {
    const manifest = await t.app.inject({ method: 'GET', url: '/tonconnect-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toMatchObject({
      url: 'https://seer.example',
      name: 'Seer',
      iconUrl: 'https://seer.example/tonconnect-icon.png',
    });
    const icon = await t.app.inject({ method: 'GET', url: '/tonconnect-icon.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const png = icon.rawPayload;
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
  });
});

describe('GetDepositInfo', () => {
  it('gives the wallet, the caller id as memo and the rate; needs init data', async () => {
    const user = newUserId();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/GetDepositInfo.php',
      headers: { authorization: t.initData(user) },
    });
    expect(CALLS.GetDepositInfo.answer.parse(answer.json())).toEqual({
      status: 'success',
      wallet_address: WALLET,
      memo: String(user),
      ton_usd_rate: 3.12,
      ton_enabled: true,
      stars_enabled: true,
      stars_per_usd: 50,
      crypto_enabled: false,
      test_payments_enabled: false,
      ton_network: '-239',
      telegram_return_url: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/GetDepositInfo.php' })).statusCode).toBe(
      401,
    );
  });
});
