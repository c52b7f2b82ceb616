/** The caller's horoscope for today or tomorrow: birth data from the profile, the day from their time zone. */
import {
  formatUtcOffset,
  parseBirthPlace,
  type BirthPlace,
  type GetHoroscopeAnswer,
  type Locale,
  type ZodiacSign,
} from '@seer/contract';
import { type UsersService, type User, localeOfUser } from '../users/index.js';
import { NotFoundError } from '../errors.js';
import { composeHoroscope, dailyLineOf } from './horoscope.js';
import { addDays, calendarDay, natalChart, signOf, type BirthData } from './sky.js';
import { zodiacSignFor, type DailyLineAnswer } from '@seer/contract';

export interface HoroscopeAsk {
  day: 'today' | 'tomorrow';
  lang?: Locale | undefined;
  /** The device's IANA zone; absent: UTC. */
  tz?: string | undefined;
}

/** Where the Sun and Moon stood at someone's birth. */
export interface NatalPoints {
  sun: ZodiacSign;
  /** One sign when the Moon is exact; the signs it passed through that day otherwise. */
  moonSigns: ZodiacSign[];
  /** Whether birth time and place were both known. */
  exact: boolean;
}

export class HoroscopeService {
  constructor(
    private readonly users: UsersService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async forUser(telegramId: number, ask: HoroscopeAsk): Promise<GetHoroscopeAnswer> {
    const user = await this.users.find(telegramId);
    if (!user) throw new NotFoundError('User not found');
    const today = calendarDay(this.now(), ask.tz ?? 'UTC');
    const tomorrow = ask.day === 'tomorrow';
    return {
      status: 'success',
      ...composeHoroscope({
        birth: birthData(user),
        day: tomorrow ? addDays(today, 1) : today,
        tomorrow,
        lang: ask.lang ?? localeOfUser(user),
      }),
    };
  }

  /** Today's one line for the caller (GetDailyLine): their strongest transit, else the Moon's day. */
  async dailyLine(
    telegramId: number,
    ask: { lang?: Locale | undefined; tz?: string | undefined },
  ): Promise<DailyLineAnswer> {
    const user = await this.users.find(telegramId);
    if (!user) throw new NotFoundError('User not found');
    const date = calendarDay(this.now(), ask.tz ?? 'UTC');
    const lang = ask.lang ?? localeOfUser(user);
    return { status: 'success', date, ...this.lineFor(user, date, lang) };
  }

  /** A user's sign and line of `day` (YYYY-MM-DD) in `lang`. */
  lineFor(user: BirthFields, day: string, lang: Locale): { sign: ZodiacSign | null; line: string } {
    return {
      sign: zodiacSignFor(user.birth_date),
      line: dailyLineOf(birthData(user), day, lang),
    };
  }

  /** The natal Sun and Moon of a user's birth data; null without a birth date. */
  natalPointsOf(user: BirthFields): NatalPoints | null {
    const birth = birthData(user);
    if (!birth) return null;
    const chart = natalChart(birth);
    return { sun: signOf(chart.sun), moonSigns: chart.moonSigns, exact: chart.exact };
  }
}

type BirthFields = Pick<
  User,
  'birth_date' | 'birth_time' | 'birth_city' | 'birth_utc_offset_minutes'
>;

export function birthData(user: BirthFields): BirthData | null {
  if (!user.birth_date) return null;
  let place: BirthPlace | null = null;
  if (user.birth_city) place = parseBirthPlace(user.birth_city);
  else if (user.birth_utc_offset_minutes !== null)
    place = parseBirthPlace(formatUtcOffset(user.birth_utc_offset_minutes));
  return { date: user.birth_date, time: user.birth_time?.slice(0, 5) ?? null, place };
}
