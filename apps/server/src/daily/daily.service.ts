/**
 * The daily ritual's rules: offer the onboarding until it is finished or skipped (or the profile
 * already has a birth date), and the morning message's setting.
 */
import { MORNING_HOURS, type MorningMessage } from '@seer/contract';
import type { UsersService } from '../users/index.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { DailyRepository, RitualRow } from './daily.repository.js';

export interface DailyRitual {
  onboarding: boolean;
  morning: MorningMessage;
  botCanWrite: boolean;
}

function morningOf(row: RitualRow | null): MorningMessage {
  return {
    enabled: row?.morning_enabled ?? false,
    hour: row?.morning_hour ?? MORNING_HOURS.default,
    time_zone: row?.time_zone ?? null,
  };
}

export class DailyService {
  constructor(
    private readonly repository: DailyRepository,
    private readonly users: Pick<UsersService, 'find'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async ritual(userId: number): Promise<DailyRitual> {
    const [user, row] = await Promise.all([this.users.find(userId), this.repository.find(userId)]);
    if (!user) throw new NotFoundError('User not found');
    return {
      onboarding: !row?.onboarding_closed_at && !user.birth_date,
      morning: morningOf(row),
      botCanWrite: user.allows_write_to_pm,
    };
  }

  async closeOnboarding(userId: number, outcome: 'done' | 'skipped'): Promise<void> {
    await this.repository.closeOnboarding(userId, outcome);
  }

  async setMorning(
    userId: number,
    setting: { enabled: boolean; hour: number; time_zone: string },
  ): Promise<MorningMessage> {
    if (!(await this.repository.knowsTimeZone(setting.time_zone)))
      throw new BadRequestError('time_zone must be a time zone name such as Europe/Moscow');
    const row = await this.repository.setMorning(userId, {
      enabled: setting.enabled,
      hour: setting.hour,
      timeZone: setting.time_zone,
      now: this.now(),
    });
    return morningOf(row);
  }

  /** The bot's Stop button: true when it was on. */
  async stopMorning(userId: number): Promise<boolean> {
    return this.repository.stopMorning(userId);
  }
}
