/**
 * Top-ups: TON deposits (quotes, the deposit watcher), Telegram Stars invoices, crypto through
 * NOWPayments, and demo mode's test payments. Each credit goes through the money module. Also the
 * user's payment history with each payment's receipt.
 */
import { defineModule } from '../kernel/module.js';
import { paymentsPersonalData } from './personal-data.repository.js';
export { refundableStarsPayments } from './personal-data.repository.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { CryptoRepository } from './crypto.repository.js';
import { CryptoPaymentsService } from './crypto.service.js';
import { TestPaymentsService } from './test-payments.js';
import { tonRateSource } from './ton-rate.js';
import { paymentsRoutes, testPaymentRoutes } from './payments.routes.js';
import { cryptoRoutes } from './crypto.routes.js';
import { PaymentHistoryRepository } from './history.repository.js';
import { PaymentHistoryService } from './history.service.js';
import { paymentHistoryRoutes } from './history.routes.js';
import { registerStarsHandlers } from './stars-bot-handlers.js';
import { ToncenterClient } from './toncenter.js';
import { TonDepositWatcher } from './ton-watcher.js';

export type { CryptoPaymentsService, PaymentHistoryService, PaymentsService, TestPaymentsService };
export type {
  DepositRecord as Deposit,
  StarsPaymentRecord as StarsPayment,
} from './payments.repository.js';
export type { CryptoPaymentView as CryptoPayment } from './crypto.repository.js';
export { tonRateSource, type TonRateSource } from './ton-rate.js';
export type { IndexerMessage, IndexerTransaction } from './toncenter.js';
export type { OutgoingTransfers } from './ton-watcher.js';

declare module '../kernel/module.js' {
  interface Services {
    payments: PaymentsService;
    /** Crypto top-ups through NOWPayments. */
    crypto: CryptoPaymentsService;
    /** Demo mode's test payments (on only with demo sign-in). */
    testPayments: TestPaymentsService;
    /** The user's top-ups, refunds and credits with their receipts. */
    paymentHistory: PaymentHistoryService;
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['money', 'users', 'auth', 'bot'],
  // The deposit watcher also shows the wallet's outgoing payouts to the payouts module (decision 047).
  uses: ['payouts'],
  personalData: () => paymentsPersonalData(),
  create: ({ sql, config, logTo, services: { money, users, auth, bot, botApi } }) => {
    const testPayments = new TestPaymentsService(money, auth.demoSignIn);
    const payments = new PaymentsService(
      new PaymentsRepository(sql),
      money,
      users,
      {
        tonWalletAddress: config.tonWalletAddress,
        tonRate: tonRateSource(config.tonRate, logTo),
        starsPerUsd: config.starsPerUsd,
        tonNetwork: config.tonNetwork,
        telegramAppUrl: config.telegramAppUrl,
        botUsername: () => bot?.username ?? null,
        cryptoEnabled: config.nowPayments !== undefined,
        testPayments: testPayments.enabled,
        phonePayments: config.phonePayments,
      },
      botApi,
    );
    const crypto = new CryptoPaymentsService(new CryptoRepository(sql), money, {
      nowPayments: config.nowPayments,
      publicUrl: config.publicUrl,
      phonePayments: config.phonePayments,
    });
    // Payouts and top-ups are on one network: a deposit's transaction opens on the payouts' explorer.
    const paymentHistory = new PaymentHistoryService(new PaymentHistoryRepository(sql), {
      tonExplorerUrl: config.payouts.explorerUrl,
    });
    return { payments, crypto, testPayments, paymentHistory };
  },
  routes: async (app, { config, services, server }) => {
    paymentsRoutes(app, services.auth, services.payments, config, server.limits);
    testPaymentRoutes(app, services.auth, services.testPayments, server.limits);
    await cryptoRoutes(app, services.auth, services.crypto, server.limits);
    paymentHistoryRoutes(app, services.auth, services.paymentHistory);
  },
  botHandlers: (updates, { services, logTo }) =>
    registerStarsHandlers(updates, { payments: services.payments, log: logTo }),
  workers: ({ config, sql, services, server, logTo }) => {
    let watcher: TonDepositWatcher | null = null;
    return [
      {
        // Only with TON_WALLET_ADDRESS; one instance at a time reads the indexer.
        name: 'TON deposit watcher',
        scope: 'process',
        start: () => {
          if (!config.tonWalletAddress) return;
          watcher = new TonDepositWatcher({
            wallet: config.tonWalletAddress,
            client: new ToncenterClient(config.tonApiUrl, config.tonApiKey),
            payments: services.payments,
            outgoing: services.payoutConfirmations,
            sql,
            intervalMs: config.tonPollIntervalMs,
            log: logTo,
            onPoll: (result) => server.metrics.depositPoll(result),
          });
          watcher.start();
          logTo('info', 'TON deposit watcher started', {
            wallet: config.tonWalletAddress,
            indexer: config.tonApiUrl,
            intervalMs: config.tonPollIntervalMs,
          });
        },
        stop: () => watcher?.stop(),
      },
    ];
  },
});
