import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n';
import type { CurrentUser } from '../../lib/user';
import { balanceText, birthDateText, displayName, signText } from './user-facts';

const empty = {
  username: null,
  name: null,
  first_name: null,
  birthdate: null,
  horoscope: null,
  balance_cents: 0,
} as unknown as CurrentUser;

describe('profile card texts', () => {
  it("falls back to 'User', 'Not specified' and 0.00", () => {
    expect(displayName(empty)).toBe('User');
    expect(birthDateText(empty)).toBe('Not specified');
    expect(signText(empty)).toBe('Not specified');
    expect(balanceText(empty)).toBe('$0.00');
    expect(balanceText(undefined)).toBe('$0.00');
  });

  it('shows the stored values', () => {
    const user = {
      ...empty,
      username: 'anna',
      birthdate: '1990-04-05',
      horoscope: 'aries',
      balance_cents: 125050,
    } as CurrentUser;
    expect(displayName(user)).toBe('anna');
    expect(birthDateText(user)).toBe('April 5, 1990');
    expect(signText(user)).toBe('Aries');
    expect(balanceText(user)).toBe('$1,250.50');
  });

  it('shows them the Russian way in Russian', async () => {
    await setLocale('ru', 'all');
    try {
      const user = { ...empty, birthdate: '1990-04-05', balance_cents: 125050 } as CurrentUser;
      expect(balanceText(user)).toBe('1\u00a0250,50\u00a0$');
      expect(birthDateText(user)).toMatch(/^5 апреля 1990\sг\.$/);
    } finally {
      await setLocale('en', 'all');
    }
  });

  it("calls a demo guest 'Guest' in the current language, a real user by their name", async () => {
    const guest = { ...empty, username: 'guest12345', first_name: 'Guest' } as CurrentUser;
    expect(displayName(guest)).toBe('Guest');
    await setLocale('ru', 'all');
    try {
      expect(displayName(guest)).toBe('Гость');
      expect(displayName({ ...guest, first_name: 'Гость' } as CurrentUser)).toBe('Гость');
      // A name the guest gave, or a Telegram user who only happens to be called Guest, is kept.
      expect(displayName({ ...guest, name: 'Вера' } as CurrentUser)).toBe('Вера');
      expect(displayName({ ...guest, username: 'guest_star' } as CurrentUser)).toBe('guest_star');
    } finally {
      await setLocale('en', 'all');
    }
  });
});
