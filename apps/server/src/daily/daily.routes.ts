/** GetDailyRitual, SetMorningMessage, CloseOnboarding (decision 054). */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { DailyService } from './daily.service.js';

export function dailyRoutes(
  app: FastifyInstance,
  auth: AuthService,
  daily: DailyService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetDailyRitual', async ({ identity }) => {
    const ritual = await daily.ritual(identity.telegramId);
    return {
      status: 'success',
      onboarding: ritual.onboarding,
      morning: ritual.morning,
      bot_can_write: ritual.botCanWrite,
    };
  });

  registerCall(app, auth, 'SetMorningMessage', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return { status: 'success', morning: await daily.setMorning(identity.telegramId, body) };
  });

  registerCall(app, auth, 'CloseOnboarding', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    await daily.closeOnboarding(identity.telegramId, body.outcome);
    return { status: 'success' };
  });
}
