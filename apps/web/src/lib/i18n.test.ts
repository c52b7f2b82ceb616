import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  ensureTexts,
  formatAmount,
  formatAmountChange,
  formatDate,
  formatMonthSince,
  formatPricePerMessage,
  formatTimeOfDay,
  chooseLocale,
  hasText,
  initialLocale,
  localeChoice,
  setLocale,
  t,
} from './i18n';

/** Intl separates the amount and the sign with a no-break space in Russian. */
const NBSP = '\u00a0';

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

describe('language across launches', () => {
  afterEach(async () => {
    localStorage.clear();
    await setLocale('en');
  });

  it('follows the language code on every launch when nothing was chosen', async () => {
    await setLocale(initialLocale(undefined, 'en'));
    expect(localStorage.getItem('locale-choice')).toBeNull();
    // Telegram switched to Russian before the next launch: the app follows.
    expect(initialLocale(undefined, 'ru')).toBe('ru');
    expect(initialLocale(undefined, 'en-US')).toBe('en');
    expect(localeChoice()).toBe('auto');
  });

  it('keeps a language chosen in Settings whatever Telegram says, until "auto"', async () => {
    await chooseLocale('en');
    expect(localeChoice()).toBe('en');
    expect(initialLocale(undefined, 'ru')).toBe('en');
    await chooseLocale('auto');
    expect(localeChoice()).toBe('auto');
    expect(initialLocale(undefined, 'ru')).toBe('ru');
  });

  it('drops the language older versions stored on first launch (a detection, not a choice)', () => {
    localStorage.setItem('locale', 'en');
    expect(initialLocale(undefined, 'ru')).toBe('ru');
    expect(localStorage.getItem('locale')).toBeNull();
    expect(localeChoice()).toBe('auto');
  });

  it('switches the texts at once when a language is chosen', async () => {
    await setLocale('en');
    await chooseLocale('ru');
    expect(t('common.loading')).toBe('Загрузка...');
  });
});

