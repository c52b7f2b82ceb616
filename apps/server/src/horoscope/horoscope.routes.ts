import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { HoroscopeService } from './horoscope.service.js';

export function horoscopeRoutes(
  app: FastifyInstance,
  auth: AuthService,
  horoscope: HoroscopeService,
): void {
  registerCall(app, auth, 'GetHoroscope', async ({ identity, query }) =>
    horoscope.forUser(identity.telegramId, query),
  );
  registerCall(app, auth, 'GetDailyLine', async ({ identity, query }) =>
    horoscope.dailyLine(identity.telegramId, query),
  );
}
