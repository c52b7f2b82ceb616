/** Advisors as users see them: lists, one advisor, with rating and presence. */
import {
  centsToDollars,
  DEFAULT_LOCALE,
  findCategory,
  type Advisor,
  type Locale,
  RESPONSE_TIMES,
} from '@seer/contract';
import type { Tx } from '../db/database.js';
import type {
  AdvisorRecord,
  AdvisorsRepository,
  AdvisorTexts,
  NewAdvisor,
} from './advisors.repository.js';
import type { PresenceSource } from '../realtime/presence.js';
import { NotFoundError } from '../errors.js';
import { PreparedAnswer } from '../http/prepared-answer.js';
import type { EventBus } from '../realtime/event-bus.js';
import { seesTrialAdvisor } from './trial.js';

const LIST_TTL_MS = 1000;
/** Prepared catalogue answers kept per cache period (one per language, filter and trial view). */
const ANSWERS_KEPT = 256;
const NOTHING_HIDDEN: readonly number[] = [];

/** Advisors one viewer is not shown in the catalogue, by id. */
export type ViewerFilter = (viewerId: number) => Promise<readonly number[]>;

interface CatalogueCache {
  at: number;
  records: AdvisorRecord[];
  /** Advisors on trial, by id order. */
  trialIds: number[];
  /** Who sees a trial advisor outside its share: users with a dialog, and the advisor's own account. */
  trialKnownTo: Map<number, Set<number>>;
  answers: Map<string, PreparedAnswer>;
}

export class AdvisorsService {
  private cache: CatalogueCache | null = null;

  /** Rules that leave more advisors out for one viewer (blocks, advisors held for review: decision 048). */
  private readonly viewerFilters: ViewerFilter[] = [];

  constructor(
    private readonly repository: AdvisorsRepository,
    private readonly presence: PresenceSource,
    private readonly events: EventBus,
    /** The share of users (percent) who see an advisor on trial in the catalogue (decision 046). */
    private readonly trialSharePercent = 100,
  ) {}

  /** Forget cached lists (after a review, an edit, a presence change). */
  invalidate(): void {
    this.cache = null;
  }

  private async activeRecords(): Promise<{ records: AdvisorRecord[]; entry: CatalogueCache }> {
    if (!this.cache || Date.now() - this.cache.at > LIST_TTL_MS) {
      const at = Date.now();
      const records = await this.repository.listActive();
      const onTrial = records.filter((record) => record.on_trial);
      const trialKnownTo = new Map<number, Set<number>>();
      // One query per cache period, and only while someone is on trial and hidden from anybody.
      if (onTrial.length > 0 && this.trialSharePercent < 100) {
        for (const record of onTrial)
          trialKnownTo.set(
            record.id,
            new Set(record.telegram_id === null ? [] : [record.telegram_id]),
          );
        const dialogs = await this.repository.usersWithDialogs(onTrial.map((r) => r.id));
        for (const { advisor_id, user_id } of dialogs) trialKnownTo.get(advisor_id)?.add(user_id);
      }
      this.cache = {
        at,
        records,
        trialIds: onTrial.map((record) => record.id),
        trialKnownTo,
        answers: new Map(),
      };
    }
    return { records: this.cache.records, entry: this.cache };
  }

  /**
   * The advisors on trial this user does not see (decision 046): outside the trial's share of
   * users, with no dialog with them, not their own account. A few integer hashes per request and
   * no query: the trial's dialogs are read once per cache period.
   */
  private hiddenFrom(entry: CatalogueCache, viewerId: number): readonly number[] {
    if (entry.trialIds.length === 0 || this.trialSharePercent >= 100) return NOTHING_HIDDEN;
    let hidden: number[] | null = null;
    for (const id of entry.trialIds) {
      if (seesTrialAdvisor(viewerId, id, this.trialSharePercent)) continue;
      if (entry.trialKnownTo.get(id)?.has(viewerId)) continue;
      (hidden ??= []).push(id);
    }
    return hidden ?? NOTHING_HIDDEN;
  }

