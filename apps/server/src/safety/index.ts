/**
 * Safety: reports of messages and advisors and their review by staff, and blocks between a
 * dialog's user and advisor (docs/decisions/048-reports-and-blocks.md).
 */
import { defineModule } from '../kernel/module.js';
import { safetyPersonalData } from './personal-data.repository.js';
import { SafetyRepository } from './safety.repository.js';
import { BlocksService } from './blocks.service.js';
import { ReportsService } from './reports.service.js';
import { safetyRoutes } from './safety.routes.js';
import { safetyDeliveries } from './safety.frames.js';

export type { BlocksService, ReportsService };
export { WARNING_TEXTS } from './reports.service.js';

declare module '../kernel/module.js' {
  interface Services {
    blocks: BlocksService;
    reports: ReportsService;
  }
}

export const safetyModule = defineModule({
  name: 'safety',
  needs: ['advisors', 'users', 'chat', 'admin', 'bot', 'auth'],
  personalData: () => safetyPersonalData(),
  create: ({ config, sql, events, services, logTo }) => {
    const repository = new SafetyRepository(sql);
    const blocks = new BlocksService(repository, services.advisors, services.users, sql, events);
    // The block check: before an advisor's reply, and the reason for a user's paid send the
    // database refused as blocked (decision 057); the catalogue leaves out what the viewer
    // blocked and the advisors held for review.
    services.chat.addSendCheck((userId, advisorId, sender) =>
      blocks.checkSend(userId, advisorId, sender),
    );
    services.advisors.addViewerFilter((viewerId) => blocks.hiddenFor(viewerId));
    const reports = new ReportsService(
      {
        sql,
        repository,
        blocks,
        advisors: services.advisors,
        users: services.users,
        audit: services.admin.audit,
        events,
        notices: services.notices,
        hideThreshold: config.reportHideThreshold,
        log: logTo,
      },
      services.auth,
    );
    return { blocks, reports };
  },
  routes: (app, { services, server }) =>
    safetyRoutes(app, services.auth, services.reports, services.blocks, server.limits),
  deliveries: [safetyDeliveries],
});
