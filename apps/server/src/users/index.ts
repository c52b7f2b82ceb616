/** Users: their profile (name, birth data, about), settings and who is an admin. */
import { defineModule } from '../kernel/module.js';
import { usersPersonalData } from './personal-data.repository.js';
export { usersErasure } from './personal-data.repository.js';
import { UsersRepository, type UserRecord } from './users.repository.js';
import { UsersService } from './users.service.js';
import { usersRoutes } from './users.routes.js';

export type { UsersService };
/** A user's row as the users module keeps it. */
export type User = UserRecord;
export { displayName } from './users.service.js';
export { localeOfUser, type LanguageFacts } from './language.js';

declare module '../kernel/module.js' {
  interface Services {
    users: UsersService;
  }
}

export const usersModule = defineModule({
  name: 'users',
  needs: ['advisors'],
  uses: ['auth'],
  personalData: () => usersPersonalData(),
  create: ({ sql, services, config }) => ({
    users: new UsersService(new UsersRepository(sql), services.advisors, config.adminTelegramIds),
  }),
  routes: (app, { services, server }) =>
    usersRoutes(app, services.auth, services.users, server.limits),
});
