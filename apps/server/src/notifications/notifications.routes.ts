/** GetNotifications.php (v1: the original money list; v2: every kind) and MarkNotificationsRead.php. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { NotificationsService } from './notifications.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function notificationsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  notifications: NotificationsService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetNotifications', async ({ identity, query }) => {
    if (query.v === '2')
      return { status: 'success', ...(await notifications.list(identity.telegramId, 2)) };
    return { status: 'success', ...(await notifications.list(identity.telegramId, 1)) };
  });
  registerCall(app, auth, 'MarkNotificationsRead', async ({ identity, body }) => {
    await limits.take('chatChange', identity.telegramId);
    return {
      status: 'success',
      unread: await notifications.markRead(identity.telegramId, body.up_to),
    };
  });
}
