/**
 * The sky for the horoscope, pure: geocentric ecliptic longitudes (tropical, true equinox of date)
 * of the Sun, Moon, Mercury, Venus and Mars from astronomy-engine; birth local time to UTC; the
 * natal Sun and Moon; aspects of the day's sky to them with orbs. Nothing here reads a clock,
 * the database or the environment. See docs/decisions/029-horoscope-from-the-sky.md.
 */
import { Body, Ecliptic, GeoVector } from 'astronomy-engine';
import {
  HOROSCOPE_ASPECTS,
  HOROSCOPE_BODIES,
  ZODIAC_SIGNS,
  birthCity,
  type BirthPlace,
  type HoroscopeAspect,
  type HoroscopeBody,
  type ZodiacSign,
} from '@seer/contract';

const ENGINE_BODY: Record<HoroscopeBody, Body> = {
  sun: Body.Sun,
  moon: Body.Moon,
  mercury: Body.Mercury,
  venus: Body.Venus,
  mars: Body.Mars,
};

const HOUR = 3_600_000;

/** Apparent geocentric ecliptic longitude of date, degrees in [0, 360). */
export function eclipticLongitude(body: HoroscopeBody, at: Date): number {
  const longitude = Ecliptic(GeoVector(ENGINE_BODY[body], at, true)).elon;
  return ((longitude % 360) + 360) % 360;
}

export type Positions = Record<HoroscopeBody, number>;

export function positionsAt(at: Date): Positions {
  return Object.fromEntries(
    HOROSCOPE_BODIES.map((body) => [body, eclipticLongitude(body, at)]),
  ) as Positions;
}

export function signOf(longitude: number): ZodiacSign {
  const normalized = ((longitude % 360) + 360) % 360;
  return ZODIAC_SIGNS[Math.floor(normalized / 30) % 12]!;
}

// ---------- time ----------

