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

export type { DailyService, MorningMessages };
export { cardOfTheDay, CARD_WORDS, DAILY_TEXTS, cardLine } from './daily-texts.js';

declare module '../kernel/module.js' {
  interface Services {
    daily: DailyService;
    /** Null without a bot that writes (no BOT_TOKEN, or the command line). */
    morningMessages: MorningMessages | null;
  }
  interface ModuleTuning {
    morningMessages: Partial<MorningOptions>;
  }
}

export const dailyModule = defineModule({
  name: 'daily',
  needs: ['users', 'horoscope', 'bot'],
  uses: ['auth'],
  personalData: () => dailyPersonalData(),
  create: ({ sql, services, tuning, logTo }) => {
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
    return { daily, morningMessages };
  },
  routes: (app, { services, server }) =>
    dailyRoutes(app, services.auth, services.daily, server.limits),
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
