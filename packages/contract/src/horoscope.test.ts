import { describe, expect, it } from 'vitest';
import {
  BIRTH_CITIES,
  CITY_REGIONS,
  formatUtcOffset,
  parseBirthPlace,
  parseUtcOffset,
} from './birth-places.js';

describe('birth places', () => {
  it('lists 40–60 cities with unique ids, real time zones and names in both languages', () => {
    expect(BIRTH_CITIES.length).toBeGreaterThanOrEqual(40);
    expect(BIRTH_CITIES.length).toBeLessThanOrEqual(60);
    expect(new Set(BIRTH_CITIES.map((city) => city.id)).size).toBe(BIRTH_CITIES.length);
    for (const city of BIRTH_CITIES) {
      expect(city.id).toMatch(/^[a-z-]{2,40}$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: city.zone })).not.toThrow();
      expect(city.ru).toMatch(/^[А-ЯЁ][А-Яа-яё -]+$/);
      expect(city.en).toMatch(/^[A-Z]/);
    }
    for (const region of CITY_REGIONS)
      expect(BIRTH_CITIES.some((city) => city.region === region)).toBe(true);
  });

  it('reads UTC offsets from −12:00 to +14:00 in quarter hours, and writes them back', () => {
    expect(parseUtcOffset('UTC+05:45')).toBe(345);
    expect(parseUtcOffset('UTC-12:00')).toBe(-720);
    expect(parseUtcOffset('UTC+14:00')).toBe(840);
    for (const bad of ['UTC+14:15', 'UTC-12:30', 'UTC+03:20', 'UTC+3', 'UTC 03:00', 'utc+03:00'])
      expect(parseUtcOffset(bad), bad).toBeNull();
    for (const minutes of [-720, -210, 0, 330, 345, 840])
      expect(parseUtcOffset(formatUtcOffset(minutes))).toBe(minutes);
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
  });

  it('tells a city from an offset, and refuses anything else', () => {
    expect(parseBirthPlace('moscow')).toEqual({ city: 'moscow' });
    expect(parseBirthPlace('UTC+03:00')).toEqual({ utcOffsetMinutes: 180 });
    expect(parseBirthPlace('Moscow')).toBeNull();
    expect(parseBirthPlace('Europe/Moscow')).toBeNull();
  });
});
