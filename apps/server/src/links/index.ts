/**
 * Links into Seer: deep links (`startapp`, the bot's /start), shared advisor cards and the bot's
 * inline mode, and referrals with their rewards.
 */
import { defineModule } from '../kernel/module.js';
import { linksPersonalData } from './personal-data.repository.js';
import { DeepLinks } from './deep-links.js';
import { linksStartTarget, registerLinksBotHandlers } from './links-bot-handlers.js';
import { ReferralsRepository } from './referrals.repository.js';
import { ReferralsService } from './referrals.service.js';
import { ShareService } from './share.service.js';
import { AdvisorThumbnails } from './advisor-thumbnails.js';
import { linksRoutes } from './links.routes.js';
import type { StartTarget } from '../bot/index.js';

export type { AdvisorThumbnails, ReferralsService, ShareService };

declare module '../kernel/module.js' {
  interface Services {
    /** Invite codes, invitees and their rewards (a follower of the money path). */
    referrals: ReferralsService;
    /** Advisor cards for sharing and the bot's inline mode. */
    share: ShareService;
    /** Advisors' portraits as JPEG thumbnails for those cards. */
    thumbnails: AdvisorThumbnails;
    /** What the bot's /start opens for a deep link's payload. */
    linkStarts: StartTarget;
  }
}

export const linksModule = defineModule({
  name: 'links',
  needs: ['money', 'auth', 'admin', 'advisors', 'images', 'bot', 'users'],
  personalData: () => linksPersonalData(),
  create: ({ sql, config, log, services }) => {
    const { money, auth, advisors, users, bot, botApi } = services;
    const deepLinks = new DeepLinks({
      telegramAppUrl: config.telegramAppUrl,
      botUsername: () => bot?.username ?? null,
      publicUrl: config.publicUrl,
    });
    const referrals = new ReferralsService(
      new ReferralsRepository(sql),
      money,
      deepLinks,
      {
        freeMessages: config.referralFreeMessages,
        monthlyCap: config.referralMonthlyCap,
        minTopUpCents: config.referralMinTopUpCents,
      },
      services.admin.audit,
    );
    money.addFollower(referrals);
    auth.onFirstSeen(async (telegramId, startParam) => {
      await referrals.recordFirstSeen(telegramId, startParam, 'app');
    });
    const share = new ShareService(advisors, deepLinks, botApi, (message, error) =>
      log.warn({ err: error instanceof Error ? error.message : error }, message),
    );
    return {
      referrals,
      share,
      thumbnails: new AdvisorThumbnails(advisors, services.images),
      linkStarts: linksStartTarget({
        advisors,
        users,
        referrals,
        freeMessages: config.freeMessages,
      }),
    };
  },
  routes: (app, { services, server }) =>
    linksRoutes(app, services.auth, {
      share: services.share,
      referrals: services.referrals,
      users: services.users,
      thumbnails: services.thumbnails,
      limits: server.limits,
    }),
  botHandlers: (updates, { services }) =>
    registerLinksBotHandlers(updates, services.share, services.users),
});
