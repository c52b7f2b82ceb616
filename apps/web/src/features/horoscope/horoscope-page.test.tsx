import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import HoroscopePage from './horoscope-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const user = (birth: Record<string, string | null>) => {
  const data = {
    telegram_user_id: 1,
    name: 'Ann',
    birthdate: null,
    time_of_birth: null,
    birth_place: null,
    horoscope: null,
    ...birth,
  };
  return { status: 'success', ...data, data };
};

const skyAnswer = (lang: 'en' | 'ru') => ({
  status: 'success',
  date: '2026-11-25',
  lang,
  natal: {
    sun: { sign: 'leo', longitude: 132.76 },
    moon: { signs: ['capricorn'], longitude: 299.04 },
    exact: true,
    headline:
      lang === 'en' ? 'Your Sun in Leo, Moon in Capricorn' : 'Ваше Солнце во Льве, Луна в Козероге',
    note: null,
  },
  reading: {
    intro:
      lang === 'en'
        ? 'Today the Moon is in Aquarius: a day for friends.'
        : 'Сегодня Луна в Водолее: день для друзей.',
    transits: [
      {
        body: 'mars',
        aspect: 'square',
        point: 'sun',
        orb: 1.4,
        title: lang === 'en' ? 'Mars square your Sun' : 'Марс в квадрате к вашему Солнцу',
        text: lang === 'en' ? 'Friction and haste.' : 'Трения и спешка.',
      },
    ],
  },
});

function answering(profile: ReturnType<typeof user>) {
  callApi.mockImplementation((name: string, input?: { query?: { lang?: 'en' | 'ru' } }) =>
    Promise.resolve(name === 'GetUser' ? profile : skyAnswer(input?.query?.lang ?? 'en')),
  );
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path: path.split('?')[0]! });
  const [, search = ''] = path.split('?');
  const searchHook = () => search;
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <Route path="/horoscope">
        <HoroscopePage />
      </Route>
    </Router>,
  );
}

describe('horoscope page', () => {
  beforeEach(async () => {
    clearDataCache();
    callApi.mockReset();
    await setLocale('en', 'all');
  });
  afterEach(() => setLocale('en', 'all'));

  it("shows the natal Sun and Moon and the day's transits computed by the server", async () => {
    answering(user({ birthdate: '1990-08-05', time_of_birth: '14:30', birth_place: 'moscow' }));
    renderAt('/horoscope?day=tomorrow');
    expect(
      await screen.findByRole('heading', { name: 'Your Sun in Leo, Moon in Capricorn' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mars square your Sun' })).toBeTruthy();
    expect(screen.getByText('Orb 1.4°')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tomorrow' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('link', { name: 'Ask an astrologer' })).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('GetHoroscope', {
      query: expect.objectContaining({ day: 'tomorrow', lang: 'en' }),
    });
  });

  it('shows it in Russian, with the orb written the Russian way', async () => {
    await setLocale('ru', 'all');
    answering(user({ birthdate: '1990-08-05', time_of_birth: '14:30', birth_place: 'moscow' }));
    renderAt('/horoscope');
    expect(
      await screen.findByRole('heading', { name: 'Ваше Солнце во Льве, Луна в Козероге' }),
    ).toBeTruthy();
    expect(screen.getByText('Орбис 1,4°')).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('GetHoroscope', {
      query: expect.objectContaining({ day: 'today', lang: 'ru' }),
    });
  });

  it('keeps the sign-of-the-day text without a birth date, without asking for the sky', async () => {
    answering(user({}));
    renderAt('/horoscope');
    expect(await screen.findByRole('heading', { name: 'Aries' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your birth date' })).toBeTruthy();
    expect(callApi).not.toHaveBeenCalledWith('GetHoroscope', expect.anything());
  });
});
