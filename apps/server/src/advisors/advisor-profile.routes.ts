/** The advisor's own profile calls, and the hours and away message users see. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { AdvisorProfileService } from './advisor-profile.service.js';

export function advisorProfileRoutes(
  app: FastifyInstance,
  auth: AuthService,
  profiles: AdvisorProfileService,
  limits: RateLimiter,
  users: Pick<UsersService, 'localeOf'>,
): void {
  registerCall(app, auth, 'ManagerGetOwnProfile', async ({ advisor }) => ({
    status: 'success',
    profile: await profiles.get(advisor.id),
  }));

  registerCall(app, auth, 'ManagerSaveOwnProfile', async ({ identity, advisor, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return { status: 'success', profile: await profiles.save(advisor, identity.telegramId, body) };
  });

  registerCall(app, auth, 'ManagerRequestPrice', async ({ identity, advisor, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return { status: 'success', request: await profiles.requestPrice(advisor, body.price_cents) };
  });

  registerCall(app, auth, 'GetAdvisorHours', async ({ query, identity }) => ({
    status: 'success',
    ...(await profiles.forViewer(
      query.advisorId,
      query.time_zone,
      query.lang ?? (await users.localeOf(identity.telegramId)),
    )),
  }));
}
