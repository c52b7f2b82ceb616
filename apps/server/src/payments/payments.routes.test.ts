/** The public TON Connect manifest and its icon, and the deposit details call. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Address } from '@ton/core';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';

const WALLET = `0:${'cd'.repeat(32)}`;

/**
 * The user-friendly form, built here from the TON documentation rather than by @ton/core: a tag
 * byte (0x11 bounceable, 0x51 non-bounceable, +0x80 test-only), the workchain, the 32-byte
 * account id and a CRC16-XMODEM of those 34 bytes, in URL-safe base64.
 */
function friendly(raw: string, flags: { bounceable: boolean; testOnly: boolean }): string {
  const [workchain, hex] = raw.split(':') as [string, string];
  const body = Buffer.concat([
    Buffer.from([
      (flags.bounceable ? 0x11 : 0x51) | (flags.testOnly ? 0x80 : 0),
      Number(workchain) & 0xff,
    ]),
    Buffer.from(hex, 'hex'),
  ]);
  let crc = 0;
  for (const byte of body) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return Buffer.concat([body, Buffer.from([crc >> 8, crc & 0xff])]).toString('base64url');
}
const WALLET_NON_BOUNCEABLE = friendly(WALLET, { bounceable: false, testOnly: false });
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
      termsOfUseUrl: 'https://seer.example/terms',
      privacyPolicyUrl: 'https://seer.example/privacy-policy',
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
  it('gives the wallet (non-bounceable), the caller id as memo, the rate and the network; needs init data', async () => {
    const user = newUserId();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/GetDepositInfo.php',
      headers: { authorization: t.initData(user) },
    });
    const info = CALLS.GetDepositInfo.answer.parse(answer.json());
    expect(info).toMatchObject({
      status: 'success',
      wallet_address: WALLET_NON_BOUNCEABLE,
      memo: String(user),
      ton_usd_rate: 3.12,
      ton_enabled: true,
      stars_enabled: true,
      stars_per_usd: 50,
      ton_network: '-239',
      // The bot's intake is not started here, so its name is unknown and no link is configured.
      telegram_return_url: null,
    });
    const parsed = Address.parseFriendly(info.wallet_address);
    expect(parsed.isBounceable).toBe(false);
    expect(parsed.isTestOnly).toBe(false);
    expect(parsed.address.toRawString()).toBe(WALLET);
    expect((await t.app.inject({ method: 'GET', url: '/api/GetDepositInfo.php' })).statusCode).toBe(
      401,
    );
  });
});

describe('GetDepositInfo on testnet', () => {
  it('shows the address test-only and non-bounceable, the testnet chain, and TELEGRAM_APP_URL', async () => {
    // A bounceable user-friendly form in the configuration is shown non-bounceable all the same.
    const bounceable = Address.parseRaw(WALLET).toString({ bounceable: true, testOnly: true });
    const app = await startTestApp({
      seed: false,
      env: {
        TON_WALLET_ADDRESS: bounceable,
        TON_NETWORK: 'testnet',
        TELEGRAM_APP_URL: 'https://t.me/seer_test_bot/app',
      },
    });
    try {
      const answer = await app.app.inject({
        method: 'GET',
        url: '/api/GetDepositInfo.php',
        headers: { authorization: app.initData(newUserId()) },
      });
      const info = CALLS.GetDepositInfo.answer.parse(answer.json());
      expect(info.ton_network).toBe('-3');
      expect(info.telegram_return_url).toBe('https://t.me/seer_test_bot/app');
      const parsed = Address.parseFriendly(info.wallet_address);
      expect([parsed.isBounceable, parsed.isTestOnly]).toEqual([false, true]);
      expect(parsed.address.toRawString()).toBe(WALLET);
      expect(info.wallet_address).toBe(friendly(WALLET, { bounceable: false, testOnly: true }));
    } finally {
      await app.close();
    }
  });
});
