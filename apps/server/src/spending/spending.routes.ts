/** GetSpendingLimits and SetSpendingLimits: the user's own daily and monthly spending limits. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { SpendingService } from './spending.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function spendingRoutes(
  app: FastifyInstance,
  auth: AuthService,
  spending: SpendingService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetSpendingLimits', async ({ identity }) =>
    spending.get(identity.telegramId),
  );
  registerCall(app, auth, 'SetSpendingLimits', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return spending.set(identity.telegramId, body);
  });
}
