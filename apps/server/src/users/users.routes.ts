import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { UsersService } from './users.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function usersRoutes(
  app: FastifyInstance,
  auth: AuthService,
  users: UsersService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetUser', async ({ identity }) => {
    const profile = await users.profile(identity);
    return { status: 'success', ...profile, data: profile };
  });

  registerCall(app, auth, 'UpdateUser', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    const user = await users.updateProfile(identity, body);
    return { status: 'success', message: 'Profile updated successfully!', user };
  });

  registerCall(app, auth, 'UpdatePreferences', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return { status: 'success', preferences: await users.updatePreferences(identity, body) };
  });

  registerCall(app, auth, 'SetWriteAccess', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    await users.setWriteAccess(identity.telegramId, body.allowed);
    return { status: 'success' };
  });
}
