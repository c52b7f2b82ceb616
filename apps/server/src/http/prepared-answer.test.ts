/** Prepared answers: gzip only when the client accepts it, the same JSON either way. */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { acceptsGzip } from './prepared-answer.js';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});

describe('GetAllManagers as a prepared answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is gzipped for a client that accepts gzip, and the same JSON as the plain answer', async () => {
    const authorization = t.initData(newUserId());
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/GetAllManagers.php?lang=ru',
      headers: { authorization },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/GetAllManagers.php?lang=ru',
      headers: { authorization, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const unzipped = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(unzipped).toBe(plain.body);
    const parsed = CALLS.GetAllManagers.answer.parse(JSON.parse(unzipped));
    expect(parsed.data.managers.length).toBeGreaterThanOrEqual(36);
    // Cyrillic survives the byte encoding.
    expect(unzipped).toMatch(/[а-я]/);
  });
});
