/** The bot-messages question: asked once, inside Telegram, only while not allowed; the answer goes to the server. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const telegram = vi.hoisted(() => ({ inTelegram: true, answer: true, asked: 0 }));
const calls = vi.hoisted(() => [] as Array<{ name: string; input: unknown }>);

vi.mock('./telegram', () => ({
  isInTelegram: () => telegram.inTelegram,
  requestWriteAccess: async () => {
    telegram.asked += 1;
    return telegram.answer;
  },
}));
vi.mock('./api-client', () => ({
  callApi: async (name: string, input: unknown) => {
    calls.push({ name, input });
    return { status: 'success' };
  },
}));

import { askWriteAccessOnce } from './write-access';
import { clearDataCache, getCachedData, setCachedData } from './use-data';
import { USER_DATA_KEY, type CurrentUser } from './user';

function signedIn(allows: boolean) {
  const profile = {
    telegram_user_id: 5,
    allows_write_to_pm: allows,
  } as unknown as CurrentUser['data'];
  setCachedData<CurrentUser>(USER_DATA_KEY, {
    status: 'success',
    ...profile,
    data: profile,
  } as CurrentUser);
}

describe('askWriteAccessOnce', () => {
  beforeEach(() => {
    clearDataCache();
    calls.length = 0;
    telegram.inTelegram = true;
    telegram.answer = true;
    telegram.asked = 0;
  });

  it('asks once, reports the answer, and remembers it', async () => {
    signedIn(false);
    expect(await askWriteAccessOnce()).toBe(true);
    expect(calls).toEqual([{ name: 'SetWriteAccess', input: { body: { allowed: true } } }]);
    expect(getCachedData<CurrentUser>(USER_DATA_KEY)?.allows_write_to_pm).toBe(true);
    signedIn(false);
    expect(await askWriteAccessOnce()).toBeNull();
    expect(telegram.asked).toBe(1);
  });

  it('reports a refusal too, and does not ask again', async () => {
    signedIn(false);
    telegram.answer = false;
    expect(await askWriteAccessOnce()).toBe(false);
    expect(calls).toEqual([{ name: 'SetWriteAccess', input: { body: { allowed: false } } }]);
    expect(await askWriteAccessOnce()).toBeNull();
  });

  it('does not ask outside Telegram or when the bot may already write', async () => {
    signedIn(true);
    expect(await askWriteAccessOnce()).toBeNull();
    signedIn(false);
    telegram.inTelegram = false;
    expect(await askWriteAccessOnce()).toBeNull();
    expect(telegram.asked).toBe(0);
    expect(calls).toEqual([]);
  });
});
