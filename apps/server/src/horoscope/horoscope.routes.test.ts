/** GetHoroscope.php and the birth place in UpdateUser.php / GetUser.php, over the app with a real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { HoroscopeService } from './horoscope.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function update(userId: number, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/UpdateUser.php',
    headers: { authorization: t.initData(userId) },
    payload,
  });
}

function horoscope(userId: number, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/GetHoroscope.php?${query}`,
    headers: { authorization: t.initData(userId) },
  });
}

describe('birth place in the profile', () => {
  it('stores a city of the list or a UTC offset, and clears it', async () => {
    const userId = newUserId();
    const city = await update(userId, { birthPlace: 'novosibirsk' });
    expect(city.statusCode).toBe(200);
    expect(CALLS.UpdateUser.answer.parse(city.json()).user.birth_place).toBe('novosibirsk');

    expect((await update(userId, { birthPlace: 'UTC-03:30' })).json().user.birth_place).toBe(
      'UTC-03:30',
    );
    const [row] = await t.db.sql<{ birth_city: string | null; birth_utc_offset_minutes: number }[]>`
      SELECT birth_city, birth_utc_offset_minutes FROM users WHERE telegram_id = ${userId}`;
    expect(row).toEqual({ birth_city: null, birth_utc_offset_minutes: -210 });

    // Other fields leave it as it is; '' clears it.
    expect((await update(userId, { name: 'Ann' })).json().user.birth_place).toBe('UTC-03:30');
    expect((await update(userId, { birthPlace: '' })).json().user.birth_place).toBeNull();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: t.initData(userId) },
    });
    expect(CALLS.GetUser.answer.parse(profile.json()).birth_place).toBeNull();
  });

  it('refuses an unknown city and a bad offset with 400', async () => {
    const userId = newUserId();
    for (const birthPlace of [
      'atlantis',
      'Moscow',
      'UTC+15:00',
      'UTC+03:20',
      'UTC+3',
      'GMT+03:00',
      42,
    ]) {
      const answer = await update(userId, { birthPlace });
      expect(answer.statusCode, String(birthPlace)).toBe(400);
      expect(answer.json().message).toMatch(/birthPlace/);
    }
  });
});

describe('GetHoroscope.php', () => {
  it('reads the Sun and Moon from the profile and writes the day in the asked language', async () => {
    const userId = newUserId();
    await update(userId, { dateOfBirth: '1990-08-05', timeOfBirth: '14:30', birthPlace: 'moscow' });
    const en = await horoscope(userId, 'day=today&lang=en&tz=Europe/Moscow');
    expect(en.statusCode).toBe(200);
    const answer = CALLS.GetHoroscope.answer.parse(en.json());
    expect(answer.natal).toMatchObject({ sun: { sign: 'leo' }, exact: true });
    expect(answer.natal!.headline).toMatch(/^Your Sun in Leo, Moon in \w+$/);
    expect(answer.reading!.intro).toMatch(/^Today the Moon is in/);

    const ru = CALLS.GetHoroscope.answer.parse(
      (await horoscope(userId, 'day=tomorrow&lang=ru&tz=Europe/Moscow')).json(),
    );
    expect(ru.natal!.headline).toMatch(/^Ваше Солнце во Льве, Луна/);
    expect(ru.reading!.intro).toMatch(/^Завтра Луна/);
    const day = (date: string) => new Date(`${date}T00:00:00Z`).getTime();
    expect(day(ru.date) - day(answer.date)).toBe(24 * 3_600_000);
  });

  it("takes the language from the user's Telegram language when not asked", async () => {
    const userId = newUserId();
    await update(userId, { dateOfBirth: '1990-08-05' });
    const answer = (await horoscope(userId, '')).json();
    expect(['en', 'ru']).toContain(answer.lang);
    expect(answer.natal.exact).toBe(false);
    expect(answer.natal.note).toBeTruthy();
  });

  it('answers without a natal chart when the birth date is not set', async () => {
    const userId = newUserId();
    await update(userId, { name: 'No date' });
    const answer = await horoscope(userId, 'day=today&lang=en');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'success', natal: null, reading: null });
  });

  it('refuses a bad day, language or time zone with 400', async () => {
    const userId = newUserId();
    for (const query of ['day=yesterday', 'lang=fr', 'tz=Mars/Olympus', 'tz=' + 'A'.repeat(80)]) {
      const answer = await horoscope(userId, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().status).toBe('error');
    }
  });

  it('reads "today" in the caller\'s time zone, and is the same all that day', async () => {
    const userId = newUserId();
    await update(userId, {
      dateOfBirth: '1985-03-01',
      timeOfBirth: '06:00',
      birthPlace: 'UTC+09:00',
    });
    const at = (iso: string) => new HoroscopeService(t.services.users, () => new Date(iso));
    const late = await at('2026-11-25T22:30:00Z').forUser(userId, {
      day: 'today',
      lang: 'en',
      tz: 'Asia/Vladivostok',
    });
    expect(late.date).toBe('2026-11-26');
    const morning = await at('2026-11-25T21:00:00Z').forUser(userId, {
      day: 'today',
      lang: 'en',
      tz: 'Asia/Vladivostok',
    });
    expect(morning).toEqual(late);
    const utc = await at('2026-11-25T22:30:00Z').forUser(userId, { day: 'today', lang: 'en' });
    expect(utc.date).toBe('2026-11-25');
  });
});
