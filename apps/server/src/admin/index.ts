/**
 * The admin section and the command line's operations: advisors, credits, deposits
 * waiting for a decision, each written to the audit log.
 */
import { defineModule } from '../kernel/module.js';
import { adminPersonalData } from './personal-data.repository.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService, type AuditLog } from './admin.service.js';
import { adminRoutes } from './admin.routes.js';
import { paymentsAdminRoutes } from './payments-admin.routes.js';
import { cryptoAdminRoutes } from './crypto-admin.routes.js';
import { priceRequestsRoutes } from './price-requests.routes.js';

export type { AdminService, AuditLog };

declare module '../kernel/module.js' {
  interface Services {
    admin: AdminService;
  }
}

export const adminModule = defineModule({
  name: 'admin',
  needs: ['money', 'users', 'advisors', 'images'],
  uses: ['auth', 'payments'],
  personalData: () => adminPersonalData(),
  create: ({ sql, events, services: { money, users, advisors, images, trials } }) => {
    const audit = new AdminRepository(sql);
    return {
      admin: new AdminService(sql, audit, money, users, advisors, images, events, trials),
    };
  },
  routes: (app, { services }) => {
    adminRoutes(app, services.auth, services.admin, services.advisors);
    paymentsAdminRoutes(app, services.auth, services.payments, services.admin.audit);
    cryptoAdminRoutes(app, services.auth, services.crypto);
    priceRequestsRoutes(app, services.auth, services.advisorProfiles, services.admin.audit);
  },
});