/** The offset of `zone` from UTC at an instant, in minutes (east positive), from the zone's history. */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = new Date(0);
  wall.setUTCFullYear(get('year'), get('month') - 1, get('day'));
  wall.setUTCHours(get('hour'), get('minute'), get('second'), 0);
  return Math.round((wall.getTime() - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** YYYY-MM-DD and HH:MM read as a wall clock in UTC (the arithmetic base of the functions below). */
function wallAsUtc(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, 0, 0);
  return wall.getTime();
}

/**
 * A wall-clock time in an IANA zone as an instant. A time skipped by a clock change is read with
 * the offset before the change; a time that happened twice, as the first of the two.
 */
export function zonedTimeToUtc(date: string, time: string, zone: string): Date {
  const wall = wallAsUtc(date, time);
  const first = wall - zoneOffsetMinutes(zone, new Date(wall)) * 60_000;
  const second = wall - zoneOffsetMinutes(zone, new Date(first)) * 60_000;
  // Try the earlier offset too: of the candidates that show this wall time, take the earliest.
  const candidates = [first, second, first - HOUR, second - HOUR].filter(
    (instant) => instant + zoneOffsetMinutes(zone, new Date(instant)) * 60_000 === wall,
  );
  // No candidate: the time was skipped; `second` reads it with the offset in force before the jump.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : second);
}

export function offsetTimeToUtc(date: string, time: string, offsetMinutes: number): Date {
  return new Date(wallAsUtc(date, time) - offsetMinutes * 60_000);
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function calendarDay(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: string, days: number): string {
  const at = new Date(wallAsUtc(day, '12:00') + days * 24 * HOUR);
  return at.toISOString().slice(0, 10);
}

/** The instant the day's sky is read at: 12:00 UTC of the calendar day. */
export function skyInstant(day: string): Date {
  return new Date(wallAsUtc(day, '12:00'));
}

// ---------- the natal chart ----------

export interface BirthData {
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, or null when unknown. */
  time: string | null;
  place: BirthPlace | null;
}

export interface NatalChart {
  sun: number;
  /** The Moon's longitude when the birth moment is known exactly, else null. */
  moon: number | null;
  /** The signs the Moon was in over the possible birth moments (one when exact). */
  moonSigns: ZodiacSign[];
  /** The instant the Sun was computed for. */
  at: Date;
  exact: boolean;
  timeKnown: boolean;
  placeKnown: boolean;
}

// Offsets in use run from UTC−12 to UTC+14: a wall clock with no place is somewhere in that span.
const EARLIEST_OFFSET_HOURS = 14;
const LATEST_OFFSET_HOURS = 12;

function toUtc(date: string, time: string, place: BirthPlace | null): Date {
  if (!place) return offsetTimeToUtc(date, time, 0);
  if ('utcOffsetMinutes' in place) return offsetTimeToUtc(date, time, place.utcOffsetMinutes);
  const city = birthCity(place.city);
  return city ? zonedTimeToUtc(date, time, city.zone) : offsetTimeToUtc(date, time, 0);
}

/** The signs from the one at `from` to the one at `to`, going forward (the Moon never goes back). */
function signsBetween(from: number, to: number): ZodiacSign[] {
  const first = Math.floor((((from % 360) + 360) % 360) / 30);
  let span = Math.floor((((to % 360) + 360) % 360) / 30) - first;
  if (span < 0) span += 12;
  return Array.from({ length: span + 1 }, (_, i) => ZODIAC_SIGNS[(first + i) % 12]!);
}

/**
 * The natal Sun and Moon. With time and place the birth instant is exact. Otherwise the birth lies
 * in a window: the whole local day when the time is unknown (the Sun at local noon), and the span
 * of every UTC offset when the place is unknown; the Moon is then the signs it crossed in it.
 */
export function natalChart(birth: BirthData): NatalChart {
  const placeKnown = birth.place !== null && toUtcKnown(birth.place);
  const timeKnown = birth.time !== null;
  const place = placeKnown ? birth.place : null;
  const at = toUtc(birth.date, birth.time ?? '12:00', place);
  const sun = eclipticLongitude('sun', at);
  if (timeKnown && placeKnown) {
    const moon = eclipticLongitude('moon', at);
    return { sun, moon, moonSigns: [signOf(moon)], at, exact: true, timeKnown, placeKnown };
  }
  let start = toUtc(birth.date, birth.time ?? '00:00', place).getTime();
  let end = timeKnown ? start : toUtc(addDays(birth.date, 1), '00:00', place).getTime();
  if (!placeKnown) {
    start -= EARLIEST_OFFSET_HOURS * HOUR;
    end += LATEST_OFFSET_HOURS * HOUR;
  }
  const moonSigns = signsBetween(
    eclipticLongitude('moon', new Date(start)),
    eclipticLongitude('moon', new Date(end)),
  );
  return { sun, moon: null, moonSigns, at, exact: false, timeKnown, placeKnown };
}

function toUtcKnown(place: BirthPlace): boolean {
  return 'utcOffsetMinutes' in place || birthCity(place.city) !== undefined;
}

// ---------- aspects ----------

export const ASPECT_ANGLES: Record<HoroscopeAspect, number> = {
  conjunction: 0,
  sextile: 60,
  square: 90,
  trine: 120,
  opposition: 180,
};

/** The widest orb, by the transiting body: 8° for the luminaries, 6° for the planets. */
export const ORBS: Record<HoroscopeBody, number> = {
  sun: 8,
  moon: 8,
  mercury: 6,
  venus: 6,
  mars: 6,
};

export type NatalPoint = 'sun' | 'moon';

export interface Aspect {
  body: HoroscopeBody;
  aspect: HoroscopeAspect;
  point: NatalPoint;
  /** Degrees from exact. */
  orb: number;
}

/** The angle between two longitudes, 0–180°. */
export function separation(a: number, b: number): number {
  const difference = Math.abs((((a - b) % 360) + 360) % 360);
  return difference > 180 ? 360 - difference : difference;
}

/**
 * The aspects of the day's bodies to the natal points within orb, strongest first: the smallest
 * orb as a share of the allowed one; ties go by body, then point, in a fixed order.
 */
export function findAspects(
  sky: Positions,
  natal: Partial<Record<NatalPoint, number | null>>,
): Aspect[] {
  const found: Aspect[] = [];
  for (const body of HOROSCOPE_BODIES) {
    for (const point of ['sun', 'moon'] as const) {
      const target = natal[point];
      if (target === null || target === undefined) continue;
      const angle = separation(sky[body], target);
      for (const aspect of HOROSCOPE_ASPECTS) {
        const orb = Math.abs(angle - ASPECT_ANGLES[aspect]);
        if (orb <= ORBS[body]) found.push({ body, aspect, point, orb });
      }
    }
  }
  const order = (a: Aspect) => HOROSCOPE_BODIES.indexOf(a.body) * 2 + (a.point === 'sun' ? 0 : 1);
  return found.sort((a, b) => a.orb / ORBS[a.body] - b.orb / ORBS[b.body] || order(a) - order(b));
}
