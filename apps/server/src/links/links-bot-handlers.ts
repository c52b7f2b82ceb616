/**
 * The bot's side of deep links: /start advisor_<id> and chat_<id> answer with a button opening
 * the Mini App at that screen; /start ref_<code> records the referral when Seer has never seen the
 * user (then opens home); and the inline mode (`@bot <name or speciality>`) answers with
 * advisor cards in the querying user's language.
 */
import { parseStartPayload, userLocale } from '@seer/contract';
import type { StartTarget, UpdateHandlers } from '../bot/index.js';
import type { AdvisorsService } from '../advisors/index.js';
import type { UsersService } from '../users/index.js';
import { LINK_TEXTS } from './link-texts.js';
import type { ReferralsService } from './referrals.service.js';
import type { ShareService } from './share.service.js';

export function linksStartTarget(deps: {
  advisors: AdvisorsService;
  users: UsersService;
  referrals: ReferralsService;
  /** FREE_MESSAGES: what a new user starts with, as when the app creates them. */
  freeMessages: number;
}): StartTarget {
  return async (from, text, locale) => {
    const payload = parseStartPayload(text);
    if (!payload) return null;
    if (payload.kind === 'ref') {
      // Only a person Seer has never seen counts as invited: the bot creates them here.
      const created = await deps.users.recordTelegramUser(
        { ...from, id: from.id },
        0,
        deps.freeMessages,
      );
      const recorded = created && (await deps.referrals.recordFirstSeen(from.id, text, 'bot'));
      return recorded ? { path: '', text: LINK_TEXTS[locale].startInvited } : null;
    }
    const advisor = await deps.advisors.find(payload.advisorId);
    if (!advisor?.is_active) return null;
    return payload.kind === 'advisor'
      ? { path: `/operator/${advisor.id}`, button: LINK_TEXTS[locale].startAdvisor(advisor.name) }
      : { path: `/chat/${advisor.id}`, button: LINK_TEXTS[locale].startChat(advisor.name) };
  };
}

export function registerLinksBotHandlers(
  updates: UpdateHandlers,
  share: ShareService,
  /** Whose language a user chose in Seer's Settings; without it the query's language decides. */
  users?: Pick<UsersService, 'localeOf'>,
): void {
  updates.onInlineQuery(async (ctx) => {
    const { from } = ctx.inlineQuery;
    const fromQuery = userLocale({ telegramCode: from.language_code });
    const locale = users
      ? await users.localeOf(from.id, from.language_code).catch(() => fromQuery)
      : fromQuery;
    const results = await share.searchResults(ctx.inlineQuery.query, locale, from.id);
    // Personal: the words follow the querying user's language.
    await ctx.answerInlineQuery(results, { cache_time: 60, is_personal: true });
  });
}
