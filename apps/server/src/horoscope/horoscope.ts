/**
 * The day's horoscope composed from the sky, pure: the natal Sun and Moon from the birth data,
 * the bodies at 12:00 UTC of the day, their aspects to the natal points, and the text written
 * from the fragments of one language. The same birth data, day and language give the same answer.
 */
import type { GetHoroscopeAnswer, HoroscopeTransit, Locale } from '@seer/contract';
import {
  findAspects,
  natalChart,
  positionsAt,
  signOf,
  skyInstant,
  type BirthData,
  type NatalChart,
} from './sky.js';
import { ASPECT_NATURE, HOROSCOPE_FRAGMENTS, fill, inSigns } from './horoscope-texts.js';

/** At most this many transits are written out, strongest first. */
export const MAX_TRANSITS = 5;

export interface HoroscopeRequest {
  birth: BirthData | null;
  /** The calendar day read, YYYY-MM-DD. */
  day: string;
  /** Whether the day is tomorrow (for the wording of the Moon's line). */
  tomorrow: boolean;
  lang: Locale;
}

type Answer = Omit<GetHoroscopeAnswer, 'status'>;

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function describeNatal(chart: NatalChart, lang: Locale): NonNullable<Answer['natal']> {
  const fragments = HOROSCOPE_FRAGMENTS[lang];
  const sunSign = signOf(chart.sun);
  const note = chart.exact
    ? null
    : !chart.timeKnown && !chart.placeKnown
      ? fragments.note.neither
      : !chart.timeKnown
        ? fragments.note.noTime
        : fragments.note.noPlace;
  return {
    sun: { sign: sunSign, longitude: roundTo(chart.sun, 2) },
    moon: {
      signs: chart.moonSigns,
      longitude: chart.moon === null ? null : roundTo(chart.moon, 2),
    },
    exact: chart.exact,
    headline: fill(fragments.headline, {
      sun: fragments.inSign[sunSign],
      moon: inSigns(fragments, chart.moonSigns),
    }),
    note,
  };
}

export function composeHoroscope(request: HoroscopeRequest): Answer {
  const { birth, day, lang } = request;
  if (!birth) return { date: day, lang, natal: null, reading: null };
  const fragments = HOROSCOPE_FRAGMENTS[lang];
  const chart = natalChart(birth);
  const sky = positionsAt(skyInstant(day));
  const moonSign = signOf(sky.moon);
  const aspects = findAspects(sky, { sun: chart.sun, moon: chart.moon });
  // The natal point's line is said once per kind of aspect, not repeated under every transit.
  const said = new Set<string>();
  const transits: HoroscopeTransit[] = aspects.slice(0, MAX_TRANSITS).map((found) => {
    const nature = ASPECT_NATURE[found.aspect];
    const pointLine = said.has(`${found.point}:${nature}`)
      ? ''
      : ` ${fragments.point[found.point][nature]}`;
    said.add(`${found.point}:${nature}`);
    return {
      body: found.body,
      aspect: found.aspect,
      point: found.point,
      orb: roundTo(found.orb, 1),
      title: fill(fragments.title[found.aspect][found.point], { body: fragments.body[found.body] }),
      text: `${fragments.text[found.body][found.aspect]}${pointLine}`,
    };
  });
  const moonLine = fill(request.tomorrow ? fragments.moonTomorrow : fragments.moonToday, {
    sign: fragments.inSign[moonSign],
    day: fragments.moonDay[moonSign],
  });
  const quiet = chart.moon === null ? fragments.quiet.sun : fragments.quiet.both;
  return {
    date: day,
    lang,
    natal: describeNatal(chart, lang),
    reading: { intro: transits.length > 0 ? moonLine : `${moonLine} ${quiet}`, transits },
  };
}

/** "Today the Moon is in Leo: a day for …": the sky's line of the day, the same for everyone. */
export function moonLineOf(day: string, lang: Locale): string {
  const fragments = HOROSCOPE_FRAGMENTS[lang];
  const moonSign = signOf(positionsAt(skyInstant(day)).moon);
  return fill(fragments.moonToday, {
    sign: fragments.inSign[moonSign],
    day: fragments.moonDay[moonSign],
  });
}

/**
 * Today's one line for a person (the home card, the morning message): the strongest transit to
 * their chart with its first sentence, else the Moon's line of the day.
 */
export function dailyLineOf(birth: BirthData | null, day: string, lang: Locale): string {
  const strongest = composeHoroscope({ birth, day, tomorrow: false, lang }).reading?.transits[0];
  if (!strongest) return moonLineOf(day, lang);
  const sentence = /^.*?[.!?](?=\s|$)/u.exec(strongest.text)?.[0] ?? strongest.text;
  return `${strongest.title}: ${sentence.charAt(0).toLocaleLowerCase(lang) + sentence.slice(1)}`;
}
