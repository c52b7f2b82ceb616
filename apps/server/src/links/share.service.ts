/**
 * Sharing advisors: the card as an inline result (the bot's inline mode, and a prepared message
 * the Mini App shares with Telegram.WebApp.shareMessage, Bot API 8.0), and the profile's link.
 */
import { createHash } from 'node:crypto';
import type { InlineQueryResultArticle } from 'grammy/types';
import type { Advisor, Locale } from '@seer/contract';
import type { AdvisorsService } from '../advisors/index.js';
import type { BotApi } from '../bot/index.js';
import type { DeepLinks } from './deep-links.js';
import { THUMBNAIL_SIZE } from './advisor-thumbnails.js';
import { advisorCardText, advisorSummary, categoryTitle, LINK_TEXTS } from './link-texts.js';

/** Inline results per answer (Telegram allows 50). */
const INLINE_RESULTS = 20;

/**
 * A prepared message is reused while Telegram keeps it (its `expiration_date`) for at least this
 * long still: the app shares it right after asking, and a message that would expire meanwhile is
 * prepared again.
 */
export const PREPARED_MESSAGE_MARGIN_MS = 60_000;
/** Prepared messages remembered per instance; past it the least recently used are forgotten. */
export const PREPARED_MESSAGES_KEPT = 10_000;

interface PreparedMessage {
  id: string;
  /** Telegram's expiration_date, in ms. */
  expiresAtMs: number;
  /** A hash of the card it shows: a card that changed since (rating, texts) is prepared again. */
  card: string;
}

export class ShareService {
  constructor(
    private readonly advisors: AdvisorsService,
    private readonly links: DeepLinks,
    /** Null without BOT_TOKEN: no prepared messages, the app shares the link. */
    private readonly botApi: BotApi | null,
    private readonly log: (message: string, error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The prepared messages Telegram still keeps, by user, advisor and language (in least recently
   * used order), and the ones being asked for, so a burst of shares makes one Bot API call.
   */
  private readonly prepared = new Map<string, PreparedMessage>();
  private readonly preparing = new Map<string, Promise<string | null>>();

  /** The advisor's card as an article result with a button opening the profile. */
  advisorResult(advisor: Advisor, locale: Locale): InlineQueryResultArticle {
    const link = this.links.advisorLink(advisor.id);
    return {
      type: 'article',
      id: `advisor_${advisor.id}`,
      title: advisor.name,
      description: `${categoryTitle(advisor.category_id, locale)}\n${advisorSummary(advisor, locale)}`,
      // A JPEG: Telegram does not draw the SVG portraits (advisor-thumbnails.ts).
      thumbnail_url: this.links.webUrl(`/api/advisors/${advisor.id}/thumbnail.jpg`),
      thumbnail_width: THUMBNAIL_SIZE,
      thumbnail_height: THUMBNAIL_SIZE,
      input_message_content: {
        message_text: advisorCardText(advisor, locale),
        link_preview_options: { is_disabled: true },
      },
      reply_markup: { inline_keyboard: [[{ text: LINK_TEXTS[locale].openProfile, url: link }]] },
    };
  }

  /**
   * The advisor's card kept by Telegram for this user to share (savePreparedInlineMessage): the
   * one prepared before while Telegram still keeps it and the card is the same, else a new one;
   * null when there is no bot or Telegram refused (a browser user Telegram does not know). A
   * missing or inactive advisor is a NotFoundError.
   */
  async prepareAdvisorShare(
    userId: number,
    advisorId: number,
    locale: Locale,
  ): Promise<{ preparedMessageId: string | null; link: string }> {
    const advisor = await this.advisors.get(advisorId, locale);
    const link = this.links.advisorLink(advisor.id);
    if (!this.botApi) return { preparedMessageId: null, link };
    const result = this.advisorResult(advisor, locale);
    const card = createHash('sha256').update(JSON.stringify(result)).digest('base64url');
    const key = `${userId}:${advisor.id}:${locale}`;
    const kept = this.prepared.get(key);
    if (kept && kept.card === card && kept.expiresAtMs - this.now() > PREPARED_MESSAGE_MARGIN_MS) {
      this.prepared.delete(key); // most recently used last
      this.prepared.set(key, kept);
      return { preparedMessageId: kept.id, link };
    }
    const asked = this.preparing.get(key);
    if (asked) return { preparedMessageId: await asked, link };
    const asking = this.prepare(key, card, userId, result).finally(() =>
      this.preparing.delete(key),
    );
    this.preparing.set(key, asking);
    return { preparedMessageId: await asking, link };
  }

  private async prepare(
    key: string,
    card: string,
    userId: number,
    result: InlineQueryResultArticle,
  ): Promise<string | null> {
    try {
      const prepared = await this.botApi!.call('savePreparedInlineMessage', {
        user_id: userId,
        result,
        allow_user_chats: true,
        allow_bot_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      this.remember(key, {
        id: prepared.id,
        expiresAtMs: prepared.expiration_date * 1000,
        card,
      });
      return prepared.id;
    } catch (error) {
      this.log('savePreparedInlineMessage failed; the app shares the link instead', error);
      return null;
    }
  }

  private remember(key: string, message: PreparedMessage): void {
    this.prepared.delete(key);
    if (!(message.expiresAtMs - this.now() > PREPARED_MESSAGE_MARGIN_MS)) return;
    this.prepared.set(key, message);
    for (const oldest of this.prepared.keys()) {
      if (this.prepared.size <= PREPARED_MESSAGES_KEPT) break;
      this.prepared.delete(oldest);
    }
  }

  /**
   * The inline mode's answer: advisors whose name or speciality (in either language) contains
   * the query, best rated first; an empty query lists the top advisors. The catalogue as the
   * asking user sees it (advisors on trial outside their share left out: decision 046).
   */
  async searchResults(
    query: string,
    locale: Locale,
    viewerId: number,
  ): Promise<InlineQueryResultArticle[]> {
    const advisors = await this.advisors.listFor(viewerId, locale);
    const needle = query.trim().toLocaleLowerCase();
    const matching = needle
      ? advisors.filter((advisor) =>
          [
            advisor.name,
            categoryTitle(advisor.category_id, 'en'),
            categoryTitle(advisor.category_id, 'ru'),
          ].some((text) => text.toLocaleLowerCase().includes(needle)),
        )
      : advisors;
    return [...matching]
      .sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || a.id - b.id)
      .slice(0, INLINE_RESULTS)
      .map((advisor) => this.advisorResult(advisor, locale));
  }
}
