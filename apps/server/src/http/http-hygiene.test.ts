/**
 * HTTP hygiene: security headers on the app and the API, connections that are idle or half-sent
 * are closed, and errors below the routes answer in the app's JSON error shape.
 */
import net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { signInitData } from '../auth/init-data.js';
import { WEB_DIST_DIR } from '../paths.js';
import { jpegImage } from '../images/image-fixtures.js';

let built: TestApp;
let port: number;
const TIMEOUTS = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 400,
  idleTimeoutMs: 1500,
  checkIntervalMs: 100,
};

beforeAll(async () => {
  built = await startTestApp({ seed: false, http: TIMEOUTS, listen: true });
  port = Number(new URL(built.base!).port);
});
afterAll(async () => {
  await built?.close();
});

const auth = () => signInitData(TEST_BOT_TOKEN, { id: newUserId(), first_name: 'Hy' });

/** Opens a raw connection, writes `text`, and collects what comes back until the server closes it. */
function raw(
  text: string | Buffer,
  maxMs = 5000,
): Promise<{ answer: string; closedByServer: boolean; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedByServer: false, ms: Date.now() - started });
    }, maxMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedByServer: true, ms: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}

function jsonOf(answer: string): Record<string, unknown> {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
}

describe('security headers', () => {
  it('let only Telegram web clients frame the app, and run only its own scripts', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/docs' });
    const policy = String(response.headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('frame-ancestors')).toEqual([
      'https://web.telegram.org',
      'https://*.telegram.org',
    ]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toContain('https://telegram.org');
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });

  it.skipIf(!existsSync(path.join(WEB_DIST_DIR, 'index.html')))(
    "allow the built page's inline script by its hash, on the page and its client-side routes",
    async () => {
      const html = readFileSync(path.join(WEB_DIST_DIR, 'index.html'), 'utf8');
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline.length).toBeGreaterThan(0);
      for (const url of ['/', '/operators']) {
        const response = await built.app.inject({ method: 'GET', url });
        expect(response.headers['content-type']).toMatch(/text\/html/);
        const policy = String(response.headers['content-security-policy']);
        expect(policy).toMatch(
          /frame-ancestors https:\/\/web\.telegram\.org https:\/\/\*\.telegram\.org/,
        );
        for (const script of inline) {
          const hash = createHash('sha256').update(script).digest('base64');
          expect(policy).toContain(`'sha256-${hash}'`);
        }
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
      }
    },
  );

  it('are on API answers, errors and 404s, which nobody may frame', async () => {
    const answers = [
      await built.app.inject({ method: 'GET', url: '/api/health' }),
      await built.app.inject({
        method: 'GET',
        url: '/api/GetUser.php',
        headers: { authorization: auth() },
      }),
      await built.app.inject({ method: 'GET', url: '/api/GetUser.php' }),
      await built.app.inject({ method: 'GET', url: '/api/NoSuchCall.php' }),
      await built.app.inject({ method: 'GET', url: '/api/%' }),
    ];
    for (const response of answers) {
      expect(response.headers['x-content-type-options'], response.body).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('leave the sandbox policy of chat images alone, and add nosniff to their 404s', async () => {
    const image = await built.services.images.upload(newUserId(), jpegImage(4, 4));
    const found = await built.app.inject({ method: 'GET', url: image.url });
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(found.headers['referrer-policy']).toBe('no-referrer');
    const missing = await built.app.inject({
      method: 'GET',
      url: '/api/images/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('errors below the routes', () => {
  it('answer in the JSON error shape with a stable code', async () => {
    const cases: Array<[string, InjectOptions, number, string, RegExp]> = [
      ['bad percent-encoding', { method: 'GET', url: '/api/%' }, 400, 'bad_request', /URL/],
      [
        'bad percent-encoding off the API',
        { method: 'GET', url: '/%E0%A4%A' },
        400,
        'bad_request',
        /URL/,
      ],
      [
        'bad JSON',
        {
          method: 'POST',
          url: '/api/MarkRead.php',
          headers: { authorization: auth(), 'content-type': 'application/json' },
          payload: '{"manager_id":',
        },
        400,
        'bad_request',
        /not valid JSON/,
      ],
      [
        'too large',
        {
          method: 'POST',
          url: '/api/MarkRead.php',
          headers: { authorization: auth(), 'content-type': 'application/json' },
          payload: JSON.stringify({ x: 'y'.repeat(100_000) }),
        },
        413,
        'payload_too_large',
        /too large/i,
      ],
      [
        'unsupported media type',
        {
          method: 'POST',
          url: '/api/MarkRead.php',
          headers: { authorization: auth(), 'content-type': 'text/xml' },
          payload: '<a/>',
        },
        415,
        'bad_request',
        /application\/json/,
      ],
      [
        'unknown API call',
        { method: 'GET', url: '/api/Nope.php' },
        404,
        'not_found',
        /No such call/,
      ],
      [
        'wrong method',
        { method: 'DELETE', url: '/api/GetUser.php' },
        404,
        'not_found',
        /No such call/,
      ],
    ];
    for (const [name, request, status, code, message] of cases) {
      const response = await built.app.inject(request);
      expect(response.statusCode, name).toBe(status);
      expect(response.headers['content-type'], name).toMatch(/application\/json/);
      const body = response.json<{ status: string; code: string; message: string }>();
      expect(body.status, name).toBe('error');
      expect(body.code, name).toBe(code);
      expect(body.message, name).toMatch(message);
    }
  });

  it('answer a malformed request line or oversized headers in the JSON error shape, then close', async () => {
    const garbage = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(garbage.answer).toMatch(/^HTTP\/1\.1 400/);
    expect(jsonOf(garbage.answer)).toMatchObject({ status: 'error', code: 'bad_request' });
    expect(garbage.closedByServer).toBe(true);

    const huge = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.answer).toMatch(/^HTTP\/1\.1 431/);
    expect(jsonOf(huge.answer)).toMatchObject({ status: 'error', code: 'bad_request' });
  });
});

describe('connections', () => {
  it('are closed when the headers are only half sent', async () => {
    const result = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1');
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(TIMEOUTS.requestTimeoutMs + 1500);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(jsonOf(result.answer)).toMatchObject({ status: 'error', code: 'bad_request' });
  });

  it('are closed when the body is only half sent', async () => {
    const result = await raw(
      `POST /api/MarkRead.php HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth()}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"manager_id":`,
    );
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(TIMEOUTS.requestTimeoutMs + 1500);
  });

  it('are closed when idle after a request (keep-alive)', async () => {
    const result = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(result.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(TIMEOUTS.keepAliveTimeoutMs + 1500);
  });
});
