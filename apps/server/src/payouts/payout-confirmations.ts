/**
 * What the deposit watcher tells the payouts: each transaction of the operator's wallet, before
 * its cursor moves past it, and the end of each full pass (decision 047).
 *
 * - An outgoing message with the comment `payout <id>`, to the payout's address, of its exact
 *   nanotons, marks the payout paid with the transaction's hash. The message's hash is unique
 *   among payouts and only a payout not yet paid changes, so the same transaction seen twice (an
 *   indexer repeating a page, a restart before the cursor moved) changes nothing.
 * - A message naming a payout with another address or amount is kept on the payout for an admin
 *   to look at; such a payout is never returned by itself.
 * - A bounced message coming back (its body starts 0xFFFFFFFF, then our comment) returns a paid
 *   payout's amount to the advisor: the TON is back in the operator's wallet.
 * - After a pass, payouts of batches whose validUntil passed more than `confirmMs` ago without
 *   their message are 'failed' and their amount returned: the wallet can no longer send them.
 * - The advisor gets a bot message for each payout paid, written in the transaction that marks it
 *   paid (the bot's outbox sends it once that commits), so it is written exactly once.
 */
import { payoutIdFromComment, type Locale } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import type { UserNotices } from '../bot/index.js';
import type { UsersService } from '../users/index.js';
import type { AdvisorsService } from '../advisors/index.js';
import type { IndexerMessage, IndexerTransaction, OutgoingTransfers } from '../payments/index.js';
import type { PayoutRecord, PayoutsRepository } from './payouts.repository.js';
import type { PayoutsService } from './payouts.service.js';
import { bouncedPayoutId, parsePayoutAddress } from './ton-address.js';
import { PAYOUT_TEXTS } from './payout-texts.js';

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

function raw(address: string | null | undefined): string | null {
  if (!address) return null;
  const parsed = parsePayoutAddress(address, 'testnet');
  return parsed.ok ? parsed.raw : null;
}

export class PayoutConfirmations implements OutgoingTransfers {
  constructor(
    private readonly deps: {
      sql: Sql;
      repo: PayoutsRepository;
      payouts: PayoutsService;
      advisors: Pick<AdvisorsService, 'find'>;
      users: Pick<UsersService, 'find'>;
      notices: UserNotices | null;
      confirmMs: number;
      log?: Log;
    },
  ) {}

  /** One transaction of the operator's wallet: its outgoing payout messages, or a bounce of one. */
  async recordTransaction(wallet: string, tx: IndexerTransaction): Promise<void> {
    if (raw(wallet) !== this.deps.payouts.operatorWallet) return;
    const paid: PayoutRecord[] = [];
    for (const message of tx.out_msgs ?? []) {
      const id = payoutIdFromComment(message.message_content?.decoded?.comment);
      if (id === null) continue;
      const payout = await this.recordOutgoing(tx, id, message);
      if (payout) paid.push(payout);
    }
    const inMsg = tx.in_msg;
    if (inMsg?.bounced && inMsg.source) {
      const id = bouncedPayoutId(inMsg.message_content?.body);
      if (id !== null) await this.recordBounce(tx, id, raw(inMsg.source));
    }
    if (paid.length) this.deps.notices?.committed();
  }

