/** Spending limits a user sets on themselves (a raise waits a day). */
import { defineModule } from '../kernel/module.js';
import { spendingPersonalData } from './personal-data.repository.js';
import { SpendingRepository } from './spending.repository.js';
import { SpendingService } from './spending.service.js';
import { spendingRoutes } from './spending.routes.js';

export type { SpendingService };

declare module '../kernel/module.js' {
  interface Services {
    spending: SpendingService;
  }
}

export const spendingModule = defineModule({
  name: 'spending',
  uses: ['auth'],
  personalData: () => spendingPersonalData(),
  create: ({ sql }) => ({ spending: new SpendingService(sql, new SpendingRepository(sql)) }),
  routes: (app, { services, server }) =>
    spendingRoutes(app, services.auth, services.spending, server.limits),
});
