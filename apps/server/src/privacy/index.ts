/**
 * Privacy: the user's own data — its export as a file, the deletion of the account in two steps
 * (every module contributes its part through `personalData`, kernel/module.ts), a chat's transcript
 * sent to the user's Telegram chat, and search in a chat. docs/decisions/050-your-data.md.
 */
import { defineModule } from '../kernel/module.js';
import { OwnDialogs } from '../chat/index.js';
import { PrivacyRepository } from './privacy.repository.js';
import { PrivacyService } from './privacy.service.js';
import { privacyRoutes } from './privacy.routes.js';

export type { PrivacyService };

declare module '../kernel/module.js' {
  interface Services {
    privacy: PrivacyService;
  }
}

export const privacyModule = defineModule({
  name: 'privacy',
  needs: ['auth', 'users', 'advisors', 'bot'],
  uses: [],
  create: ({ sql, config, services, personalData, logTo }) => ({
    privacy: new PrivacyService({
      sql,
      repository: new PrivacyRepository(sql),
      parts: personalData,
      auth: services.auth,
      users: services.users,
      advisors: services.advisors,
      ownDialogs: new OwnDialogs(sql),
      botApi: services.botApi,
      adminIds: config.adminTelegramIds,
      log: logTo,
    }),
  }),
  routes: (app, { services, server }) =>
    privacyRoutes(app, services.auth, services.privacy, server.limits),
});
