/** Who is calling: Telegram's init data, session tokens, demo sign-in, and who is an advisor. */
import { defineModule } from '../kernel/module.js';
import { authPersonalData } from './personal-data.repository.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService, type Identity, type TelegramUser } from './auth.service.js';
import { authRoutes } from './auth.routes.js';

export type { AuthService, Identity, TelegramUser };

declare module '../kernel/module.js' {
  interface Services {
    auth: AuthService;
  }
}

export const authModule = defineModule({
  name: 'auth',
  needs: ['users', 'advisors'],
  personalData: () => authPersonalData(),
  create: async ({ config, sql, services, events }) => ({
    auth: await AuthService.create(
      config,
      new AuthRepository(sql),
      services.users,
      services.advisors,
      events,
    ),
  }),
  routes: (app, { services, server }) => authRoutes(app, services.auth, server.limits),
  socketAccess: ({ services: { auth } }) => ({
    identify: (credential) => auth.identifySocket(credential),
    advisorOf: (identity) => auth.advisorOf(identity),
  }),
});
