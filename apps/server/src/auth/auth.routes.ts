/**
 * Sessions (start from init data, renew, end) and the demo sign-in that gives init data for a
 * demo user, so the app works in a plain browser (off with a bot token or in production).
 */
import type { FastifyInstance } from 'fastify';
import {
  SERVICE_ROUTES,
  type DemoSessionAnswer,
  type EndSessionAnswer,
  type SessionAnswer,
} from '@seer/contract';
import type { z } from 'zod';
import type { AuthService, IssuedSession } from './auth.service.js';
import { NotFoundError } from '../errors.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

function sessionAnswer(session: IssuedSession): z.output<typeof SessionAnswer> {
  return {
    status: 'success',
    token: session.token,
    telegram_user_id: session.telegramId,
    expires_at: session.expiresAt,
    ends_at: session.endsAt,
  };
}

export function authRoutes(app: FastifyInstance, auth: AuthService, limits: RateLimiter): void {
  const admit = (telegramId: number) => limits.take('session', telegramId);
  const demo = SERVICE_ROUTES.DemoSession;
  app.route({
    method: demo.method,
    url: demo.path,
    handler: async (request): Promise<z.output<typeof DemoSessionAnswer>> => {
      if (!auth.demoSignIn) throw new NotFoundError('Demo sign-in is off: open Seer from Telegram');
      const body = demo.body.parse(request.body ?? {});
      const session = auth.demoSession(body.telegram_user_id, body.language_code);
      return {
        status: 'success',
        init_data: session.initData,
        telegram_user_id: session.telegramId,
      };
    },
  });

  const create = SERVICE_ROUTES.CreateSession;
  app.route({
    method: create.method,
    url: create.path,
    handler: async (request) =>
      sessionAnswer(await auth.startSession(request.headers.authorization, admit)),
  });

  const renew = SERVICE_ROUTES.RenewSession;
  app.route({
    method: renew.method,
    url: renew.path,
    handler: async (request) =>
      sessionAnswer(await auth.renewSession(request.headers.authorization, admit)),
  });

  const end = SERVICE_ROUTES.EndSession;
  app.route({
    method: end.method,
    url: end.path,
    handler: async (request): Promise<z.output<typeof EndSessionAnswer>> => {
      const identity = await auth.identify(request.headers.authorization);
      if (identity.sessionId) await auth.endSession(identity.telegramId, identity.sessionId);
      return { status: 'success' };
    },
  });
}