  /**
   * Leaves out, for one viewer, the advisors `filter` answers (the safety module's blocks and
   * holds); it should answer from memory, as the catalogue is the hottest read.
   */
  addViewerFilter(filter: ViewerFilter): void {
    this.viewerFilters.push(filter);
  }

  /** What this viewer is not shown: trial advisors outside their share, and what the filters say. */
  private async hiddenFor(entry: CatalogueCache, viewerId: number): Promise<readonly number[]> {
    const trial = this.hiddenFrom(entry, viewerId);
    if (this.viewerFilters.length === 0) return trial;
    const more = (await Promise.all(this.viewerFilters.map((f) => f(viewerId)))).flat();
    if (more.length === 0) return trial;
    return [...new Set([...trial, ...more])].sort((a, b) => a - b);
  }

  private wireList(
    records: AdvisorRecord[],
    lang: Locale,
    language: string | undefined,
    hidden: readonly number[],
  ): Advisor[] {
    return records
      .filter((r) => !language || r.languages.includes(language))
      .filter((r) => hidden.length === 0 || !hidden.includes(r.id))
      .map((r) => this.toWire(r, lang));
  }

  /**
   * Every active advisor with texts in `lang`; with `language`, only those who answer in it.
   * Advisors on trial included: what a user is shown is `listFor`.
   */
  async list(lang: Locale = DEFAULT_LOCALE, language?: string): Promise<Advisor[]> {
    const { records } = await this.activeRecords();
    return this.wireList(records, lang, language, NOTHING_HIDDEN);
  }

  /** The catalogue as this user sees it: `list` without the advisors on trial hidden from them. */
  async listFor(viewerId: number, lang: Locale = DEFAULT_LOCALE, language?: string) {
    const { records, entry } = await this.activeRecords();
    return this.wireList(records, lang, language, await this.hiddenFor(entry, viewerId));
  }

  /**
   * GetAllManagers' answer for this user, serialized and encoded once per cache period, query
   * and set of trial advisors hidden from them (most users share one), and gzipped on first
   * demand: the busiest call of the app.
   */
  async listAnswer(viewerId: number, lang: Locale, language?: string): Promise<PreparedAnswer> {
    const { records, entry } = await this.activeRecords();
    const hidden = await this.hiddenFor(entry, viewerId);
    const key = `${lang}|${language ?? ''}|${hidden.join(',')}`;
    let answer = entry.answers.get(key);
    if (answer === undefined) {
      const managers = this.wireList(records, lang, language, hidden);
      answer = new PreparedAnswer(JSON.stringify({ status: 'success', data: { managers } }));
      // Many trial advisors make many views; past the bound a view is built and not kept.
      if (entry.answers.size < ANSWERS_KEPT) entry.answers.set(key, answer);
    }
    return answer;
  }

  /** An active advisor from the list cached for a second, without a query (hot paths). */
  async cachedRecord(id: number): Promise<AdvisorRecord | null> {
    const { records } = await this.activeRecords();
    return records.find((record) => record.id === id) ?? null;
  }

  /** One category of the catalogue; as `viewerId` sees it when given (advisors on trial hidden). */
  async listByCategory(
    categoryId: number,
    lang: Locale = DEFAULT_LOCALE,
    language?: string,
    viewerId?: number,
  ): Promise<Advisor[]> {
    const advisors =
      viewerId === undefined
        ? await this.list(lang, language)
        : await this.listFor(viewerId, lang, language);
    return advisors.filter((advisor) => advisor.category_id === categoryId);
  }

