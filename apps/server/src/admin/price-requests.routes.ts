/** Advisors' price change requests in the admin section: listed, approved or refused, audited. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { AdvisorProfileService } from '../advisors/index.js';
import { registerCall } from '../http/register-call.js';
import type { AuditLog } from './admin.service.js';

export function priceRequestsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  profiles: AdvisorProfileService,
  audit: AuditLog,
): void {
  registerCall(app, auth, 'AdminPriceRequests', async ({ query }) => ({
    status: 'success',
    requests: await profiles.priceRequests(query.status === 'pending'),
  }));

  registerCall(app, auth, 'AdminDecidePriceRequest', async ({ identity, body }) => ({
    status: 'success',
    request: await profiles.decidePriceRequest(
      identity.telegramId,
      body.id,
      body.approve,
      (tx, request) =>
        audit.audit(tx, identity.telegramId, body.approve ? 'approve-price' : 'refuse-price', {
          requestId: request.id,
          advisorId: request.manager_id,
          fromCents: request.current_price_cents,
          toCents: request.price_cents,
        }),
    ),
  }));
}
