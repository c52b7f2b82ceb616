import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { AdvisorsService } from '../advisors/index.js';
import { registerCall } from '../http/register-call.js';
import type { ChatService } from './chat.service.js';
import { BadRequestError } from '../errors.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function chatRoutes(
  app: FastifyInstance,
  auth: AuthService,
  chat: ChatService,
  advisors: AdvisorsService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetAllChats', async ({ identity }) => ({
    status: 'success',
    chats: await chat.userChats(identity.telegramId),
  }));

  registerCall(app, auth, 'GetAllMessages', async ({ identity, query }) => {
    const advisor = await advisors.get(query.advisorId);
    const messages = await chat.userHistory(identity.telegramId, query.advisorId);
    return { status: 'success', messages, manager: advisor };
  });

  registerCall(app, auth, 'CreateMessage', async ({ identity, body }) => {
    await limits.take('send', identity.telegramId);
    const { message, payment } = await chat.sendUserMessage(identity.telegramId, body);
    return { status: 'success', data: { message, payment_info: payment } };
  });

  registerCall(app, auth, 'DeleteChat', async ({ identity, body }) => {
    await limits.take('chatChange', identity.telegramId);
    await chat.deleteForUser(identity.telegramId, body.advisorId);
    return { status: 'success' };
  });

  registerCall(app, auth, 'MarkRead', async ({ identity, body }) => {
    await limits.take('chatChange', identity.telegramId);
    await chat.markReadByUser(identity.telegramId, body.advisorId, body.up_to_id);
    return { status: 'success' };
  });

  // Advisors' side.
  registerCall(app, auth, 'ManagerGetChats', async ({ advisor }) => ({
    status: 'success',
    chats: await chat.advisorChats(advisor),
  }));

  registerCall(app, auth, 'ManagerGetMessages', async ({ advisor, query }) => ({
    status: 'success',
    messages: await chat.advisorHistory(advisor, query.telegram_user_id),
  }));

  registerCall(app, auth, 'ManagerSendMessage', async ({ identity, advisor, body }) => {
    await limits.take('send', identity.telegramId);
    if (!body.message && !body.image_id) throw new BadRequestError('message: must not be empty');
    const message = await chat.sendAdvisorMessage(
      advisor,
      body.telegram_user_id,
      body.message ?? '',
      body.image_id ?? null,
    );
    return { status: 'success', data: { message } };
  });

  registerCall(app, auth, 'ManagerMarkRead', async ({ identity, advisor, body }) => {
    await limits.take('chatChange', identity.telegramId);
    await chat.markReadByAdvisor(advisor, body.telegram_user_id, body.up_to_id);
    return { status: 'success' };
  });
}