describe('t', () => {
  afterAll(() => setLocale('en'));

  it('reads feature files and fills placeholders, in both languages', async () => {
    await setLocale('en');
    expect(t('modals.review.action')).toBe('Submit');
    expect(t('chat.conversation', { name: 'Ann' })).toBe('Conversation with Ann');
    await setLocale('ru');
    expect(t('common.loading')).toBe('Загрузка...');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('shows the key for a missing text instead of failing', async () => {
    await setLocale('en');
    expect(t('common.noSuchText')).toBe('common.noSuchText');
  });
});

describe('plurals', () => {
  afterAll(() => setLocale('en', 'all'));

  it('English: one for 1, other for everything else', async () => {
    await setLocale('en', 'all');
    expect(t('chat.freeLeft', { count: 1 })).toBe('1 free message left');
    expect(t('chat.freeLeft', { count: 2 })).toBe('2 free messages left');
    expect(t('chat.freeLeft', { count: 0 })).toBe('0 free messages left');
    expect(t('history.unread', { count: 21 })).toBe('21 new messages');
    expect(t('advisors.years', { count: 1 })).toBe('1 year of experience');
    expect(t('advisors.years', { count: 12 })).toBe('12 years of experience');
  });

  it('Russian: 1 сообщение, 2 сообщения, 5 сообщений, 21 сообщение, 11 сообщений', async () => {
    await setLocale('ru', 'all');
    const paid = (count: number) => t('workspace.paidMessages', { count });
    expect(paid(1)).toBe('1 платное сообщение');
    expect(paid(2)).toBe('2 платных сообщения');
    expect(paid(5)).toBe('5 платных сообщений');
    expect(paid(11)).toBe('11 платных сообщений');
    expect(paid(14)).toBe('14 платных сообщений');
    expect(paid(21)).toBe('21 платное сообщение');
    expect(paid(22)).toBe('22 платных сообщения');
    expect(paid(0)).toBe('0 платных сообщений');
    expect(t('chat.freeLeft', { count: 3 })).toBe('осталось 3 бесплатных сообщения');
    expect(t('advisors.years', { count: 1 })).toBe('стаж 1 год');
    expect(t('advisors.years', { count: 4 })).toBe('стаж 4 года');
    expect(t('advisors.years', { count: 15 })).toBe('стаж 15 лет');
    expect(t('advisors.clients', { count: 1200 })).toBe('клиентов');
    expect(t('common.starsValue', { count: 5 })).toBe('5 звёзд');
  });

  it('writes the count the language’s way, and a plural key counts as present', async () => {
    await setLocale('ru', 'all');
    expect(t('history.unread', { count: 1250 })).toBe(`1${NBSP}250 новых сообщений`);
    expect(hasText('history.unread')).toBe(true);
    await setLocale('en', 'all');
    expect(t('history.unread', { count: 1250 })).toBe('1,250 new messages');
    // A count on a text without plural forms only fills the placeholder.
    expect(t('request.counter', { count: 3, max: 50 })).toBe('3/50');
  });
});

describe('money in the current language', () => {
  afterAll(() => setLocale('en', 'all'));

  it('shows amounts, changes and prices per message as each language writes them', async () => {
    await setLocale('en', 'all');
    expect(formatAmount(125050)).toBe('$1,250.50');
    expect(formatAmountChange(1250)).toBe('+$12.50');
    expect(formatAmountChange(-250)).toBe('-$2.50');
    expect(formatPricePerMessage(299)).toBe('$2.99/message');
    await setLocale('ru', 'all');
    expect(formatAmount(125050)).toBe(`1${NBSP}250,50${NBSP}$`);
    expect(formatAmountChange(1250)).toBe(`+12,50${NBSP}$`);
    expect(formatAmountChange(-250)).toBe(`-2,50${NBSP}$`);
    expect(formatPricePerMessage(299)).toBe(`2,99${NBSP}$/сообщение`);
  });
});

describe('dates', () => {
  afterAll(() => setLocale('en', 'all'));
  const GENITIVE = [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ];

  it('"since" a month: the Russian month in the genitive, every month', async () => {
    await setLocale('ru', 'all');
    GENITIVE.forEach((month, index) => {
      // The 28th exists in every month; the day must not show.
      // Intl puts a (narrow) no-break space before "г.".
      expect(formatMonthSince(new Date(2026, index, 28))).toMatch(
        new RegExp(`^${month} 2026\\sг\\.$`),
      );
    });
    expect(t('profile.since', { date: formatMonthSince(new Date(2026, 10, 3)) })).toMatch(
      /^с ноября 2026\sг\.$/,
    );
  });

  it('times of day on the 24-hour clock in both languages, whatever the options ask', async () => {
    const afternoon = new Date(2026, 10, 3, 14, 5);
    const midnight = new Date(2026, 10, 3, 0, 30);
    for (const language of ['en', 'ru'] as const) {
      await setLocale(language, 'all');
      expect(formatDate(afternoon, { hour: '2-digit', minute: '2-digit' })).toBe('14:05');
      expect(formatDate(afternoon, { hour: 'numeric', minute: '2-digit', hour12: true })).toMatch(
        /^14:05$/,
      );
      expect(formatDate(midnight, { hour: '2-digit', minute: '2-digit' })).toBe('00:30');
      expect(formatDate(afternoon, { timeStyle: 'short' })).toBe('14:05');
      expect(
        formatDate(afternoon, {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }),
      ).not.toMatch(/PM|AM/);
    }
    expect(formatTimeOfDay('14:30:00')).toBe('14:30');
    expect(formatTimeOfDay('9:05')).toBe('09:05');
    expect(formatTimeOfDay(null)).toBe('');
    expect(formatTimeOfDay('soon')).toBe('');
  });

  it('"since November 2026" in English', async () => {
    await setLocale('en', 'all');
    expect(t('profile.since', { date: formatMonthSince(new Date(2026, 10, 3)) })).toBe(
      'since November 2026',
    );
  });
});

describe('locale files', () => {
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });
  const PLURAL = /_(zero|one|two|few|many|other)$/;

  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value).flatMap(([key, child]) =>
      keys(child, prefix ? `${prefix}.${key}` : key),
    );
  }

  const byLocale: Record<string, Set<string>> = { en: new Set(), ru: new Set() };
  for (const [path, content] of Object.entries(files)) {
    const [, locale, feature] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!;
    for (const key of keys(content)) byLocale[locale!]!.add(`${feature}.${key}`);
  }

  it('give every English text a Russian one and the other way round (plural forms aside)', () => {
    const texts = (locale: string) =>
      new Set([...byLocale[locale]!].map((key) => key.replace(PLURAL, '')));
    const en = texts('en');
    const ru = texts('ru');
    const missingInRu = [...en].filter((key) => !ru.has(key));
    const missingInEn = [...ru].filter((key) => !en.has(key));
    expect({ missingInRu, missingInEn }).toEqual({ missingInRu: [], missingInEn: [] });
  });

  it('give every counted text each plural form its language has, and no other', () => {
    const problems: string[] = [];
    for (const [locale, all] of Object.entries(byLocale)) {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const counted = new Set(
        [...all].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')),
      );
      for (const base of counted) {
        for (const form of needed)
          if (!all.has(`${base}_${form}`)) problems.push(`${locale}: ${base}_${form} missing`);
        if (all.has(base)) problems.push(`${locale}: ${base} has plural forms and a plain text`);
      }
      for (const key of all) {
        const form = PLURAL.exec(key)?.[1];
        if (form && !needed.includes(form as Intl.LDMLPluralRule))
          problems.push(`${locale}: ${key} is not a form of this language`);
      }
    }
    expect(problems).toEqual([]);
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
