/** The user's money notifications: credits and refunds from the ledger (message charges are not notices). */
import type { FastifyInstance } from 'fastify';
import { centsToDollars } from '@seer/contract';
import type { AuthService } from '../auth/auth.service.js';
import { registerCall } from '../http/register-call.js';
import type { MoneyService } from './money.service.js';

/** How many notifications the app is given (the newest). */
export const NOTIFICATIONS_LIMIT = 50;

export function moneyRoutes(app: FastifyInstance, auth: AuthService, money: MoneyService): void {
  registerCall(app, auth, 'GetNotifications', async ({ identity }) => {
    const notices = await money.noticesOf(identity.telegramId, NOTIFICATIONS_LIMIT);
    return {
      status: 'success',
      notifications: notices.map((notice) => ({
        id: notice.id,
        reason: notice.reason,
        amount: centsToDollars(notice.amountCents),
        amount_cents: notice.amountCents,
        created_at: notice.createdAt.toISOString(),
      })),
    };
  });
}
