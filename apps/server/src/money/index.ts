/**
 * Money: the one path every dollar takes — balances, the ledger, paid sends (group commit),
 * refunds and credits — and the followers told of each ledger row in its transaction.
 */
import { defineModule } from '../kernel/module.js';
import { moneyPersonalData } from './personal-data.repository.js';
import { MoneyRepository } from './money.repository.js';
import { MoneyService } from './money.service.js';
import { GROUP_COMMIT_DEFAULTS } from './group-commit.js';
import { moneyDeliveries } from './money.frames.js';

export type {
  BalanceChange,
  LedgerEntry,
  LedgerFollower,
  LedgerObserver,
  LedgerReason,
  MoneyService,
  NoticedReason,
  PaidSendOutcome,
} from './money.service.js';
export { BalanceTooLowError, LEDGER_REASONS } from './money.service.js';

declare module '../kernel/module.js' {
  interface Services {
    money: MoneyService;
  }
}

export const moneyModule = defineModule({
  name: 'money',
  // The notification list and the bot's receipts are written with each ledger row.
  needs: ['notifications', 'bot'],
  personalData: () => moneyPersonalData(),
  create: ({ sql, events, config, server, services: { feed, receipts } }) => {
    const money = new MoneyService(
      sql,
      new MoneyRepository(sql),
      events,
      receipts ? [feed, receipts] : [feed],
      { ...GROUP_COMMIT_DEFAULTS, maxBatch: config.paidSendBatch },
    );
    server?.metrics.watchPaidSends(() => money.paidSends.stats);
    return { money };
  },
  deliveries: [moneyDeliveries],
});
