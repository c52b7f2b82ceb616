/**
 * Property: every id parameter of every call (query, body, socket frame), given anything from 0,
 * negatives and 2^31 to 2^64, floats and non-numbers, is answered 2xx or 4xx JSON — never a 5xx —
 * and the socket answers with its error frame and stays open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { CALLS, type CallSpec } from '@seer/contract';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { newUserId } from '../test/harness.js';
import { INTERNAL_ERROR_MESSAGE } from '../errors.js';

/** Every name an id goes by in the contract's requests. */
const ID_NAMES = [
  'id',
  'manager_id',
  'telegram_user_id',
  'telegram_id',
  'deposit_id',
  'category_id',
  'image_id',
  'avatar_image_id',
] as const;

/** The edges the contract must hold, as JSON values (bodies) and as they arrive in a query. */
const EDGES: unknown[] = [
  0,
  -1,
  -2147483648,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 63,
  2 ** 64,
  1.5,
  1e308,
  '0',
  '-1',
  '2147483648',
  '9007199254740992',
  '9223372036854775808',
  '18446744073709551616',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '',
  'abc',
  'NaN',
  'Infinity',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  null,
  true,
  [1],
  { id: 1 },
];

/** A valid value for each required field, so that the id under test is what the call decides on. */
const VALID: Record<string, unknown> = {
  manager_id: 2,
  message: 'hello',
  rating: 5,
  amount: '1',
  reason: 'id test',
  name: 'Id Test',
  price: '1.00',
  category_id: 1,
  online: true,
  allowed: true,
  telegram_user_id: 0, // replaced by a real user below
  telegram_id: 0,
  deposit_id: 1,
  telegram_payment_charge_id: 'charge',
};

interface Target {
  call: string;
  method: string;
  where: 'query' | 'body';
  key: string;
  /** The required fields of that part of the request, with valid values. */
  base: Record<string, unknown>;
}

function inputProperties(schema: z.ZodType): { keys: string[]; required: string[] } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return { keys: Object.keys(json.properties ?? {}), required: json.required ?? [] };
}

function targets(userId: number): Target[] {
  const valid: Record<string, unknown> = {
    ...VALID,
    telegram_user_id: userId,
    telegram_id: userId,
  };
  const list: Target[] = [];
  for (const call of Object.values(CALLS) as CallSpec[]) {
    for (const where of ['query', 'body'] as const) {
      const schema = call[where];
      if (!schema) continue;
      const { keys, required } = inputProperties(schema);
      const base = Object.fromEntries(required.map((key) => [key, valid[key]]));
      for (const key of keys.filter((k) => (ID_NAMES as readonly string[]).includes(k))) {
        for (const method of call.methods) list.push({ call: call.name, method, where, key, base });
      }
    }
  }
  return list;
}

let t: LiveApp;
const ADMIN = newUserId();
beforeAll(async () => {
  t = await startLiveApp({
    env: { ADMIN_TELEGRAM_IDS: String(ADMIN) },
    // Hundreds of frames in a row: this test is about ids, not about floods.
    socket: {
      connectionFrames: { ratePerSecond: 1000, burst: 1000 },
      userFrames: { ratePerSecond: 1000, burst: 1000 },
    },
  });
  // The caller is a user, an admin and advisor 1's account, so every call parses its input.
  expect(
    (
      await t.call('POST', '/api/AdminLinkAdvisor.php', ADMIN, {
        manager_id: 1,
        telegram_id: ADMIN,
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function ask(target: Target, value: unknown): Promise<{ status: number; body: string }> {
  const auth = t.initData(ADMIN);
  if (target.where === 'query') {
    const search = new URLSearchParams(
      Object.entries(target.base).map(([k, v]): [string, string] => [k, String(v)]),
    );
    search.delete(target.key);
    for (const item of Array.isArray(value) ? value : [value])
      search.append(target.key, String(item));
    const response = await t.app.inject({
      method: target.method as 'GET',
      url: `/api/${target.call}?${search}`,
      headers: { authorization: auth },
    });
    return { status: response.statusCode, body: response.body };
  }
  const response = await t.app.inject({
    method: target.method as 'POST',
    url: `/api/${target.call}`,
    headers: { authorization: auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ ...target.base, [target.key]: value }),
  });
  return { status: response.statusCode, body: response.body };
}

function expectClientAnswer(
  target: Target,
  value: unknown,
  answer: { status: number; body: string },
) {
  const what = `${target.method} ${target.call} ${target.where}.${target.key}=${JSON.stringify(value)}: ${answer.body}`;
  expect(answer.status, what).toBeLessThan(500);
  expect(() => JSON.parse(answer.body), what).not.toThrow();
}

describe('id parameters', () => {
  it('are found in the calls (the test covers what the contract has)', () => {
    const covered = new Set(targets(1).map((target) => `${target.call}:${target.key}`));
    for (const name of [
      'GetManager.php:id',
      'GetAllMessages.php:manager_id',
      'CreateMessage.php:manager_id',
      'ManagerGetMessages.php:telegram_user_id',
      'AdminAssignDeposit.php:deposit_id',
      'AdminLinkAdvisor.php:telegram_id',
      'GetManagersByCategory.php:category_id',
    ])
      expect(covered, name).toContain(name);
  });

  it('answer 0, negatives, 2^31, 2^53, 2^64, floats, non-numbers and empty with 2xx or 4xx, never 5xx', async () => {
    const list = targets(ADMIN);
    for (const target of list) {
      for (const value of EDGES) expectClientAnswer(target, value, await ask(target, value));
    }
  });

  it('answer random numbers and strings with 2xx or 4xx, never 5xx', async () => {
    const list = targets(ADMIN);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...list),
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.double(),
          fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
          fc.string({ maxLength: 24 }),
        ),
        async (target, value) => expectClientAnswer(target, value, await ask(target, value)),
      ),
      { numRuns: 300 },
    );
  });

  it('in GET /api/images/:id answer 404, never 5xx', async () => {
    for (const value of EDGES) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/images/${encodeURIComponent(String(value))}`,
      });
      expect(response.statusCode, String(value)).toBe(404);
    }
  });

  it('in socket frames get the error frame, never a server failure, and the socket stays open', async () => {
    const socket = await t.connect(ADMIN);
    const types = ['subscribe_dialog', 'unsubscribe_dialog'] as const;
    for (const type of types) {
      for (const value of EDGES) {
        for (const frame of [
          { type, telegram_user_id: value, manager_id: 1 },
          { type, telegram_user_id: ADMIN, manager_id: value },
        ]) {
          const errors = socket.all('error').length;
          socket.send(frame);
          await socket.roundTrip();
          const fresh = socket.all('error').slice(errors);
          for (const error of fresh)
            expect(error.message, JSON.stringify(frame)).not.toBe(INTERNAL_ERROR_MESSAGE);
        }
      }
    }
    for (const value of EDGES) {
      socket.send({ type: 'user_connect', user_id: value, data: { manager_id: value } });
      socket.send({ type: 'manager_connect', user_id: ADMIN, data: { manager_id: value } });
    }
    await socket.roundTrip();
    expect(socket.all('error').map((e) => e.message)).not.toContain(INTERNAL_ERROR_MESSAGE);
    // Out-of-range ids are refused by the frame's schema, naming the field.
    socket.send({ type: 'subscribe_dialog', telegram_user_id: ADMIN, manager_id: 2 ** 31 });
    const refused = await socket.next('error', (e) => e.message.includes('manager_id'));
    expect(refused.message).toMatch(/Invalid subscribe_dialog frame: manager_id/);
    socket.close();
  });
});
