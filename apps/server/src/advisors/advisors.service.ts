/** Advisors as users see them: lists, one advisor, with rating and presence. */
import { centsToDollars, findCategory, type Advisor } from '@seer/contract';
import type { Tx } from '../db/database.js';
import type { AdvisorRecord, AdvisorsRepository, NewAdvisor } from './advisors.repository.js';
import { isAdvisorOnline, type PresenceSource } from '../realtime/presence.js';
import { NotFoundError } from '../errors.js';
import type { EventBus } from '../realtime/event-bus.js';

const LIST_TTL_MS = 1000;

export class AdvisorsService {
  private cache: { at: number; records: AdvisorRecord[]; json: string | null } | null = null;

  constructor(
    private readonly repository: AdvisorsRepository,
    private readonly presence: PresenceSource,
    private readonly events: EventBus,
  ) {}

  /** Forget cached lists (after a review, an edit, a presence change). */
  invalidate(): void {
    this.cache = null;
  }

  private async activeRecords(): Promise<{
    records: AdvisorRecord[];
    entry: NonNullable<AdvisorsService['cache']>;
  }> {
    if (!this.cache || Date.now() - this.cache.at > LIST_TTL_MS) {
      this.cache = { at: Date.now(), records: await this.repository.listActive(), json: null };
    }
    return { records: this.cache.records, entry: this.cache };
  }

  async list(): Promise<Advisor[]> {
    const { records } = await this.activeRecords();
    return records.map((r) => this.toWire(r));
  }

  /** GetAllManagers' answer, serialized once per cache period: the busiest call of the app. */
  async listAnswerJson(): Promise<string> {
    const { records, entry } = await this.activeRecords();
    entry.json ??= JSON.stringify({
      status: 'success',
      data: { managers: records.map((r) => this.toWire(r)) },
    });
    return entry.json;
  }

  /** An active advisor from the list cached for a second, without a query (hot paths). */
  async cachedRecord(id: number): Promise<AdvisorRecord | null> {
    const { records } = await this.activeRecords();
    return records.find((record) => record.id === id) ?? null;
  }

  async listByCategory(categoryId: number): Promise<Advisor[]> {
    return (await this.list()).filter((advisor) => advisor.category_id === categoryId);
  }

  async get(id: number): Promise<Advisor> {
    const record = await this.repository.find(id);
    if (!record || !record.is_active) throw new NotFoundError(`Advisor ${id} not found`);
    return this.toWire(record);
  }

  async record(id: number): Promise<AdvisorRecord> {
    const record = await this.repository.find(id);
    if (!record || !record.is_active) throw new NotFoundError(`Advisor ${id} not found`);
    return record;
  }

  /** Any advisor record, active or not (admin tools, demo replies, the socket); null when unknown. */
  async find(id: number, db?: Tx): Promise<AdvisorRecord | null> {
    return this.repository.find(id, db);
  }

  /** Every advisor, active or not, for the admin section. */
  async listAll(): Promise<AdvisorRecord[]> {
    return this.repository.listAll();
  }

  /** The active advisor record linked to this Telegram user, if any. */
  async linkedTo(telegramId: number): Promise<AdvisorRecord | null> {
    return this.repository.findByTelegramId(telegramId);
  }

  /** Creates an advisor in the caller's transaction; returns its id. Callers invalidate() after commit. */
  async create(tx: Tx, advisor: NewAdvisor & { is_active: boolean }): Promise<number> {
    const id = await this.repository.insert(advisor, tx);
    if (!advisor.is_active) await this.repository.setActive(tx, id, false);
    return id;
  }

  async update(
    tx: Tx,
    id: number,
    advisor: Omit<NewAdvisor, 'is_demo' | 'demo_online'> & { is_active: boolean },
  ): Promise<void> {
    await this.repository.update(tx, id, advisor);
  }

  /** Links the advisor to a Telegram user (moving any previous link of either side). */
  async link(tx: Tx, advisorId: number, telegramId: number): Promise<void> {
    await this.repository.linkTelegram(tx, advisorId, telegramId);
  }

  async unlink(tx: Tx, advisorId: number): Promise<void> {
    await this.repository.unlinkTelegram(tx, advisorId);
  }

  /** Adds a review's rating to the advisor's totals in the caller's transaction. */
  async addToRating(tx: Tx, advisorId: number, ratingDelta: number, countDelta: number) {
    return this.repository.addToRating(tx, advisorId, ratingDelta, countDelta);
  }

  /** The advisor's own online/away switch. */
  async setAway(advisor: AdvisorRecord, away: boolean): Promise<boolean> {
    await this.repository.setAway(advisor.id, away);
    this.invalidate();
    const isOnline = this.isOnline({ ...advisor, is_away: away });
    this.events.publish({ type: 'presence', advisorId: advisor.id, isOnline });
    return !away;
  }

  isOnline(record: AdvisorRecord): boolean {
    return isAdvisorOnline(record, this.presence);
  }

  toWire(record: AdvisorRecord): Advisor {
    return toAdvisor(record, this.isOnline(record));
  }
}

export function ratingOf(record: Pick<AdvisorRecord, 'rating_sum' | 'review_count'>): number {
  return record.review_count === 0
    ? 0
    : Math.round((record.rating_sum / record.review_count) * 10) / 10;
}

function toAdvisor(record: AdvisorRecord, isOnline: boolean): Advisor {
  return {
    id: record.id,
    manager_id: record.id,
    name: record.name,
    avatar: record.avatar_url || '/avatars/default.svg',
    category_id: record.category_id,
    category_name: findCategory(record.category_id)?.title ?? '',
    description: record.description,
    additional_info: record.additional_info,
    rating: ratingOf(record),
    reviews: record.review_count,
    price: centsToDollars(record.price_cents),
    price_cents: record.price_cents,
    experience: record.experience_years,
    clients: record.clients,
    languages: record.languages,
    isActive: record.is_active,
    isOnline,
  };
}
