/**
 * Advisors paid in TON (decision 047): what each advisor is owed (earnings plus the advisor
 * ledger), their statement, payout requests to their TON address, the admin's queue and batches
 * paid with TON Connect from the operator's wallet, and the confirmations the TON deposit watcher
 * brings from the indexer. Also the accounting summary (AdminPayouts, CSV) and the workspace's
 * earnings panel.
 */
import { defineModule } from '../kernel/module.js';
import { tonRateSource } from '../payments/index.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';
import { PayoutConfirmations } from './payout-confirmations.js';
import { payoutsRoutes } from './payouts.routes.js';

export type { PayoutsService, PayoutConfirmations };

declare module '../kernel/module.js' {
  interface Services {
    payouts: PayoutsService;
    /** Told by the TON deposit watcher of the operator wallet's transactions. */
    payoutConfirmations: PayoutConfirmations;
  }
}

export const payoutsModule = defineModule({
  name: 'payouts',
  needs: ['admin', 'advisors', 'users', 'bot'],
  uses: ['auth'],
  create: ({ sql, config, logTo, services: { admin, advisors, users, notices } }) => {
    const repo = new PayoutsRepository(sql);
    const payouts = new PayoutsService(
      sql,
      repo,
      admin.audit,
      tonRateSource(config.tonRate, logTo),
      {
        holdDays: config.payouts.holdDays,
        minimumCents: config.payouts.minimumCents,
        explorerUrl: config.payouts.explorerUrl,
        wallet: config.tonWalletAddress,
        network: config.tonNetwork,
      },
    );
    const payoutConfirmations = new PayoutConfirmations({
      sql,
      repo,
      payouts,
      advisors,
      users,
      notices,
      confirmMs: config.payouts.confirmMs,
      log: logTo,
    });
    return { payouts, payoutConfirmations };
  },
  routes: (app, { services, server }) =>
    payoutsRoutes(app, services.auth, services.payouts, server.limits),
});
