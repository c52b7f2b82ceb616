import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorAnswer } from '@seer/contract';
import type { TelegramBot } from './telegram-bot.js';
import { WEBHOOK_PATH } from './telegram-bot.js';

/** The webhook Telegram posts updates to; public, but only with the secret token. */
export function botRoutes(app: FastifyInstance, bot: TelegramBot | null): void {
  app.post(WEBHOOK_PATH, async (request, reply) => {
    if (!bot || bot.mode !== 'webhook') {
      const body: ErrorAnswer = {
        status: 'error',
        code: ERROR_CODES.notFound,
        message: 'The bot webhook is not enabled on this server',
      };
      return reply.status(404).send(body);
    }
    if (!bot.verifyWebhookSecret(request.headers['x-telegram-bot-api-secret-token'])) {
      const body: ErrorAnswer = {
        status: 'error',
        code: ERROR_CODES.unauthorized,
        message: 'Wrong or missing X-Telegram-Bot-Api-Secret-Token',
      };
      return reply.status(401).send(body);
    }
    const update = request.body as { update_id?: unknown } | null;
    if (!update || typeof update !== 'object' || typeof update.update_id !== 'number') {
      const body: ErrorAnswer = {
        status: 'error',
        code: ERROR_CODES.badRequest,
        message: 'The body is not a Telegram update',
      };
      return reply.status(400).send(body);
    }
    // A thrown error answers 500 and Telegram delivers the update again.
    await bot.handleUpdate(request.body as never);
    return { ok: true };
  });
}
