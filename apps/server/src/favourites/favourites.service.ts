/**
 * Favourite advisors (docs/product-rules.md#favourites-and-notifications): a user hearts an
 * advisor, sees them on home and in the lists' filter, and may ask the bot to say when one comes
 * online (off by default; needs the bot's write access). Adding and removing are idempotent.
 */
import type { AdvisorsService } from '../advisors/index.js';
import type { UsersService } from '../users/index.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { AlertRecipient, FavouritesRepository } from './favourites.repository.js';

/** Whether this runtime knows the IANA time zone (e.g. Europe/Moscow). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export class FavouritesService {
  constructor(
    private readonly repository: FavouritesRepository,
    private readonly advisors: Pick<AdvisorsService, 'find'>,
    private readonly users: Pick<UsersService, 'ensureExists'>,
    private readonly sql: Parameters<UsersService['ensureExists']>[0],
  ) {}

  async add(userId: number, advisorId: number): Promise<void> {
    const advisor = await this.advisors.find(advisorId);
    if (!advisor?.is_active) throw new NotFoundError(`Advisor ${advisorId} not found`);
    await this.users.ensureExists(this.sql, userId);
    await this.repository.add(userId, advisorId);
  }

  async remove(userId: number, advisorId: number): Promise<void> {
    await this.repository.remove(userId, advisorId);
  }

  async list(userId: number): Promise<{ advisorIds: number[]; alerts: boolean }> {
    const [advisorIds, alerts] = await Promise.all([
      this.repository.advisorIdsOf(userId),
      this.repository.alertsOf(userId),
    ]);
    return { advisorIds, alerts };
  }

  async setAlerts(userId: number, enabled: boolean): Promise<boolean> {
    await this.users.ensureExists(this.sql, userId);
    await this.repository.setAlerts(userId, enabled);
    return enabled;
  }

  async setTimeZone(userId: number, timeZone: string): Promise<void> {
    if (!isTimeZone(timeZone)) throw new BadRequestError('time_zone must be an IANA time zone');
    await this.users.ensureExists(this.sql, userId);
    await this.repository.setTimeZone(userId, timeZone);
  }

  /** Users who favourited this advisor and turned the alerts on. */
  async alertRecipients(advisorId: number): Promise<AlertRecipient[]> {
    return this.repository.alertRecipients(advisorId);
  }

  /** Takes the "favourite online" slot of this user and advisor (see the repository). */
  async claimOnlineSlot(userId: number, advisorId: number, intervalSeconds: number) {
    return this.repository.claimOnlineSlot(userId, advisorId, intervalSeconds);
  }

  async countsByAdvisor() {
    return this.repository.countsByAdvisor();
  }
}
