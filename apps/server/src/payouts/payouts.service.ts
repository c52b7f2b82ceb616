/**
 * What Seer owes advisors and paying it in TON (decision 047). Owed = every earning plus every
 * advisor ledger row (reversals, payouts, returned payouts); payable = owed less earnings younger
 * than the hold, never below zero. A request takes its amount off at once (a negative 'payout'
 * row, in the transaction that creates it); a cancelled or expired one gives it back once
 * ('payout_returned', unique per payout). The TON amount is fixed when an admin builds the batch.
 */
import {
  formatCents,
  NANOTONS_PER_TON,
  parseDollarsToCents,
  payoutComment,
  PAYOUT_BATCH_MAX,
  type AdminPayout,
  type Payout,
  type PayoutStatement,
} from '@seer/contract';
import type { Sql } from '../db/database.js';
import { BadRequestError, ConflictError, NotFoundError, UnavailableError } from '../errors.js';
import { displayName } from '../users/index.js';
import type { TonRateSource } from '../payments/index.js';
import type { PayoutRecord, PayoutsRepository, SummaryRow } from './payouts.repository.js';
import {
  commentPayload,
  hashHex,
  parsePayoutAddress,
  payoutDestination,
  type TonNetworkName,
} from './ton-address.js';

export interface PayoutSettings {
  holdDays: number;
  minimumCents: number;
  explorerUrl: string;
  /** The operator's wallet (the deposit wallet the watcher reads); payouts are off without it. */
  wallet: string | undefined;
  network: TonNetworkName;
}

export interface AuditLog {
  audit(
    db: Parameters<PayoutsRepository['ledger']>[0],
    actor: number,
    action: string,
    details: Record<string, unknown>,
  ): Promise<void>;
}

/** How long the wallet may take to sign and send a batch (TON Connect's validUntil). */
export const BATCH_VALID_SECONDS = 5 * 60;

const MICRO_USD_PER_CENT = 10_000n;

/** Cents to nanotons at a rate in millionths of a dollar per TON, rounded down: never pay more than owed. */
export function centsToNanotonsDown(cents: number, microUsdPerTon: number): bigint {
  if (!Number.isSafeInteger(microUsdPerTon) || microUsdPerTon <= 0)
    throw new RangeError('rate must be a positive whole number of millionths of a dollar');
  return (BigInt(cents) * NANOTONS_PER_TON * MICRO_USD_PER_CENT) / BigInt(microUsdPerTon);
}

export class PayoutsService {
  private readonly walletRaw: string | null;

  constructor(
    private readonly sql: Sql,
    private readonly repo: PayoutsRepository,
    private readonly audit: AuditLog,
    private readonly rate: TonRateSource,
    readonly settings: PayoutSettings,
  ) {
    const parsed = settings.wallet ? parsePayoutAddress(settings.wallet, 'testnet') : null;
    this.walletRaw = parsed?.ok ? parsed.raw : null;
  }

  /** The operator's wallet in raw form, or null when payouts are off. */
  get operatorWallet(): string | null {
    return this.walletRaw;
  }

  explorerUrl(txHash: string): string {
    return `${this.settings.explorerUrl}${hashHex(txHash)}`;
  }

  toWire(p: PayoutRecord): Payout {
    return {
      id: p.id,
      amount_cents: p.amount_cents,
      address: p.address ? payoutDestination(p.address, this.settings.network) : '',
      status: p.status,
      method: p.method,
      amount_nanotons: p.amount_nanotons,
      tx_hash: p.tx_hash,
      explorer_url: p.tx_hash ? this.explorerUrl(p.tx_hash) : null,
      created_at: p.created_at.toISOString(),
      sent_at: p.sent_at?.toISOString() ?? null,
      paid_at: p.paid_at?.toISOString() ?? null,
      closed_at: p.closed_at?.toISOString() ?? null,
    };
  }

  // ---------- the advisor ----------

  async statement(advisor: { id: number }): Promise<PayoutStatement> {
    const timeZone = await this.repo.timeZone(advisor.id);
    const { holdDays } = this.settings;
    const [balance, days, months, open, history] = await Promise.all([
      this.repo.balance(this.sql, advisor.id, holdDays),
      this.repo.statement(advisor.id, 'day', 31, timeZone),
      this.repo.statement(advisor.id, 'month', 12, timeZone),
      this.repo.open(this.sql, advisor.id),
      this.repo.history(advisor.id),
    ]);
    return {
      owed_cents: balance.owed,
      held_cents: balance.held,
      held_until: balance.youngestHeld
        ? new Date(balance.youngestHeld.getTime() + holdDays * 86_400_000).toISOString()
        : null,
      payable_cents: Math.max(0, balance.owed - balance.held),
      minimum_cents: this.settings.minimumCents,
      hold_days: holdDays,
      time_zone: timeZone,
      days,
      months,
      open: open ? this.toWire(open) : null,
      history: history.map((p) => this.toWire(p)),
      enabled: this.walletRaw !== null,
      network: this.settings.network,
    };
  }

