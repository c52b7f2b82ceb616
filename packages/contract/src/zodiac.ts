/** Western zodiac signs, derived from a birth date. */
export const ZODIAC_SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

// [month, first day] on which each sign starts, in calendar order from January.
const STARTS: ReadonlyArray<[number, number, ZodiacSign]> = [
  [1, 20, 'aquarius'],
  [2, 19, 'pisces'],
  [3, 21, 'aries'],
  [4, 20, 'taurus'],
  [5, 21, 'gemini'],
  [6, 21, 'cancer'],
  [7, 23, 'leo'],
  [8, 23, 'virgo'],
  [9, 23, 'libra'],
  [10, 23, 'scorpio'],
  [11, 22, 'sagittarius'],
  [12, 22, 'capricorn'],
];

/** The sign for an ISO date (YYYY-MM-DD), or null when there is no valid date. */
export function zodiacSignFor(isoDate: string | null | undefined): ZodiacSign | null {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  if (!match) return null;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let sign: ZodiacSign = 'capricorn';
  for (const [startMonth, startDay, name] of STARTS) {
    if (month > startMonth || (month === startMonth && day >= startDay)) sign = name;
  }
  return sign;
}