  private async recordOutgoing(
    tx: IndexerTransaction,
    id: number,
    message: IndexerMessage,
  ): Promise<PayoutRecord | null> {
    const { repo, log } = this.deps;
    const msgHash = message.hash ?? `${tx.hash}:${id}`;
    return this.deps.sql.begin(async (db) => {
      const payout = await repo.find(db, id, true);
      if (!payout || payout.method !== 'ton') {
        log?.('warn', 'an outgoing message names a payout Seer does not know', {
          payoutId: id,
          txHash: tx.hash,
        });
        return null;
      }
      if (payout.msg_hash === msgHash) return null; // seen before
      const destination = raw(message.destination);
      const matches =
        destination === payout.address &&
        payout.amount_nanotons !== null &&
        message.value === payout.amount_nanotons;
      if (!matches || payout.status === 'paid' || payout.status === 'bounced') {
        log?.('error', 'an outgoing message names a payout it does not pay: check it', {
          payoutId: id,
          status: payout.status,
          txHash: tx.hash,
          destination,
          expectedDestination: payout.address,
          nanotons: message.value,
          expectedNanotons: payout.amount_nanotons,
        });
        await repo.markMismatch(db, id, tx.hash);
        return null;
      }
      const at = new Date(tx.now * 1000);
      const marked = await repo.markPaid(db, id, ['sent', 'failed'], {
        txHash: tx.hash,
        msgHash,
        at,
      });
      if (!marked) return null;
      if (payout.status === 'failed') {
        // Returned as expired, yet it left the wallet: the advisor has it, take it off again.
        await repo.ledger(db, {
          advisorId: payout.advisor_id,
          amountCents: -payout.amount_cents,
          reason: 'payout',
          payoutId: id,
          reference: `payout:${id}:late`,
          note: 'payout sent after it was returned',
        });
        log?.('warn', 'a returned payout was sent after all; its amount is taken off again', {
          payoutId: id,
          txHash: tx.hash,
        });
      }
      await this.notify(db, marked);
      log?.('info', 'payout paid', { payoutId: id, txHash: tx.hash });
      return marked;
    });
  }

  private async recordBounce(tx: IndexerTransaction, id: number, from: string | null) {
    const { repo, log } = this.deps;
    await this.deps.sql.begin(async (db) => {
      const payout = await repo.find(db, id, true);
      if (!payout || payout.status !== 'paid' || payout.address !== from) return;
      await repo.close(db, id, ['paid'], 'bounced');
      await repo.ledger(db, {
        advisorId: payout.advisor_id,
        amountCents: payout.amount_cents,
        reason: 'payout_returned',
        payoutId: id,
        reference: `payout:${id}:bounced`,
        note: `payout bounced back in ${tx.hash}`,
      });
      log?.('warn', 'payout bounced back; its amount is payable again', {
        payoutId: id,
        txHash: tx.hash,
      });
    });
  }

  /** After a full pass of the indexer: return what can no longer be sent. */
  async afterPass(): Promise<void> {
    await this.expire();
  }

  /** Returns sent payouts whose batch can no longer leave the wallet; how many. */
  async expire(): Promise<number> {
    const { repo, log } = this.deps;
    return this.deps.sql.begin(async (db) => {
      const expired = await repo.lockExpired(db, this.deps.confirmMs);
      for (const payout of expired) {
        await repo.close(db, payout.id, ['sent'], 'failed');
        await repo.ledger(db, {
          advisorId: payout.advisor_id,
          amountCents: payout.amount_cents,
          reason: 'payout_returned',
          payoutId: payout.id,
          reference: `payout:${payout.id}`,
          note: `batch ${payout.batch_id} not seen leaving the wallet`,
        });
        log?.('warn', 'payout not seen leaving the wallet; its amount is payable again', {
          payoutId: payout.id,
          batchId: payout.batch_id,
        });
      }
      return expired.length;
    });
  }

  /** The advisor's bot message about a paid payout, in the transaction that marks it paid. */
  private async notify(db: Tx, payout: PayoutRecord): Promise<void> {
    const { notices } = this.deps;
    if (!notices) return;
    const advisor = await this.deps.advisors.find(payout.advisor_id, db);
    if (!advisor?.telegram_id) return;
    const user = await this.deps.users.find(advisor.telegram_id, db);
    if (!user?.allows_write_to_pm) return;
    const url = this.deps.payouts.explorerUrl(payout.tx_hash!);
    await notices.sendIn(
      db,
      { ...user, telegramId: user.telegram_id },
      {
        text: (locale: Locale) =>
          PAYOUT_TEXTS[locale].paid({
            id: payout.id,
            cents: payout.amount_cents,
            nanotons: BigInt(payout.amount_nanotons ?? '0'),
            url,
          }),
        button: (locale: Locale) => PAYOUT_TEXTS[locale].open,
        path: '/workspace?tab=earnings',
      },
    );
    await this.deps.repo.markNotified(db, payout.id);
  }
}