  /**
   * The advisor asks for `amount` dollars to `address`. Under the advisor's row lock: no other
   * open request, at least the minimum, at most what is payable; the payout and its negative
   * ledger row are written together. Answers the TON it is worth today (an estimate).
   */
  async request(
    advisorId: number,
    body: { address: string; amount: string | number },
  ): Promise<{ payout: Payout; estimateNanotons: bigint | null }> {
    if (!this.walletRaw) throw new ConflictError('Payouts in TON are not set up on this server');
    const cents = parseDollarsToCents(body.amount);
    if (cents === null || cents <= 0)
      throw new BadRequestError('amount must be a positive amount of dollars, e.g. 25 or 25.50');
    const parsed = parsePayoutAddress(body.address, this.settings.network);
    if (!parsed.ok) throw new BadRequestError(parsed.problem);
    if (parsed.raw === this.walletRaw)
      throw new BadRequestError("address is Seer's own wallet; give your own wallet's address");
    if (cents < this.settings.minimumCents)
      throw new BadRequestError(
        `amount must be at least $${formatCents(this.settings.minimumCents)}`,
      );
    const payout = await this.sql.begin(async (tx) => {
      if (!(await this.repo.lockAdvisor(tx, advisorId)))
        throw new NotFoundError(`Advisor ${advisorId} not found`);
      const open = await this.repo.open(tx, advisorId);
      if (open)
        throw new ConflictError(
          `Payout ${open.id} is still open: cancel it or wait until it is paid`,
        );
      const balance = await this.repo.balance(tx, advisorId, this.settings.holdDays);
      const payable = Math.max(0, balance.owed - balance.held);
      if (cents > payable)
        throw new BadRequestError(
          `amount must be at most $${formatCents(payable)}, what is payable now`,
        );
      const created = await this.repo.insertPayout(tx, {
        advisorId,
        amountCents: cents,
        address: parsed.raw,
        addressText: body.address.trim(),
      });
      await this.repo.ledger(tx, {
        advisorId,
        amountCents: -cents,
        reason: 'payout',
        payoutId: created.id,
        reference: `payout:${created.id}`,
        note: 'payout requested',
      });
      return created;
    });
    const rate = await this.rate.fresh();
    return {
      payout: this.toWire(payout),
      estimateNanotons: rate ? centsToNanotonsDown(cents, rate.microUsdPerTon) : null,
    };
  }

  /** The advisor takes back a request no admin has put in a batch yet; the amount returns once. */
  async cancel(advisorId: number, payoutId: number): Promise<Payout> {
    const closed = await this.sql.begin(async (tx) => {
      const payout = await this.repo.find(tx, payoutId, true);
      if (!payout || payout.advisor_id !== advisorId)
        throw new NotFoundError(`Payout ${payoutId} not found`);
      if (payout.status === 'sent')
        throw new ConflictError(`Payout ${payoutId} is being paid and can no longer be cancelled`);
      const cancelled = await this.repo.close(tx, payoutId, ['requested'], 'cancelled');
      if (!cancelled) throw new ConflictError(`Payout ${payoutId} is already ${payout.status}`);
      await this.repo.ledger(tx, {
        advisorId,
        amountCents: payout.amount_cents,
        reason: 'payout_returned',
        payoutId,
        reference: `payout:${payoutId}`,
        note: 'payout cancelled by the advisor',
      });
      return cancelled;
    });
    return this.toWire(closed);
  }

  // ---------- the admin ----------

  async queue(): Promise<AdminPayout[]> {
    const rows = await this.repo.queue();
    return rows.map((p) => ({
      ...this.toWire(p),
      manager_id: p.advisor_id,
      name: p.name,
      batch_id: p.batch_id,
      mismatch_tx_hash: p.mismatch_tx_hash,
    }));
  }

  /** The operator's wallet as TON Connect shows it, or null. */
  get walletFriendly(): string | null {
    return this.walletRaw ? payoutDestination(this.walletRaw, this.settings.network) : null;
  }

