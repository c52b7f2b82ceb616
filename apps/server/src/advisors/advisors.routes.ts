import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth.service.js';
import { registerCall } from '../http/register-call.js';
import type { AdvisorsService } from './advisors.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function advisorsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  advisors: AdvisorsService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetAllManagers', async ({ reply }) => {
    // Sent pre-serialized: the list is the hottest read of the app.
    return reply
      .type('application/json; charset=utf-8')
      .send(await advisors.listAnswerJson()) as never;
  });

  registerCall(app, auth, 'GetManagersByCategory', async ({ query }) =>
    advisors.listByCategory(query.category_id),
  );

  registerCall(app, auth, 'ManagerSetStatus', async ({ identity, advisor, body }) => {
    await limits.take('chatChange', identity.telegramId);
    return { status: 'success', online: await advisors.setAway(advisor, !body.online) };
  });

  registerCall(app, auth, 'GetManager', async ({ query }) => ({
    status: 'success',
    manager: await advisors.get(query.id),
  }));
}
