/**
 * Decision 039: X-Forwarded-For and X-Forwarded-Proto count only from the proxies TRUST_PROXY
 * names (the client address in the logs, HSTS), and /api/docs is off in production unless
 * API_DOCS=1 asks for it, while /api/openapi.json stays public.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { IPN_PATH } from '../payments/crypto.service.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://seer.example',
  BOT_TOKEN: '123456789:HARDENING-token-for-seer-tests_abcd',
};

describe('TRUST_PROXY', () => {
  it('defaults to loopback, takes none or addresses and ranges, refuses the rest by name', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 172.16.0.0/12,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.7',
      '172.16.0.0/12',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
    for (const bad of ['true', '*', '2', '10.0.0.1/33', 'proxy.internal', '10.0.0.1,', '::1/129'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be none/);
    expect(() => loadConfig({ TRUST_PROXY: 'all' })).toThrow(ConfigError);
  });
});

describe('X-Forwarded-* from trusted and untrusted peers', () => {
  let built: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    built = await startTestApp({
      seed: false,
      env: {
        TRUST_PROXY: '10.0.0.7',
        // A refused NOWPayments IPN is logged with the caller's address (request.ip).
        NOWPAYMENTS_API_KEY: 'np-hardening-key',
        NOWPAYMENTS_IPN_SECRET: 'np-hardening-secret',
      },
      logger: pino({ level: 'warn' }, sink),
    });
  });
  afterAll(async () => {
    await built?.close();
  });

  /** An unsigned IPN from `peer` claiming to forward 203.0.113.9 over HTTPS. */
  async function fromPeer(peer: string) {
    const before = lines.length;
    const response = await built.app.inject({
      method: 'POST',
      url: IPN_PATH,
      remoteAddress: peer,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
      },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
    const logged = lines.slice(before).find((line) => String(line.msg).includes('IPN refused'));
    return { ip: logged?.ip, hsts: response.headers['strict-transport-security'] };
  }

  it('believes the configured proxy: the forwarded client address and HTTPS', async () => {
    expect(await fromPeer('10.0.0.7')).toEqual({ ip: '203.0.113.9', hsts: 'max-age=31536000' });
  });

  it('ignores them from anyone else: the peer is the client, and plain HTTP stays plain', async () => {
    expect(await fromPeer('198.51.100.4')).toEqual({ ip: '198.51.100.4', hsts: undefined });
    expect(await fromPeer('127.0.0.1')).toEqual({ ip: '127.0.0.1', hsts: undefined });
  });
});

describe('API_DOCS', () => {
  it('is on outside production and off in production unless API_DOCS=1 asks', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: '1' }).apiDocs).toBe(true);
    for (const bad of ['yes', 'on', 'true'])
      expect(() => loadConfig({ API_DOCS: bad }), bad).toThrow(/API_DOCS must be 1 \(on\) or 0/);
  });

  it.each([
    ['0', 404],
    ['1', 200],
  ] as const)(
    'API_DOCS=%s: /api/docs answers %i, /api/openapi.json stays public',
    async (value, status) => {
      const built = await startTestApp({ seed: false, env: { API_DOCS: value } });
      try {
        const docs = await built.app.inject({ method: 'GET', url: '/api/docs' });
        expect(docs.statusCode).toBe(status);
        if (status === 404) expect(docs.json()).toMatchObject({ code: 'not_found' });
        else expect(docs.headers['content-type']).toMatch(/text\/html/);
        const document = await built.app.inject({ method: 'GET', url: '/api/openapi.json' });
        expect(document.statusCode).toBe(200);
        expect(document.json()).toMatchObject({ openapi: '3.0.3' });
      } finally {
        await built.close();
      }
    },
  );
});
