/**
 * The built-in list of birth places (cities with IANA time zones, or a bare UTC offset) and how a
 * birth place is read and written. No schemas here: the app's birth place field loads this
 * without the validation library (see docs/decisions/029).
 */
export const CITY_REGIONS = ['russia', 'cis', 'europe', 'americas', 'asia'] as const;
export type CityRegion = (typeof CITY_REGIONS)[number];

export interface BirthCity {
  id: string;
  en: string;
  ru: string;
  /** IANA time zone: its history (summer time, changed offsets) applies to old birth dates. */
  zone: string;
  region: CityRegion;
}

const city = (id: string, en: string, ru: string, zone: string, region: CityRegion): BirthCity => ({
  id,
  en,
  ru,
  zone,
  region,
});

export const BIRTH_CITIES: readonly BirthCity[] = [
  city('moscow', 'Moscow', 'Москва', 'Europe/Moscow', 'russia'),
  city('saint-petersburg', 'Saint Petersburg', 'Санкт-Петербург', 'Europe/Moscow', 'russia'),
  city('kaliningrad', 'Kaliningrad', 'Калининград', 'Europe/Kaliningrad', 'russia'),
  city('kazan', 'Kazan', 'Казань', 'Europe/Moscow', 'russia'),
  city('nizhny-novgorod', 'Nizhny Novgorod', 'Нижний Новгород', 'Europe/Moscow', 'russia'),
  city('rostov-on-don', 'Rostov-on-Don', 'Ростов-на-Дону', 'Europe/Moscow', 'russia'),
  city('volgograd', 'Volgograd', 'Волгоград', 'Europe/Volgograd', 'russia'),
  city('samara', 'Samara', 'Самара', 'Europe/Samara', 'russia'),
  city('yekaterinburg', 'Yekaterinburg', 'Екатеринбург', 'Asia/Yekaterinburg', 'russia'),
  city('omsk', 'Omsk', 'Омск', 'Asia/Omsk', 'russia'),
  city('novosibirsk', 'Novosibirsk', 'Новосибирск', 'Asia/Novosibirsk', 'russia'),
  city('krasnoyarsk', 'Krasnoyarsk', 'Красноярск', 'Asia/Krasnoyarsk', 'russia'),
  city('irkutsk', 'Irkutsk', 'Иркутск', 'Asia/Irkutsk', 'russia'),
  city('yakutsk', 'Yakutsk', 'Якутск', 'Asia/Yakutsk', 'russia'),
  city('vladivostok', 'Vladivostok', 'Владивосток', 'Asia/Vladivostok', 'russia'),
  city('magadan', 'Magadan', 'Магадан', 'Asia/Magadan', 'russia'),
  city(
    'petropavlovsk-kamchatsky',
    'Petropavlovsk-Kamchatsky',
    'Петропавловск-Камчатский',
    'Asia/Kamchatka',
    'russia',
  ),
  city('minsk', 'Minsk', 'Минск', 'Europe/Minsk', 'cis'),
  city('kyiv', 'Kyiv', 'Киев', 'Europe/Kiev', 'cis'),
  city('chisinau', 'Chișinău', 'Кишинёв', 'Europe/Chisinau', 'cis'),
  city('tbilisi', 'Tbilisi', 'Тбилиси', 'Asia/Tbilisi', 'cis'),
  city('yerevan', 'Yerevan', 'Ереван', 'Asia/Yerevan', 'cis'),
  city('baku', 'Baku', 'Баку', 'Asia/Baku', 'cis'),
  city('almaty', 'Almaty', 'Алматы', 'Asia/Almaty', 'cis'),
  city('astana', 'Astana', 'Астана', 'Asia/Almaty', 'cis'),
  city('tashkent', 'Tashkent', 'Ташкент', 'Asia/Tashkent', 'cis'),
  city('bishkek', 'Bishkek', 'Бишкек', 'Asia/Bishkek', 'cis'),
  city('dushanbe', 'Dushanbe', 'Душанбе', 'Asia/Dushanbe', 'cis'),
  city('ashgabat', 'Ashgabat', 'Ашхабад', 'Asia/Ashgabat', 'cis'),
  city('london', 'London', 'Лондон', 'Europe/London', 'europe'),
  city('paris', 'Paris', 'Париж', 'Europe/Paris', 'europe'),
  city('berlin', 'Berlin', 'Берлин', 'Europe/Berlin', 'europe'),
  city('madrid', 'Madrid', 'Мадрид', 'Europe/Madrid', 'europe'),
  city('rome', 'Rome', 'Рим', 'Europe/Rome', 'europe'),
  city('vienna', 'Vienna', 'Вена', 'Europe/Vienna', 'europe'),
  city('prague', 'Prague', 'Прага', 'Europe/Prague', 'europe'),
  city('warsaw', 'Warsaw', 'Варшава', 'Europe/Warsaw', 'europe'),
  city('amsterdam', 'Amsterdam', 'Амстердам', 'Europe/Amsterdam', 'europe'),
  city('stockholm', 'Stockholm', 'Стокгольм', 'Europe/Stockholm', 'europe'),
  city('helsinki', 'Helsinki', 'Хельсинки', 'Europe/Helsinki', 'europe'),
  city('riga', 'Riga', 'Рига', 'Europe/Riga', 'europe'),
  city('vilnius', 'Vilnius', 'Вильнюс', 'Europe/Vilnius', 'europe'),
  city('tallinn', 'Tallinn', 'Таллин', 'Europe/Tallinn', 'europe'),
  city('athens', 'Athens', 'Афины', 'Europe/Athens', 'europe'),
  city('istanbul', 'Istanbul', 'Стамбул', 'Europe/Istanbul', 'europe'),
  city('new-york', 'New York', 'Нью-Йорк', 'America/New_York', 'americas'),
  city('chicago', 'Chicago', 'Чикаго', 'America/Chicago', 'americas'),
  city('los-angeles', 'Los Angeles', 'Лос-Анджелес', 'America/Los_Angeles', 'americas'),
  city('toronto', 'Toronto', 'Торонто', 'America/Toronto', 'americas'),
  city('mexico-city', 'Mexico City', 'Мехико', 'America/Mexico_City', 'americas'),
  city('sao-paulo', 'São Paulo', 'Сан-Паулу', 'America/Sao_Paulo', 'americas'),
  city(
    'buenos-aires',
    'Buenos Aires',
    'Буэнос-Айрес',
    'America/Argentina/Buenos_Aires',
    'americas',
  ),
  city('dubai', 'Dubai', 'Дубай', 'Asia/Dubai', 'asia'),
  city('tel-aviv', 'Tel Aviv', 'Тель-Авив', 'Asia/Jerusalem', 'asia'),
  city('delhi', 'Delhi', 'Дели', 'Asia/Kolkata', 'asia'),
  city('bangkok', 'Bangkok', 'Бангкок', 'Asia/Bangkok', 'asia'),
  city('beijing', 'Beijing', 'Пекин', 'Asia/Shanghai', 'asia'),
  city('seoul', 'Seoul', 'Сеул', 'Asia/Seoul', 'asia'),
  city('tokyo', 'Tokyo', 'Токио', 'Asia/Tokyo', 'asia'),
  city('sydney', 'Sydney', 'Сидней', 'Australia/Sydney', 'asia'),
];

