/** The user's calls (OpenDispute, GetMyDisputes, GetDisputableMessages) and the staff's (AdminDisputes, AdminResolveDispute). */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { DisputesService } from './disputes.service.js';

export function disputesRoutes(
  app: FastifyInstance,
  auth: AuthService,
  disputes: DisputesService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'OpenDispute', async ({ identity, body }) => {
    await limits.take('dispute', identity.telegramId);
    return {
      status: 'success',
      dispute: await disputes.open(
        identity.telegramId,
        body.manager_id,
        body.message_ids,
        body.text,
      ),
    };
  });
  registerCall(app, auth, 'GetMyDisputes', async ({ identity, query }) => ({
    status: 'success',
    disputes: await disputes.mine(identity.telegramId, query.manager_id),
  }));
  registerCall(app, auth, 'GetDisputableMessages', async ({ identity, query }) => ({
    status: 'success',
    ...(await disputes.disputable(identity.telegramId, query.manager_id)),
  }));

  registerCall(app, auth, 'AdminDisputes', async ({ query }) => ({
    status: 'success',
    disputes: await disputes.forStaff(query.status),
  }));
  registerCall(app, auth, 'AdminResolveDispute', async ({ identity, body }) => {
    const { dispute, alreadyResolved } = await disputes.resolve(
      identity.telegramId,
      body.id,
      body.decision === 'refuse'
        ? { decision: 'refuse', reason: body.reason }
        : { decision: 'refund', refundCents: body.refund_cents, note: body.note },
    );
    return { status: 'success', dispute, already_resolved: alreadyResolved };
  });
}
