import type { FastifyInstance } from 'fastify';
import { PAYOUT_BATCH_MAX } from '@seer/contract';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import { PayoutsService } from './payouts.service.js';

const MICRO_USD_PER_DOLLAR = 1_000_000;

export function payoutsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  payouts: PayoutsService,
  limits: RateLimiter,
): void {
  // The advisors' workspace.
  registerCall(app, auth, 'ManagerGetEarnings', async ({ advisor }) => ({
    status: 'success',
    earnings: await payouts.advisorEarnings(advisor.id, advisor.price_cents),
  }));

  registerCall(app, auth, 'ManagerGetPayouts', async ({ advisor }) => ({
    status: 'success',
    statement: await payouts.statement(advisor),
  }));

  registerCall(app, auth, 'ManagerRequestPayout', async ({ identity, advisor, body }) => {
    await limits.take('payoutRequest', identity.telegramId);
    const { payout, estimateNanotons } = await payouts.request(advisor.id, body);
    return {
      status: 'success',
      payout,
      estimate_nanotons: estimateNanotons === null ? null : estimateNanotons.toString(),
    };
  });

  registerCall(app, auth, 'ManagerCancelPayout', async ({ advisor, body }) => ({
    status: 'success',
    payout: await payouts.cancel(advisor.id, body.payout_id),
  }));

  // The admin section.
  registerCall(app, auth, 'AdminPayoutQueue', async () => ({
    status: 'success',
    wallet: payouts.walletFriendly,
    network: payouts.settings.network === 'testnet' ? '-3' : '-239',
    max_batch: PAYOUT_BATCH_MAX,
    payouts: await payouts.queue(),
  }));

  registerCall(app, auth, 'AdminCreatePayoutBatch', async ({ identity, body }) => {
    await limits.take('payoutBatch', identity.telegramId);
    const batch = await payouts.createBatch(identity.telegramId, body.payout_ids, body.wallet);
    return {
      status: 'success',
      batch_id: batch.batchId,
      valid_until: batch.validUntil,
      network: payouts.settings.network === 'testnet' ? '-3' : '-239',
      messages: batch.messages,
      ton_usd_rate: batch.microUsdPerTon / MICRO_USD_PER_DOLLAR,
    };
  });

  // Accounting: earnings, payouts and what is owed per advisor for a period, also as CSV.
  registerCall(app, auth, 'AdminPayouts', async ({ query, reply }) => {
    const rows = await payouts.summary(query.from ?? null, query.to ?? null);
    if (query.format === 'csv') {
      const name = `seer-payouts-${query.from ?? 'start'}-${query.to ?? 'now'}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(PayoutsService.toCsv(rows)) as never;
    }
    return {
      status: 'success',
      from: query.from ?? null,
      to: query.to ?? null,
      payouts: rows.map(({ advisor_id, ...row }) => ({ manager_id: advisor_id, ...row })),
    };
  });
}
