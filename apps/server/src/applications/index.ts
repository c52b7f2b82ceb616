/**
 * Applying as an advisor inside Telegram (decision 046): the form, the stages staff move an
 * application through with the applicant told by the bot, approval into an advisor on trial,
 * and the trial's rules (a share of users, a price cap).
 */
import { defineModule } from '../kernel/module.js';
import { applicationsPersonalData } from './personal-data.repository.js';
import { ApplicationsRepository } from './applications.repository.js';
import { ApplicationsService } from './applications.service.js';
import { applicationsRoutes } from './applications.routes.js';

export type { ApplicationsService };

declare module '../kernel/module.js' {
  interface Services {
    applications: ApplicationsService;
  }
}

export const applicationsModule = defineModule({
  name: 'applications',
  needs: ['users', 'advisors', 'admin', 'bot'],
  uses: ['auth'],
  personalData: () => applicationsPersonalData(),
  create: ({ sql, events, logTo, services }) => {
    const repository = new ApplicationsRepository(sql);
    return {
      applications: new ApplicationsService({
        sql,
        repository,
        users: services.users,
        advisors: services.advisors,
        audit: services.admin.audit,
        events,
        notices: services.notices,
        trials: services.trials,
        log: logTo,
      }),
    };
  },
  routes: (app, { services, server }) =>
    applicationsRoutes(app, services.auth, services.applications, server.limits),
});