  /**
   * Records a batch of requested payouts as sent, each at today's rate, before the wallet signs;
   * answers the TON Connect messages. The wallet must be the operator's: the watcher reads only it.
   */
  async createBatch(actor: number, payoutIds: number[], wallet: string) {
    if (!this.walletRaw) throw new ConflictError('Payouts in TON are not set up on this server');
    if (payoutIds.length === 0 || payoutIds.length > PAYOUT_BATCH_MAX)
      throw new BadRequestError(`a batch holds 1 to ${PAYOUT_BATCH_MAX} payouts`);
    const connected = parsePayoutAddress(wallet, 'testnet');
    if (!connected.ok || connected.raw !== this.walletRaw)
      throw new ConflictError(
        `Connect the operator's wallet ${this.walletFriendly}: payouts are only seen leaving it`,
      );
    const rate = await this.rate.fresh();
    if (!rate) throw new UnavailableError('No fresh TON rate: try again in a minute');
    const validUntil = new Date((Math.floor(Date.now() / 1000) + BATCH_VALID_SECONDS) * 1000);
    const { batchId, payouts } = await this.sql.begin(async (tx) => {
      const rows = await this.repo.lockRequested(tx, payoutIds);
      const missing = payoutIds.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length) throw new NotFoundError(`Payout ${missing.join(', ')} not found`);
      const notRequested = rows.filter((r) => r.status !== 'requested');
      if (notRequested.length)
        throw new ConflictError(
          notRequested.map((r) => `payout ${r.id} is ${r.status}`).join('; ') +
            ': only requested payouts can be paid',
        );
      const batchId = await this.repo.insertBatch(tx, {
        createdBy: actor,
        wallet: this.walletRaw!,
        validUntil,
        microUsdPerTon: rate.microUsdPerTon,
      });
      const payouts = rows.map((r) => ({
        ...r,
        nanotons: centsToNanotonsDown(r.amount_cents, rate.microUsdPerTon),
      }));
      for (const p of payouts) {
        if (p.nanotons <= 0n) throw new ConflictError(`Payout ${p.id} is worth no TON`);
        await this.repo.markSent(tx, p.id, batchId, p.nanotons);
      }
      await this.audit.audit(tx, actor, 'payout-batch', {
        batchId,
        payouts: payouts.map((p) => ({
          id: p.id,
          cents: p.amount_cents,
          nanotons: String(p.nanotons),
        })),
        rate: rate.microUsdPerTon,
      });
      return { batchId, payouts };
    });
    return {
      batchId,
      validUntil: Math.floor(validUntil.getTime() / 1000),
      microUsdPerTon: rate.microUsdPerTon,
      messages: payouts.map((p) => ({
        address: payoutDestination(p.address, this.settings.network),
        amount: p.nanotons.toString(),
        payload: commentPayload(payoutComment(p.id)),
      })),
    };
  }

  // ---------- accounting ----------

  async summary(from: string | null, to: string | null): Promise<SummaryRow[]> {
    if (from && to && from > to) throw new BadRequestError('from must not be after to');
    return this.repo.summary(from, to);
  }

  static toCsv(rows: SummaryRow[]): string {
    const quote = (value: string) =>
      /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    const lines = rows.map((r) =>
      [
        r.advisor_id,
        quote(r.name),
        r.messages,
        formatCents(r.earned_cents),
        formatCents(r.paid_cents),
        formatCents(r.unpaid_cents),
      ].join(','),
    );
    return (
      ['manager_id,name,paid_messages,earned_usd,paid_out_usd,owed_now_usd', ...lines].join('\n') +
      '\n'
    );
  }

  /** The workspace's earnings panel; `unpaid_cents` is what Seer owes now (open requests included). */
  async advisorEarnings(advisorId: number, priceCents: number) {
    const [{ totals, recent }, balance, open] = await Promise.all([
      this.repo.advisorEarnings(advisorId),
      this.repo.balance(this.sql, advisorId, this.settings.holdDays),
      this.repo.open(this.sql, advisorId),
    ]);
    return {
      today_cents: totals.today,
      month_cents: totals.month,
      total_cents: totals.total,
      unpaid_cents: balance.owed + (open?.amount_cents ?? 0),
      paid_messages: totals.messages,
      price_cents: priceCents,
      recent: recent.map((r) => ({
        message_id: r.message_id,
        amount_cents: r.amount_cents,
        created_at: r.created_at.toISOString(),
        user_name: displayName(r),
      })),
    };
  }
}
