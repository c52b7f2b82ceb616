import { afterAll, describe, expect, it } from 'vitest';
import { ensureTexts, initialLocale, setLocale, t } from './i18n';

describe('locale choice', () => {
  it('follows the language code: ru → ru, other known or unknown → en, none → ru', () => {
    expect(initialLocale(null, 'ru-RU')).toBe('ru');
    expect(initialLocale(null, 'en-GB')).toBe('en');
    expect(initialLocale(null, 'de')).toBe('en');
    expect(initialLocale(null, null)).toBe('ru');
  });

  it('keeps a locale the user chose, and ignores an unknown stored one', () => {
    expect(initialLocale('en', 'ru')).toBe('en');
    expect(initialLocale('fr', 'ru')).toBe('ru');
  });
});

describe('t', () => {
  afterAll(() => setLocale('en'));

  it('reads feature files and fills placeholders, in both languages', async () => {
    await setLocale('en');
    expect(t('modals.review.action')).toBe('Submit');
    expect(t('common.pricePerMessage', { price: 2.99 })).toBe('2.99$/message');
    await setLocale('ru');
    expect(t('common.loading')).toBe('Загрузка...');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('shows the key for a missing text instead of failing', async () => {
    await setLocale('en');
    expect(t('common.noSuchText')).toBe('common.noSuchText');
  });
});

describe('locale files', () => {
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });

  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value).flatMap(([key, child]) =>
      keys(child, prefix ? `${prefix}.${key}` : key),
    );
  }

  it('give every English text a Russian one and the other way round', () => {
    const byLocale: Record<string, Set<string>> = { en: new Set(), ru: new Set() };
    for (const [path, content] of Object.entries(files)) {
      const [, locale, feature] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!;
      for (const key of keys(content)) byLocale[locale!]!.add(`${feature}.${key}`);
    }
    const missingInRu = [...byLocale.en!].filter((key) => !byLocale.ru!.has(key));
    const missingInEn = [...byLocale.ru!].filter((key) => !byLocale.en!.has(key));
    expect({ missingInRu, missingInEn }).toEqual({ missingInRu: [], missingInEn: [] });
  });
});

describe('texts on demand', () => {
  afterAll(() => setLocale('en', 'all'));

  it('loads the core and the asked features first, the rest when a page asks for them', async () => {
    await setLocale('en', ['home']);
    expect(t('home.tarotTitle')).toBe('Daily Tarot Reading');
    expect(t('modals.review.action')).toBe('Submit');
    expect(t('settings.title')).toBe('settings.title');
    await ensureTexts(['settings']);
    expect(t('settings.title')).toBe('Settings');
    await setLocale('ru');
    expect(t('settings.title')).toBe('Настройки');
    expect(t('advisors.title')).toBe('advisors.title');
    await ensureTexts();
    expect(t('advisors.title')).toBe('Эксперты');
  });
});
