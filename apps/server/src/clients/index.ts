/** Clients: the client card of the advisor's workspace, advisors' notes and quick replies, and the birth-data consent. */
import { defineModule } from '../kernel/module.js';
import { clientsPersonalData } from './personal-data.repository.js';
import { ClientsRepository } from './clients.repository.js';
import { ClientsService } from './clients.service.js';
import { clientsRoutes } from './clients.routes.js';

export type { ClientsService };

declare module '../kernel/module.js' {
  interface Services {
    clients: ClientsService;
  }
}

export const clientsModule = defineModule({
  name: 'clients',
  needs: ['users', 'horoscope'],
  uses: ['auth'],
  personalData: () => clientsPersonalData(),
  create: ({ sql, services }) => ({
    clients: new ClientsService(
      new ClientsRepository(sql),
      services.users,
      services.horoscope,
      sql,
    ),
  }),
  routes: (app, { services, server }) =>
    clientsRoutes(app, services.auth, services.clients, server.limits),
});
