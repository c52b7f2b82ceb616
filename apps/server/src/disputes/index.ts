/**
 * Disputes (decision 049): a user's case about paid messages to one advisor, opened from the
 * chat, decided by staff with a refund through the money path (the advisor's earning reversed in
 * the same share) or a refusal with a reason; the user is told by the bot.
 */
import { DISPUTE_LIMITS } from '@seer/contract';
import { defineModule } from '../kernel/module.js';
import { disputesPersonalData } from './personal-data.repository.js';
import { DisputesRepository } from './disputes.repository.js';
import { DisputesService } from './disputes.service.js';
import { disputesRoutes } from './disputes.routes.js';

export type { DisputesService };

declare module '../kernel/module.js' {
  interface Services {
    disputes: DisputesService;
  }
}

export const disputesModule = defineModule({
  name: 'disputes',
  needs: ['money', 'users', 'admin', 'bot'],
  uses: ['auth'],
  personalData: () => disputesPersonalData(),
  create: ({ sql, config, services }) => ({
    disputes: new DisputesService({
      sql,
      repository: new DisputesRepository(sql),
      money: services.money,
      users: services.users,
      audit: services.admin.audit,
      notices: services.notices,
      windowDays: config.disputeWindowDays,
      choosableMessages: DISPUTE_LIMITS.choosableMessages,
    }),
  }),
  routes: (app, { services, server }) =>
    disputesRoutes(app, services.auth, services.disputes, server.limits),
});