  async get(id: number, lang: Locale = DEFAULT_LOCALE): Promise<Advisor> {
    const record = await this.repository.find(id);
    if (!record || !record.is_active) throw new NotFoundError(`Advisor ${id} not found`);
    return this.toWire(record, lang);
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

  /**
   * Rows that name an advisor, each built with that advisor as users see them; any advisor, active
   * or not (a dialog or a block outlives a listing). Rows of an advisor deleted since are left out.
   */
  async withAdvisors<Row extends { advisor_id: number }, Out>(
    rows: readonly Row[],
    build: (row: Row, advisor: Advisor) => Out,
  ): Promise<Out[]> {
    if (rows.length === 0) return [];
    const byId = new Map((await this.listAll()).map((record) => [record.id, record]));
    return rows.flatMap((row) => {
      const record = byId.get(row.advisor_id);
      return record ? [build(row, this.toWire(record))] : [];
    });
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

  /** Replaces the advisor's texts in languages other than its own, in the caller's transaction. */
  async setTranslations(
    tx: Tx,
    id: number,
    translations: Record<string, AdvisorTexts>,
  ): Promise<void> {
    await this.repository.replaceTranslations(tx, id, translations);
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

  /**
   * Recomputes every advisor's median first-response time into the advisors table (one instance
   * at a time, every few minutes: response-times.ts), then forgets the cached lists.
   */
  async refreshResponseTimes(): Promise<{ changed: number }> {
    const result = await this.repository.refreshResponseTimes(
      RESPONSE_TIMES.windowDays,
      RESPONSE_TIMES.minPeriods,
    );
    this.invalidate();
    return result;
  }

  /** The advisor's own online/away switch. */
  async setAway(advisor: AdvisorRecord, away: boolean): Promise<boolean> {
    await this.repository.setAway(advisor.id, away);
    this.invalidate();
    const isOnline = this.isOnline({ ...advisor, is_away: away });
    this.events.publish({ type: 'presence', advisorId: advisor.id, isOnline });
    return !away;
  }

  /**
   * Demo advisors not linked to a person follow their demo flag; a linked advisor is online while
   * connected (reported by the socket) and not away.
   */
  isOnline(record: AdvisorRecord): boolean {
    if (!record.is_active || record.is_away) return false;
    if (record.telegram_id === null) return record.is_demo && record.demo_online;
    return this.presence.isConnected(record.id);
  }

  /** The advisor as users see it, with its texts in `lang` when written in it (else its own). */
  toWire(record: AdvisorRecord, lang: Locale = DEFAULT_LOCALE): Advisor {
    return toAdvisor(record, this.isOnline(record), lang);
  }
}

export function ratingOf(record: Pick<AdvisorRecord, 'rating_sum' | 'review_count'>): number {
  return record.review_count === 0
    ? 0
    : Math.round((record.rating_sum / record.review_count) * 10) / 10;
}

/** The advisor's two texts in `lang` if it has them there, else its own, with their language. */
export function textsIn(
  record: Pick<AdvisorRecord, 'description' | 'additional_info' | 'text_language' | 'translations'>,
  lang: string,
): AdvisorTexts & { text_language: string } {
  const translated = lang === record.text_language ? undefined : record.translations[lang];
  if (translated && (translated.description || translated.additional_info))
    return { ...translated, text_language: lang };
  return {
    description: record.description,
    additional_info: record.additional_info,
    text_language: record.text_language,
  };
}

function toAdvisor(record: AdvisorRecord, isOnline: boolean, lang: string): Advisor {
  const texts = textsIn(record, lang);
  return {
    id: record.id,
    manager_id: record.id,
    name: record.name,
    avatar: record.avatar_url || '/avatars/default.svg',
    category_id: record.category_id,
    category_name: findCategory(record.category_id)?.title ?? '',
    description: texts.description,
    additional_info: texts.additional_info,
    text_language: texts.text_language,
    rating: ratingOf(record),
    reviews: record.review_count,
    price: centsToDollars(record.price_cents),
    price_cents: record.price_cents,
    experience: record.experience_years,
    // Every review comes from a client: never fewer clients than reviews (decision 051).
    clients: Math.max(record.clients, record.review_count),
    languages: record.languages,
    isActive: record.is_active,
    isOnline,
    median_response_seconds: record.median_response_seconds,
  };
}
