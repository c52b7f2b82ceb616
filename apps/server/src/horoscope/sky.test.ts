/** The sky module against published positions, time zones with their history, and aspect rules. */
import { describe, expect, it } from 'vitest';
import {
  eclipticLongitude,
  findAspects,
  natalChart,
  positionsAt,
  separation,
  signOf,
  zonedTimeToUtc,
  offsetTimeToUtc,
  calendarDay,
  addDays,
  type Positions,
} from './sky.js';

/** Closest distance between two longitudes, so 359.9° and 0.1° are 0.2° apart. */
const near = (actual: number, expected: number, within = 1) =>
  expect(separation(actual, expected)).toBeLessThan(within);

describe('positions of the bodies', () => {
  it('puts the Sun at 0° Aries at the March equinox of 2024 (20 March, 03:06 UTC)', () => {
    // The instant of the equinox as published by the US Naval Observatory (Earth's seasons table).
    const sun = eclipticLongitude('sun', new Date('2024-03-20T03:06:00Z'));
    near(sun, 0, 0.05);
    expect(signOf(sun + 0.01)).toBe('aries');
  });

  it('matches an ephemeris table for 2000-01-01 12:00 TT (JD 2451545.0) within 1°', () => {
    // Geocentric longitudes of date from a published ephemeris print-out for JD 2451545.0
    // ("Date/Time: 2000.01.01 12:00:00 ..., Geocentric positions", the table astrology
    // programs print from Moshier's ephemeris): Sun 10°Cap22'08", Moon 13°Sco19'25",
    // Mercury 1°Cap53'21", Venus 1°Sgr33'57". Mars, 327.9° (27°54' Aquarius), is the figure quoted
    // for J2000 and agrees (328.0°) with JPL's "Approximate Positions of the Planets" Keplerian
    // elements for Earth and Mars at J2000, worked by hand as an independent check.
    // TT is UTC + 64.184 s in 2000.
    const at = new Date(Date.UTC(2000, 0, 1, 12, 0, 0) - 64_184);
    const sky = positionsAt(at);
    near(sky.sun, 270 + 10 + 22 / 60 + 8 / 3600);
    near(sky.moon, 210 + 13 + 19 / 60 + 25 / 3600);
    near(sky.mercury, 270 + 1 + 53 / 60 + 21 / 3600);
    near(sky.venus, 240 + 1 + 33 / 60 + 57 / 3600);
    near(sky.mars, 327.9);
    expect([sky.sun, sky.moon, sky.mercury, sky.venus, sky.mars].map(signOf)).toEqual([
      'capricorn',
      'scorpio',
      'capricorn',
      'sagittarius',
      'aquarius',
    ]);
  });

  it('names the sign of a longitude, 30° each from Aries', () => {
    expect(signOf(0)).toBe('aries');
    expect(signOf(29.99)).toBe('aries');
    expect(signOf(30)).toBe('taurus');
    expect(signOf(359.9)).toBe('pisces');
    expect(signOf(-0.1)).toBe('pisces');
  });
});

