/** ManagerGetClientCard, ManagerSaveClientNote, the quick-reply calls, and Get/SetBirthDataSharing. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { ClientsService } from './clients.service.js';

export function clientsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  clients: ClientsService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'ManagerGetClientCard', async ({ advisor, query }) => ({
    status: 'success',
    card: await clients.card(advisor.id, query.telegram_user_id),
  }));
  registerCall(app, auth, 'ManagerSaveClientNote', async ({ identity, advisor, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return {
      status: 'success',
      note: await clients.saveNote(advisor.id, body.telegram_user_id, body.text),
    };
  });
  registerCall(app, auth, 'ManagerGetQuickReplies', async ({ advisor }) => ({
    status: 'success',
    quick_replies: await clients.quickReplies(advisor.id),
  }));
  registerCall(app, auth, 'ManagerAddQuickReply', async ({ identity, advisor, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return {
      status: 'success',
      quick_reply: await clients.addQuickReply(advisor.id, body.language, body.text),
    };
  });
  registerCall(app, auth, 'ManagerEditQuickReply', async ({ identity, advisor, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return {
      status: 'success',
      quick_reply: await clients.editQuickReply(advisor.id, body.id, body.text),
    };
  });
  registerCall(app, auth, 'ManagerDeleteQuickReply', async ({ identity, advisor, body }) => {
    await limits.take('profileChange', identity.telegramId);
    await clients.deleteQuickReply(advisor.id, body.id);
    return { status: 'success' };
  });
  registerCall(app, auth, 'GetBirthDataSharing', async ({ identity }) => ({
    status: 'success',
    sharing: await clients.sharingOf(identity.telegramId),
  }));
  registerCall(app, auth, 'SetBirthDataSharing', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return {
      status: 'success',
      sharing: await clients.setSharing(identity.telegramId, body.allowed),
    };
  });
}
