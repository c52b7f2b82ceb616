/** Users: their profile (name, birth data, about), settings and who is an admin. */
import { defineModule } from '../kernel/module.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { usersRoutes } from './users.routes.js';

export type { UsersService };

declare module '../kernel/module.js' {
  interface Services {
    users: UsersService;
  }
}

export const usersModule = defineModule({
  name: 'users',
  needs: ['advisors'],
  uses: ['auth'],
  create: ({ sql, services, config }) => ({
    users: new UsersService(new UsersRepository(sql), services.advisors, config.adminTelegramIds),
  }),
  routes: (app, { services, server }) =>
    usersRoutes(app, services.auth, services.users, server.limits),
});
