/**
 * The advisor's own profile (docs/decisions/045-advisors-own-profile.md): what an advisor edits
 * of themselves, how users see their hours and away message, and the price change requests an
 * admin decides. An advisor edits only their own record: the calls take no advisor id.
 */
import {
  DEFAULT_LOCALE,
  hoursForViewer,
  LOCALES,
  usualHours,
  type AdminPriceRequest,
  type AdvisorOwnProfile,
  type Locale,
  type SaveOwnProfileBody,
} from '@seer/contract';
import type { z } from 'zod';
import type { Sql, Tx } from '../db/database.js';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import { imageUrl, type ImagesService } from '../images/index.js';
import type { AdvisorProfileRepository, PriceRequestRow } from './advisor-profile.repository.js';
import type { AdvisorRecord, AdvisorsRepository } from './advisors.repository.js';
import type { AdvisorsService } from './advisors.service.js';
import type { AdvisorTrials } from './trial.js';

function toPending(row: PriceRequestRow) {
  return { id: row.id, price_cents: row.price_cents, created_at: row.created_at.toISOString() };
}

export function toAdminPriceRequest(row: PriceRequestRow): AdminPriceRequest {
  return {
    id: row.id,
    manager_id: row.advisor_id,
    advisor_name: row.advisor_name,
    current_price_cents: row.current_price_cents,
    price_cents: row.price_cents,
    status: row.status,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

const isLocale = (language: string): language is Locale =>
  (LOCALES as readonly string[]).includes(language);

export class AdvisorProfileService {
  constructor(
    private readonly repository: AdvisorProfileRepository,
    private readonly advisorsRepository: AdvisorsRepository,
    private readonly advisors: Pick<AdvisorsService, 'invalidate' | 'find'>,
    private readonly images: Pick<ImagesService, 'uploadedBy'>,
    private readonly sql: Sql,
    private readonly trials: Pick<AdvisorTrials, 'checkPrice' | 'priceCapCents'>,
  ) {}

  async get(advisorId: number): Promise<AdvisorOwnProfile> {
    // Read afresh: the caller's advisor record may be a cached one from before an edit.
    const advisor = await this.advisors.find(advisorId);
    if (!advisor) throw new NotFoundError(`Advisor ${advisorId} not found`);
    const [timeZone, hours, awayMessages, pending] = await Promise.all([
      this.repository.timeZone(advisor.id),
      this.repository.hours(advisor.id),
      this.repository.awayMessages(advisor.id),
      this.repository.pendingPrice(advisor.id),
    ]);
    const textLanguage = isLocale(advisor.text_language) ? advisor.text_language : DEFAULT_LOCALE;
    const texts: AdvisorOwnProfile['texts'] = {
      [textLanguage]: {
        description: advisor.description,
        additional_info: advisor.additional_info,
      },
    };
    for (const [language, translated] of Object.entries(advisor.translations))
      if (isLocale(language) && language !== textLanguage) texts[language] = translated;
    return {
      id: advisor.id,
      name: advisor.name,
      avatar: advisor.avatar_url || '/avatars/default.svg',
      category_id: advisor.category_id,
      languages: advisor.languages,
      text_language: textLanguage,
      texts,
      time_zone: timeZone ?? 'UTC',
      hours,
      away_messages: Object.fromEntries(
        Object.entries(awayMessages).filter(([language]) => isLocale(language)),
      ),
      price_cents: advisor.price_cents,
      pending_price: pending && toPending(pending),
      trial_price_cap_cents: advisor.on_trial ? this.trials.priceCapCents : null,
    };
  }

  /** Saves what the advisor edits of themselves, in one transaction; the price is a request. */
  async save(
    advisor: AdvisorRecord,
    uploaderTelegramId: number,
    body: z.output<typeof SaveOwnProfileBody>,
  ): Promise<AdvisorOwnProfile> {
    const own = body.texts[body.text_language] ?? { description: '', additional_info: '' };
    await this.sql.begin(async (tx) => {
      let avatarUrl: string | null = null;
      if (body.avatar_image_id) {
        // Only the advisor's own upload: image ids of users' chat photos reach advisors too.
        if (!(await this.images.uploadedBy(body.avatar_image_id, uploaderTelegramId, tx)))
          throw new BadRequestError('avatar_image_id: no such image uploaded by you');
        avatarUrl = imageUrl(body.avatar_image_id)!;
      }
      await this.repository.updateFields(tx, advisor.id, {
        category_id: body.category_id,
        languages: body.languages,
        text_language: body.text_language,
        description: own.description,
        additional_info: own.additional_info,
        time_zone: body.time_zone,
        avatar_url: avatarUrl,
      });
      const translations = Object.fromEntries(
        Object.entries(body.texts).filter(([language]) => language !== body.text_language),
      ) as Record<string, { description: string; additional_info: string }>;
      await this.advisorsRepository.replaceTranslations(tx, advisor.id, translations);
      await this.repository.replaceHours(tx, advisor.id, body.hours);
      await this.repository.replaceAwayMessages(
        tx,
        advisor.id,
        body.away_messages as Record<string, string>,
      );
    });
    this.advisors.invalidate();
    return this.get(advisor.id);
  }

  /** A new price, pending an admin's approval; replaces the advisor's earlier pending request. */
  async requestPrice(advisor: AdvisorRecord, priceCents: number) {
    if (priceCents === advisor.price_cents)
      throw new BadRequestError('price_cents is already the current price');
    // An advisor on trial is told the cap now rather than by a refusal later (decision 046).
    await this.trials.checkPrice(advisor.id, priceCents, this.sql);
    return toPending(await this.repository.requestPrice(advisor.id, priceCents));
  }

  /**
   * The advisor's hours on the viewer's next seven days in the viewer's time zone, and their
   * away message in the reader's language (else any they wrote, their own language first).
   */
  async forViewer(advisorId: number, viewerZone: string, lang: Locale, now = new Date()) {
    const [advisor, timeZone, hours, awayMessages] = await Promise.all([
      this.advisors.find(advisorId),
      this.repository.timeZone(advisorId),
      this.repository.hours(advisorId),
      this.repository.awayMessages(advisorId),
    ]);
    if (!advisor || !advisor.is_active || timeZone === null)
      throw new NotFoundError(`Advisor ${advisorId} not found`);
    const days = hoursForViewer(hours, timeZone, viewerZone, now);
    const away =
      awayMessages[lang] ?? awayMessages[advisor.text_language] ?? Object.values(awayMessages)[0];
    return { days, usually: usualHours(days), away_message: away ?? null };
  }

  async priceRequests(onlyPending: boolean): Promise<AdminPriceRequest[]> {
    return (await this.repository.listRequests(onlyPending)).map(toAdminPriceRequest);
  }

  /**
   * An admin approves or refuses a pending request. Approval sets the advisor's price in the same
   * transaction as `record` (the audit row): the next paid send reads it, a send already under
   * way keeps the price it read.
   */
  async decidePriceRequest(
    actor: number,
    id: number,
    approve: boolean,
    record: (tx: Tx, request: AdminPriceRequest) => Promise<void>,
  ): Promise<AdminPriceRequest> {
    const decided = await this.sql.begin(async (tx) => {
      const request = await this.repository.lockPending(tx, id);
      if (!request) throw new NotFoundError(`Price request ${id} not found`);
      if (request.status !== 'pending')
        throw new ConflictError(`Price request ${id} is already ${request.status}`);
      // A request from before the trial's cap was lowered is not approved above it (decision 046).
      if (approve) await this.trials.checkPrice(request.advisor_id, request.price_cents, tx);
      await this.repository.decide(tx, id, approve ? 'approved' : 'refused', actor);
      if (approve) await this.repository.setPrice(tx, request.advisor_id, request.price_cents);
      const wire = toAdminPriceRequest(await this.repository.requestById(tx, id));
      await record(tx, { ...wire, current_price_cents: request.current_price_cents });
      return wire;
    });
    this.advisors.invalidate();
    return decided;
  }
}
