/** Property: whatever a client sends to any call, the answer is 2xx or 4xx JSON — never a 5xx. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { CALLS, type CallSpec } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { FakeNowPayments } from '../test/fakes/nowpayments.js';

let t: TestApp;
let auth: string;
/** Admins' calls take dates and free text in query strings: they are tried too. */
let adminAuth: string;
const ADMIN = 777_000_555;
// Every method configured, so that "not configured" 503s do not hide what the input does.
let nowPayments: FakeNowPayments;
beforeAll(async () => {
  nowPayments = await FakeNowPayments.start({ apiKey: 'fuzz-key', ipnSecret: 'fuzz-secret' });
  t = await startTestApp({
    env: {
      NOWPAYMENTS_API_KEY: 'fuzz-key',
      NOWPAYMENTS_IPN_SECRET: 'fuzz-secret',
      NOWPAYMENTS_API_URL: nowPayments.url,
      ADMIN_TELEGRAM_IDS: String(ADMIN),
      // TON quotes then use the fixed test rate; no deposit watcher runs in this app.
      TON_WALLET_ADDRESS: `0:${'ab'.repeat(32)}`,
    },
  });
  auth = t.initData(newUserId());
  adminAuth = t.initData(ADMIN);
  // The admin is advisor 1's account too, so advisors' calls parse their input.
  const linked = await t.app.inject({
    method: 'POST',
    url: '/api/AdminLinkAdvisor.php',
    headers: { authorization: adminAuth },
    payload: { manager_id: 1, telegram_id: ADMIN },
  });
  expect(linked.statusCode, linked.body).toBe(200);
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
  'up_to',
  'from',
  'to',
  'q',
  'tz',
  'v',
];
/** Dates JavaScript or PostgreSQL cannot hold, and text PostgreSQL cannot store. */
const edgeTexts = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '275760-01-01',
  '-000001-01-01T00:00:00Z',
  '9999-12-31',
  '\u0000',
  'a\u0000b',
);
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
  edgeTexts,
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
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), edgeTexts),
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
        fc.boolean(),
        async (call, asJson, jsonBody, raw, q, prefixed, asAdmin) => {
          const search = new URLSearchParams(q).toString();
          const response = await t.app.inject({
            method: call.method,
            url: `${prefixed ? '/api/' : '/'}${call.name}${search ? `?${search}` : ''}`,
            headers: {
              authorization: asAdmin ? adminAuth : auth,
              'content-type': 'application/json',
            },
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

  // Random choice can miss a call for many runs; each one is also tried once, empty and filled.
  it('answers every call, with an empty and with a filled body, with 2xx or 4xx', async () => {
    for (const { method, name } of calls)
      for (const payload of [{}, { ...VALID, telegram_user_id: ADMIN, telegram_id: ADMIN }])
        for (const authorization of [auth, adminAuth]) {
          const response = await t.app.inject({
            method,
            url: `/api/${name}`,
            headers: { authorization, 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          });
          expect(response.statusCode, `${method} ${name} ${response.body}`).toBeLessThan(500);
        }
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

/** What JavaScript's Date (±275760) or PostgreSQL (no year 0) cannot hold, and NUL. */
const UNHOLDABLE = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '275760-01-01',
  '-000001-01-01T00:00:00Z',
  '\u0000',
  'a\u0000b',
];

/** A valid value for each required field, so that the field under test is what the call decides on. */
const VALID: Record<string, unknown> = {
  manager_id: 2,
  message: 'hello',
  rating: 5,
  amount: '1',
  reason: 'fuzz',
  name: 'Fuzz',
  category_id: 1,
  online: true,
  allowed: true,
  enabled: true,
  time_zone: 'Europe/Moscow',
  deposit_id: 1,
  ledger_id: 1,
  offer_id: 1,
  telegram_payment_charge_id: 'charge',
};

interface Field {
  call: CallSpec;
  method: string;
  where: 'query' | 'body';
  key: string;
  base: Record<string, unknown>;
}

function fields(userId: number): Field[] {
  const valid: Record<string, unknown> = {
    ...VALID,
    telegram_user_id: userId,
    telegram_id: userId,
  };
  const list: Field[] = [];
  for (const call of Object.values(CALLS) as CallSpec[]) {
    for (const where of ['query', 'body'] as const) {
      const schema = call[where];
      if (!schema) continue;
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      const base = Object.fromEntries((json.required ?? []).map((key) => [key, valid[key]]));
      for (const key of Object.keys(json.properties ?? {}))
        for (const method of call.methods) list.push({ call, method, where, key, base });
    }
  }
  return list;
}

describe('every field of every call', () => {
  it('answers dates nobody can hold and NUL with 2xx or 4xx, never 5xx', async () => {
    const list = fields(ADMIN);
    const keys = new Set(list.map((field) => `${field.call.name}:${field.key}`));
    for (const key of [
      'MarkNotificationsRead.php:up_to',
      'UpdateUser.php:dateOfBirth',
      'AdminPayouts.php:from',
      'AdminListUsers.php:q',
    ])
      expect(keys, key).toContain(key);
    for (const field of list) {
      // Users' calls each by a new user, so no per-user limit answers before the input is read.
      const caller = field.call.access === 'user' ? newUserId() : ADMIN;
      for (const value of UNHOLDABLE) {
        const search = new URLSearchParams(
          Object.entries(field.where === 'query' ? field.base : {}).map(
            ([k, v]): [string, string] => [k, String(v)],
          ),
        );
        if (field.where === 'query') search.set(field.key, value);
        const response = await t.app.inject({
          method: field.method as 'GET',
          url: `/api/${field.call.name}${search.size ? `?${search}` : ''}`,
          headers: { authorization: t.initData(caller), 'content-type': 'application/json' },
          ...(field.where === 'body'
            ? { payload: JSON.stringify({ ...field.base, [field.key]: value }) }
            : {}),
        });
        const what = `${field.method} ${field.call.name} ${field.where}.${field.key}=${JSON.stringify(value)}: ${response.body}`;
        expect(() => response.json() as unknown, what).not.toThrow();
        // A method this server has not configured answers 503 `unavailable` once the input is read.
        if (response.statusCode === 503 && response.json<{ code: string }>().code === 'unavailable')
          continue;
        expect(response.statusCode, what).toBeLessThan(500);
      }
    }
  });
});