describe('birth time to UTC', () => {
  it("uses the zone's offset at that date, summer time and old rules included", () => {
    // Moscow: UTC+3 in winter, +4 in Soviet summers, +4 all year in 2011–2014, +3 since.
    expect(zonedTimeToUtc('2020-01-10', '12:00', 'Europe/Moscow').toISOString()).toBe(
      '2020-01-10T09:00:00.000Z',
    );
    expect(zonedTimeToUtc('1985-07-15', '12:00', 'Europe/Moscow').toISOString()).toBe(
      '1985-07-15T08:00:00.000Z',
    );
    expect(zonedTimeToUtc('2013-01-15', '12:00', 'Europe/Moscow').toISOString()).toBe(
      '2013-01-15T08:00:00.000Z',
    );
    expect(zonedTimeToUtc('1990-01-01', '09:30', 'America/New_York').toISOString()).toBe(
      '1990-01-01T14:30:00.000Z',
    );
    expect(zonedTimeToUtc('1990-07-01', '09:30', 'America/New_York').toISOString()).toBe(
      '1990-07-01T13:30:00.000Z',
    );
    expect(zonedTimeToUtc('1999-12-31', '23:30', 'Asia/Tokyo').toISOString()).toBe(
      '1999-12-31T14:30:00.000Z',
    );
  });

  it('reads a time skipped by a clock change with the earlier offset, and a repeated one as the first', () => {
    // London went from 01:00 GMT to 02:00 BST on 31 March 2024; back from 02:00 BST to 01:00 on 27 October.
    expect(zonedTimeToUtc('2024-03-31', '01:30', 'Europe/London').toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    expect(zonedTimeToUtc('2024-10-27', '01:30', 'Europe/London').toISOString()).toBe(
      '2024-10-27T00:30:00.000Z',
    );
  });

  it('applies a bare UTC offset', () => {
    expect(offsetTimeToUtc('1995-05-05', '00:15', 330).toISOString()).toBe(
      '1995-05-04T18:45:00.000Z',
    );
    expect(offsetTimeToUtc('1995-05-05', '20:00', -300).toISOString()).toBe(
      '1995-05-06T01:00:00.000Z',
    );
  });

  it('finds the calendar day in a zone and the next one', () => {
    const at = new Date('2026-11-25T22:30:00Z');
    expect(calendarDay(at, 'UTC')).toBe('2026-11-25');
    expect(calendarDay(at, 'Asia/Vladivostok')).toBe('2026-11-26');
    expect(calendarDay(at, 'America/Los_Angeles')).toBe('2026-11-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('the natal Sun and Moon', () => {
  it('is exact with time and place: the J2000 instant in London gives Moon in Scorpio', () => {
    const chart = natalChart({ date: '2000-01-01', time: '12:00', place: { city: 'london' } });
    expect(chart.exact).toBe(true);
    expect(chart.at.toISOString()).toBe('2000-01-01T12:00:00.000Z');
    near(chart.sun, 280.37);
    near(chart.moon!, 223.3);
    expect(chart.moonSigns).toEqual(['scorpio']);
  });

  it('converts the birth time with the city zone: 15:00 in Moscow is 12:00 UTC', () => {
    const moscow = natalChart({ date: '2000-01-01', time: '15:00', place: { city: 'moscow' } });
    const offset = natalChart({
      date: '2000-01-01',
      time: '15:00',
      place: { utcOffsetMinutes: 180 },
    });
    expect(moscow.at.toISOString()).toBe('2000-01-01T12:00:00.000Z');
    expect(offset.at.toISOString()).toBe(moscow.at.toISOString());
    expect(offset.moon).toBeCloseTo(moscow.moon!, 6);
  });

  it('without the time, reads the Sun at local noon and the Moon as the signs of the whole day', () => {
    const chart = natalChart({ date: '2000-01-01', time: null, place: { city: 'london' } });
    expect(chart.exact).toBe(false);
    expect(chart.moon).toBeNull();
    expect(chart.at.toISOString()).toBe('2000-01-01T12:00:00.000Z');
    // From about 216° at midnight to 229° the next midnight: all of it in Scorpio.
    expect(chart.moonSigns).toEqual(['scorpio']);
    // On 31 December 1999 the Moon went from Libra into Scorpio at about 09:40 UTC.
    const london = natalChart({ date: '1999-12-31', time: null, place: { city: 'london' } });
    expect(london.moonSigns).toEqual(['libra', 'scorpio']);
    const anywhere = natalChart({ date: '1999-12-31', time: null, place: null });
    expect(anywhere.moonSigns).toEqual(['libra', 'scorpio']);
  });

  it('without the place, spans every UTC offset around a known time', () => {
    // The Moon entered Sagittarius at about 21:30 UTC on 2 January 2000: noon in London was
    // still Scorpio, but noon in Auckland or Honolulu could be either.
    const exact = natalChart({ date: '2000-01-02', time: '12:00', place: { city: 'london' } });
    expect(exact.moonSigns).toEqual(['scorpio']);
    const chart = natalChart({ date: '2000-01-02', time: '12:00', place: null });
    expect(chart.exact).toBe(false);
    expect(chart.timeKnown).toBe(true);
    expect(chart.placeKnown).toBe(false);
    expect(chart.moonSigns).toEqual(['scorpio', 'sagittarius']);
  });
});

describe('aspects to the natal points', () => {
  const sky = (over: Partial<Positions>): Positions => ({
    sun: 200,
    moon: 200,
    mercury: 200,
    venus: 200,
    mars: 200,
    ...over,
  });

  it('finds each aspect angle, across 0° Aries as well', () => {
    const natal = { sun: 10, moon: null };
    const found = (body: keyof Positions, at: number) =>
      findAspects(sky({ [body]: at }), natal).find((a) => a.body === body);
    expect(found('mars', 10)?.aspect).toBe('conjunction');
    expect(found('mars', 70)?.aspect).toBe('sextile');
    expect(found('mars', 310)?.aspect).toBe('sextile');
    expect(found('mars', 100)?.aspect).toBe('square');
    expect(found('mars', 250)?.aspect).toBe('trine');
    expect(found('mars', 190)?.aspect).toBe('opposition');
    expect(findAspects(sky({ venus: 357 }), { sun: 2 })[0]).toMatchObject({
      body: 'venus',
      aspect: 'conjunction',
      orb: 5,
    });
  });

  it('allows 8° for the Sun and Moon and 6° for Mercury, Venus and Mars', () => {
    const natal = { sun: 0 };
    expect(findAspects(sky({ moon: 127.9 }), natal).some((a) => a.body === 'moon')).toBe(true);
    expect(findAspects(sky({ moon: 128.1 }), natal).some((a) => a.body === 'moon')).toBe(false);
    expect(findAspects(sky({ mars: 96 }), natal).some((a) => a.body === 'mars')).toBe(true);
    expect(findAspects(sky({ mars: 96.2 }), natal).some((a) => a.body === 'mars')).toBe(false);
    expect(findAspects(sky({ venus: 127 }), natal).some((a) => a.body === 'venus')).toBe(false);
  });

  it('puts the strongest first (smallest orb for its allowance) and reads the Moon only when known', () => {
    const positions = sky({ sun: 4, moon: 60, mercury: 270.5, venus: 240, mars: 200 });
    const aspects = findAspects(positions, { sun: 0, moon: 180 });
    expect(aspects.map((a) => `${a.body} ${a.aspect} ${a.point}`)).toEqual([
      'moon sextile sun',
      'moon trine moon',
      'venus trine sun',
      'venus sextile moon',
      'mercury square sun',
      'mercury square moon',
      'sun conjunction sun',
      'sun opposition moon',
    ]);
    expect(findAspects(positions, { sun: 0, moon: null }).every((a) => a.point === 'sun')).toBe(
      true,
    );
  });
});
