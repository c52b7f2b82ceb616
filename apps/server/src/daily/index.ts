/**
 * The daily ritual (decision 054): the first-open onboarding offered once, and the opt-in morning
 * message from the bot — today's card and sky at the user's hour, with a button that stops it.
 */
import { defineModule } from '../kernel/module.js';
import { DailyRepository } from './daily.repository.js';
import { DailyService } from './daily.service.js';
import { dailyRoutes } from './daily.routes.js';
import { MorningMessages, type MorningOptions } from './morning-messages.js';
import { registerDailyBotHandlers } from './daily-bot-handlers.js';
import { dailyPersonalData } from './personal-data.repository.js';
import { TarotShare } from './tarot-share.js';

export type { DailyService, MorningMessages };
export { cardOfTheDay, CARD_WORDS, DAILY_TEXTS, cardLine } from './daily-texts.js';

declare module '../kernel/module.js' {
  interface Services {
    daily: DailyService;
    /** Null without a bot that writes (no BOT_TOKEN, or the command line). */
    morningMessages: MorningMessages | null;
    /** The day's tarot card shared as a prepared message and a story picture. */
    tarotShare: TarotShare;
  }
  interface ModuleTuning {
    morningMessages: Partial<MorningOptions>;
  }
}

export const dailyModule = defineModule({
  name: 'daily',
  needs: ['users', 'horoscope', 'bot', 'links'],
  uses: ['auth'],
  personalData: () => dailyPersonalData(),
  create: ({ sql, services, tuning, logTo, log, config }) => {
    const repository = new DailyRepository(sql);
    const daily = new DailyService(repository, services.users);
    const morningMessages = services.notices
      ? new MorningMessages(
          {
            sql,
            repository,
            users: services.users,
            horoscope: services.horoscope,
            notices: services.notices,
            log: logTo,
          },
          tuning.morningMessages,
        )
      : null;
    const tarotShare = new TarotShare({
      botApi: services.botApi,
      inviteLink: async (userId) => (await services.referrals.invite(userId)).link,
      publicUrl: config.publicUrl,
      log: (message, error) =>
        log.warn({ err: error instanceof Error ? error.message : error }, message),
    });
    return { daily, morningMessages, tarotShare };
  },
  routes: (app, { services, server }) =>
    dailyRoutes(
      app,
      services.auth,
      services.daily,
      server.limits,
      services.tarotShare,
      services.users,
    ),
  botHandlers: (updates, { config, services }) =>
    registerDailyBotHandlers(updates, {
      daily: services.daily,
      users: services.users,
      publicUrl: config.publicUrl,
    }),
  workers: ({ services: { morningMessages } }) => [
    {
      name: 'morning messages',
      scope: 'process',
      start: () => morningMessages?.start(),
      stop: () => morningMessages?.stop(),
    },
  ],
});
