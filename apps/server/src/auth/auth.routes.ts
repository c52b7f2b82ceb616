/** Demo sign-in: init data for a demo user, so the app works in a plain browser (off with a bot token or in production). */
import type { FastifyInstance } from 'fastify';
import { SERVICE_ROUTES, type DemoSessionAnswer } from '@seer/contract';
import type { z } from 'zod';
import type { AuthService } from './auth.service.js';
import { NotFoundError } from '../errors.js';

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  const route = SERVICE_ROUTES.DemoSession;
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request): Promise<z.output<typeof DemoSessionAnswer>> => {
      if (!auth.demoSignIn) throw new NotFoundError('Demo sign-in is off: open Seer from Telegram');
      const body = route.body.parse(request.body ?? {});
      const session = auth.demoSession(body.telegram_user_id, body.language_code);
      return {
        status: 'success',
        init_data: session.initData,
        telegram_user_id: session.telegramId,
      };
    },
  });
}