export function birthCity(id: string): BirthCity | undefined {
  return BIRTH_CITIES.find((candidate) => candidate.id === id);
}

/** Offsets in use anywhere on Earth run from UTC−12:00 to UTC+14:00. */
export const UTC_OFFSET_MINUTES = { min: -12 * 60, max: 14 * 60 } as const;

const OFFSET = /^UTC([+-])(\d{2}):(\d{2})$/;

/** "UTC+05:30" → 330; null when it is not such an offset or out of range (minutes: 00/15/30/45). */
export function parseUtcOffset(text: string): number | null {
  const match = OFFSET.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (minutes % 15 !== 0) return null;
  const total = (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
  return total >= UTC_OFFSET_MINUTES.min && total <= UTC_OFFSET_MINUTES.max ? total : null;
}

/** 330 → "UTC+05:30"; 0 → "UTC+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A stored birth place: a city of the list, or only a UTC offset. */
export type BirthPlace = { city: string } | { utcOffsetMinutes: number };

/** Reads the wire form (a city id, or "UTC±HH:MM"); null when it is neither. */
export function parseBirthPlace(text: string): BirthPlace | null {
  if (birthCity(text)) return { city: text };
  const offset = parseUtcOffset(text);
  return offset === null ? null : { utcOffsetMinutes: offset };
}
