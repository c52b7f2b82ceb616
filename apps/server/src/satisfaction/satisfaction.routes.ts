/** ClaimSatisfactionCredit (the user's one tap) and AdminSatisfactionCredits (every offer, for admins). */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { SatisfactionService } from './satisfaction.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function satisfactionRoutes(
  app: FastifyInstance,
  auth: AuthService,
  satisfaction: SatisfactionService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'ClaimSatisfactionCredit', async ({ identity, body }) => {
    await limits.take('satisfactionClaim', identity.telegramId);
    const claimed = await satisfaction.claim(identity.telegramId, body.offer_id);
    return {
      status: 'success',
      amount_cents: claimed.amountCents,
      new_balance_cents: claimed.balanceCents,
      already_claimed: claimed.alreadyClaimed,
    };
  });

  registerCall(app, auth, 'AdminSatisfactionCredits', async () => {
    const { credits, claimedCents } = await satisfaction.listForAdmin();
    return { status: 'success', credits, claimed_cents: claimedCents };
  });
}
