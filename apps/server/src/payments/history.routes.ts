/** GetPaymentHistory.php: the caller's payment history, a page at a time. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { PaymentHistoryService } from './history.service.js';

export function paymentHistoryRoutes(
  app: FastifyInstance,
  auth: AuthService,
  history: PaymentHistoryService,
): void {
  registerCall(app, auth, 'GetPaymentHistory', async ({ identity, query }) =>
    history.page(identity.telegramId, { before: query.before, limit: query.limit }),
  );
}
