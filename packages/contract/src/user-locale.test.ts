import { describe, expect, it } from 'vitest';
import { userLocale } from './user-locale.js';

describe("a user's language", () => {
  it('is the one chosen in Settings, whatever Telegram says', () => {
    expect(userLocale({ chosen: 'ru', telegramCode: 'en' })).toBe('ru');
    expect(userLocale({ chosen: 'en', telegramCode: 'ru-RU' })).toBe('en');
    expect(userLocale({ chosen: 'en', telegramCode: null })).toBe('en');
  });

  it("follows Telegram's code without a choice, region and case aside", () => {
    expect(userLocale({ chosen: null, telegramCode: 'ru-RU' })).toBe('ru');
    expect(userLocale({ telegramCode: 'RU' })).toBe('ru');
    expect(userLocale({ telegramCode: 'EN' })).toBe('en');
    expect(userLocale({ telegramCode: 'en_GB' })).toBe('en');
  });

  it('is English for a language Seer does not speak', () => {
    expect(userLocale({ chosen: null, telegramCode: 'de' })).toBe('en');
    expect(userLocale({ telegramCode: 'pt-BR' })).toBe('en');
  });

  it('is Russian when there is neither a choice nor a code', () => {
    expect(userLocale({})).toBe('ru');
    expect(userLocale({ chosen: null, telegramCode: null })).toBe('ru');
    expect(userLocale({ telegramCode: '' })).toBe('ru');
  });

  it('ignores a stored choice that is not a supported language', () => {
    expect(userLocale({ chosen: 'fr', telegramCode: 'en' })).toBe('en');
    expect(userLocale({ chosen: 'RU', telegramCode: 'en' })).toBe('en');
  });
});
