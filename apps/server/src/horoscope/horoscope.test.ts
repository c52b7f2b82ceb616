/** The composed horoscope: the natal headline, the day's transits, both languages, determinism. */
import { describe, expect, it } from 'vitest';
import { HOROSCOPE_ASPECTS, HOROSCOPE_BODIES, ZODIAC_SIGNS } from '@seer/contract';
import { composeHoroscope } from './horoscope.js';
import { HOROSCOPE_FRAGMENTS, inSigns } from './horoscope-texts.js';
import { findAspects, natalChart, positionsAt, skyInstant } from './sky.js';

const birth = { date: '1990-08-05', time: '14:30', place: { city: 'moscow' } };

describe('composed horoscope', () => {
  it('gives the same answer for the same birth data and day, and another for another day', () => {
    const ask = { birth, day: '2026-11-25', tomorrow: false, lang: 'en' as const };
    expect(composeHoroscope(ask)).toEqual(composeHoroscope({ ...ask }));
    const days = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].map((day) =>
      JSON.stringify(composeHoroscope({ ...ask, day }).reading),
    );
    expect(new Set(days).size).toBe(4);
  });

  it('writes the natal Sun and Moon, and the transits strongest first, in English', () => {
    // 5 August 1990, 14:30 in Moscow (summer time, UTC+4, so 10:30 UTC): Sun 12°45' Leo, Moon 29° Capricorn.
    const answer = composeHoroscope({ birth, day: '2026-11-25', tomorrow: false, lang: 'en' });
    expect(answer.natal).toMatchObject({ sun: { sign: 'leo' }, exact: true, note: null });
    expect(answer.natal!.headline).toBe('Your Sun in Leo, Moon in Capricorn');
    expect(natalChart(birth).at.toISOString()).toBe('1990-08-05T10:30:00.000Z');
    const chart = natalChart(birth);
    const expected = findAspects(positionsAt(skyInstant('2026-11-25')), chart);
    expect(answer.reading!.transits.map((t) => [t.body, t.aspect, t.point])).toEqual(
      expected.slice(0, 5).map((a) => [a.body, a.aspect, a.point]),
    );
    const orbs = answer.reading!.transits.map((t) => t.orb);
    expect(answer.reading!.intro).toMatch(/^Today the Moon is in \w+: a day /);
    for (const transit of answer.reading!.transits) {
      expect(transit.title).toMatch(/^(Sun|Moon|Mercury|Venus|Mars) .+ your (Sun|Moon)$/);
      expect(transit.text.length).toBeGreaterThan(40);
    }
    expect(orbs.every((orb) => orb >= 0 && orb <= 8)).toBe(true);
  });

  it('writes the same reading in Russian, with the cases of the titles', () => {
    const en = composeHoroscope({ birth, day: '2026-11-26', tomorrow: true, lang: 'en' });
    const ru = composeHoroscope({ birth, day: '2026-11-26', tomorrow: true, lang: 'ru' });
    expect(ru.lang).toBe('ru');
    expect(ru.natal!.headline).toBe('Ваше Солнце во Льве, Луна в Козероге');
    expect(ru.reading!.intro).toMatch(/^Завтра Луна (в|во) [А-Яа-яё]+: день/);
    expect(ru.reading!.transits.map((t) => t.aspect)).toEqual(
      en.reading!.transits.map((t) => t.aspect),
    );
    for (const transit of ru.reading!.transits) {
      expect(transit.title).toMatch(
        /^(Солнце|Луна|Меркурий|Венера|Марс) в (соединении с вашим Солнцем|соединении с вашей Луной|(секстиле|квадрате|трине|оппозиции) к (вашему Солнцу|вашей Луне))$/,
      );
      expect(transit.text).not.toMatch(/[A-Za-z]/);
    }
  });

  it("says the natal point's line once per kind of aspect", () => {
    for (const day of ['2026-11-25', '2026-12-01', '2027-01-10', '2027-03-03']) {
      const answer = composeHoroscope({ birth, day, tomorrow: false, lang: 'en' });
      const lines = Object.values(HOROSCOPE_FRAGMENTS.en.point).flatMap((natures) =>
        Object.values(natures),
      );
      for (const line of lines) {
        const times = answer.reading!.transits.filter((t) => t.text.endsWith(line)).length;
        expect(times, `${day}: ${line}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('has every fragment in both languages', () => {
    for (const lang of ['en', 'ru'] as const) {
      const fragments = HOROSCOPE_FRAGMENTS[lang];
      for (const body of HOROSCOPE_BODIES)
        for (const aspect of HOROSCOPE_ASPECTS) expect(fragments.text[body][aspect]).toBeTruthy();
      for (const sign of ZODIAC_SIGNS) {
        expect(fragments.inSign[sign]).toBeTruthy();
        expect(fragments.moonDay[sign]).toBeTruthy();
      }
    }
  });

  it('names the range of Moon signs when the birth time is unknown', () => {
    expect(inSigns(HOROSCOPE_FRAGMENTS.en, ['leo', 'virgo'])).toBe('in Leo or Virgo');
    expect(inSigns(HOROSCOPE_FRAGMENTS.en, ['cancer', 'leo', 'virgo'])).toBe(
      'in Cancer, Leo or Virgo',
    );
    expect(inSigns(HOROSCOPE_FRAGMENTS.ru, ['cancer', 'leo', 'virgo'])).toBe(
      'в Раке, во Льве или в Деве',
    );
    // 31 December 1999: the Moon went from Libra into Scorpio that morning.
    const answer = composeHoroscope({
      birth: { date: '1999-12-31', time: null, place: { city: 'london' } },
      day: '2026-11-25',
      tomorrow: false,
      lang: 'en',
    });
    expect(answer.natal).toMatchObject({
      headline: 'Your Sun in Capricorn, Moon in Libra or Scorpio',
      exact: false,
      moon: { signs: ['libra', 'scorpio'], longitude: null },
    });
    expect(answer.natal!.note).toMatch(/time of birth/);
    // Without an exact Moon, only transits to the Sun are read.
    expect(answer.reading!.transits.every((t) => t.point === 'sun')).toBe(true);
    const ru = composeHoroscope({
      birth: { date: '1999-12-31', time: null, place: null },
      day: '2026-11-25',
      tomorrow: false,
      lang: 'ru',
    });
    expect(ru.natal!.headline).toBe('Ваше Солнце в Козероге, Луна в Весах или в Скорпионе');
  });

  it('gives no natal chart and no reading without a birth date (the app shows the sign of the day)', () => {
    expect(
      composeHoroscope({ birth: null, day: '2026-11-25', tomorrow: false, lang: 'ru' }),
    ).toEqual({ date: '2026-11-25', lang: 'ru', natal: null, reading: null });
  });
});
