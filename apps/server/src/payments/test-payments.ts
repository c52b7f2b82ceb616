/**
 * Demo mode's "Test payment": a top-up that charges no money, so a newcomer in a plain browser
 * can walk the whole product (top up, chat past the free messages, see the receipt). It credits
 * through the one money path with its own ledger reason, and exists only while demo sign-in is
 * on, which is never in production (docs/decisions/020-top-up-methods.md).
 */
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../errors.js';
import { LEDGER_REASONS, type MoneyService } from '../money/index.js';
import { topUpCents } from './top-up-amount.js';

export interface TestPaymentResult {
  balanceCents: number;
  creditedCents: number;
}

export class TestPaymentsService {
  constructor(
    private readonly money: MoneyService,
    /** True only with demo sign-in (no BOT_TOKEN, NODE_ENV not production). */
    readonly enabled: boolean,
  ) {}

  /** Credits `amount` dollars (the wire's plain form) to the user, once per call. */
  async pay(telegramId: number, amount: string | number): Promise<TestPaymentResult> {
    if (!this.enabled) throw new NotFoundError('No such call');
    const cents = topUpCents(amount);
    // Each call is its own payment: a fresh reference, so a repeated call credits again (as a
    // second real payment would) and no retry can be mistaken for it.
    const reference = `test-${randomUUID()}`;
    const wallet = await this.money.change({
      userId: telegramId,
      amountCents: cents,
      reason: LEDGER_REASONS.testPayment,
      reference,
      note: 'test payment (demo mode, no money charged)',
    });
    return { balanceCents: wallet.balanceCents, creditedCents: cents };
  }
}
