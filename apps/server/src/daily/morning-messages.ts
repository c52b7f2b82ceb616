/**
 * The morning message (decision 054): every minute each instance claims, in one transaction, the
 * users whose chosen local hour has come and whose local day is not claimed yet, and writes their
 * message to the bot's outbox in that same transaction — today's card and the sky's line, in the
 * user's language, with a button into the app and one that stops the messages. A claimed day is
 * never claimed again, so two instances (or a retry) never send one twice.
 */
import type { Sql } from '../db/database.js';
import type { LogFunction } from '../logger.js';
import { PeriodicRound } from '../kernel/periodic-round.js';
import type { UserNotices } from '../bot/index.js';
import type { HoroscopeService } from '../horoscope/index.js';
import type { UsersService } from '../users/index.js';
import type { DailyRepository } from './daily.repository.js';
import { cardOfTheDay, DAILY_TEXTS, morningText } from './daily-texts.js';

export const STOP_MORNING = 'morning:stop';

export interface MorningOptions {
  /** How often to look for due messages. */
  intervalMs: number;
  /** Users claimed per transaction. */
  batch: number;
  now: () => Date;
}

const DEFAULTS: MorningOptions = { intervalMs: 60_000, batch: 200, now: () => new Date() };

export class MorningMessages {
  private readonly options: MorningOptions;
  private readonly periodic: PeriodicRound<number>;

  constructor(
    private readonly deps: {
      sql: Sql;
      repository: DailyRepository;
      users: Pick<UsersService, 'find'>;
      horoscope: Pick<HoroscopeService, 'lineFor'>;
      notices: Pick<UserNotices, 'sendIn' | 'committed'>;
      log: LogFunction;
    },
    options: Partial<MorningOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.periodic = new PeriodicRound(() => this.round(), this.options.intervalMs);
  }

  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
  }

  /** One round; never throws. Answers how many messages were written. */
  tick(): Promise<number> {
    return this.periodic.tick();
  }

  private async round(): Promise<number> {
    let written = 0;
    try {
      for (;;) {
        const count = await this.batch();
        written += count;
        if (count < this.options.batch) break;
      }
    } catch (error) {
      this.deps.log('warn', 'morning messages not sent this round', {
        err: error instanceof Error ? error.message : String(error),
      });
    }
    return written;
  }

  private async batch(): Promise<number> {
    const now = this.options.now();
    const count = await this.deps.sql.begin(async (tx) => {
      const claimed = await this.deps.repository.claimDue(tx, now, this.options.batch);
      for (const { user_id: userId, local_day: day } of claimed) {
        const user = await this.deps.users.find(userId, tx);
        if (!user) continue;
        const card = cardOfTheDay(userId, day);
        await this.deps.notices.sendIn(
          tx,
          {
            telegramId: userId,
            allows_write_to_pm: user.allows_write_to_pm,
            chosen_language: user.chosen_language,
            language_code: user.language_code,
          },
          {
            text: (locale) =>
              morningText(card, this.deps.horoscope.lineFor(user, day, locale).line, locale),
            button: (locale) => DAILY_TEXTS[locale].open,
            path: '/tarot',
            callback: { text: (locale) => DAILY_TEXTS[locale].stop, data: STOP_MORNING },
          },
        );
      }
      return claimed.length;
    });
    if (count > 0) this.deps.notices.committed();
    return count;
  }
}
