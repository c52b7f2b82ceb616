/**
 * Sharing advisors: the card as an inline result (the bot's inline mode, and a prepared message
 * the Mini App shares with Telegram.WebApp.shareMessage, Bot API 8.0), and the profile's link.
 */
import type { InlineQueryResultArticle } from 'grammy/types';
import type { Advisor, Locale } from '@seer/contract';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { BotApi } from '../bot/bot-api.js';
import type { DeepLinks } from './deep-links.js';
import { THUMBNAIL_SIZE } from './advisor-thumbnails.js';
import { advisorCardText, advisorSummary, categoryTitle, LINK_TEXTS } from './link-texts.js';

/** Inline results per answer (Telegram allows 50). */
const INLINE_RESULTS = 20;

export class ShareService {
  constructor(
    private readonly advisors: AdvisorsService,
    private readonly links: DeepLinks,
    /** Null without BOT_TOKEN: no prepared messages, the app shares the link. */
    private readonly botApi: BotApi | null,
    private readonly log: (message: string, error: unknown) => void = () => {},
  ) {}

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
   * Asks Telegram to keep the advisor's card for this user to share (savePreparedInlineMessage);
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
    try {
      const prepared = await this.botApi.call('savePreparedInlineMessage', {
        user_id: userId,
        result: this.advisorResult(advisor, locale),
        allow_user_chats: true,
        allow_bot_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      return { preparedMessageId: prepared.id, link };
    } catch (error) {
      this.log('savePreparedInlineMessage failed; the app shares the link instead', error);
      return { preparedMessageId: null, link };
    }
  }

  /**
   * The inline mode's answer: advisors whose name or speciality (in either language) contains
   * the query, best rated first; an empty query lists the top advisors.
   */
  async searchResults(query: string, locale: Locale): Promise<InlineQueryResultArticle[]> {
    const advisors = await this.advisors.list(locale);
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
