/** Satisfaction credits offered after a low rating, within per-user monthly caps. */
import { defineModule } from '../kernel/module.js';
import { satisfactionPersonalData } from './personal-data.repository.js';
import { SatisfactionRepository } from './satisfaction.repository.js';
import { SatisfactionService } from './satisfaction.service.js';
import { satisfactionRoutes } from './satisfaction.routes.js';

export type { SatisfactionService };

declare module '../kernel/module.js' {
  interface Services {
    satisfaction: SatisfactionService;
  }
}

export const satisfactionModule = defineModule({
  name: 'satisfaction',
  needs: ['money'],
  uses: ['auth'],
  personalData: () => satisfactionPersonalData(),
  create: ({ sql, config, services }) => ({
    satisfaction: new SatisfactionService(new SatisfactionRepository(sql), services.money, {
      maxCents: config.satisfactionMaxCents,
      monthlyMaxClaims: config.satisfactionMonthlyMaxClaims,
      monthlyMaxCents: config.satisfactionMonthlyMaxCents,
    }),
  }),
  routes: (app, { services, server }) =>
    satisfactionRoutes(app, services.auth, services.satisfaction, server.limits),
});
