/** Property: whatever a client sends to any call, the answer is 2xx or 4xx JSON — never a 5xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { FakeNowPayments } from '../test/fakes/nowpayments.js';

let t: TestApp;
let auth: string;
// Every method configured, so that "not configured" 503s do not hide what the input does.
let nowPayments: FakeNowPayments;
beforeAll(async () => {
  nowPayments = await FakeNowPayments.start({ apiKey: 'fuzz-key', ipnSecret: 'fuzz-secret' });
  t = await startTestApp({
    env: {
      NOWPAYMENTS_API_KEY: 'fuzz-key',
      NOWPAYMENTS_IPN_SECRET: 'fuzz-secret',
      NOWPAYMENTS_API_URL: nowPayments.url,
    },
  });
  auth = t.initData(newUserId());
});
afterAll(async () => {
  await t?.close();
  await nowPayments?.close();
});

const fieldNames = [
  'manager_id',
  'message',
  'message_text',
  'id',
  'category_id',
  'name',
  'dateOfBirth',
  'timeOfBirth',
  'email',
  'description',
  'rating',
  'text',
  'request_type',
  'image_id',
  'telegram_user_id',
  'online',
  'amount',
  'sound',
  'theme',
  'allowed',
];
const value = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '3',
    '1e309',
    'NaN',
    '2024-02-30',
    '25:61',
    'tarot',
    'x'.repeat(2000),
    '1990-01-01',
    '12:30',
    'a@b.co',
    '00000000-0000-4000-8000-000000000000',
  ),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 5 }),
  fc.anything({ maxDepth: 2 }),
);
const rawBody = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('{', '[]', 'null', '"x"', '{"manager_id":1,"message":"\\u0000"}'),
);
const query = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
  { maxKeys: 3 },
);

const calls = Object.values(CALLS).flatMap((call) =>
  call.methods.map((method) => ({ method, name: call.name })),
);

describe('every call under random input', () => {
  it('answers only 2xx or 4xx JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.boolean(),
        body,
        rawBody,
        query,
        fc.boolean(),
        async (call, asJson, jsonBody, raw, q, prefixed) => {
          const search = new URLSearchParams(q).toString();
          const response = await t.app.inject({
            method: call.method,
            url: `${prefixed ? '/api/' : '/'}${call.name}${search ? `?${search}` : ''}`,
            headers: { authorization: auth, 'content-type': 'application/json' },
            ...(call.method === 'GET' ? {} : { payload: asJson ? JSON.stringify(jsonBody) : raw }),
          });
          expect(response.statusCode, `${call.method} ${call.name} ${response.body}`).toBeLessThan(
            500,
          );
          expect(() => response.json()).not.toThrow();
        },
      ),
      { numRuns: 600 },
    );
  });

  it('answers random Authorization headers with 401, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom(...calls),
        async (header, call) => {
          if (!t.app.hasRoute({ method: call.method, url: `/api/${call.name}` })) return;
          const response = await t.app.inject({
            method: call.method,
            url: `/api/${call.name}`,
            headers: { authorization: header },
          });
          expect([400, 401, 403]).toContain(response.statusCode);
        },
      ),
      { numRuns: 200 },
    );
  });
});
