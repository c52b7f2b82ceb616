/** What advisors earned: per period for admins (with CSV), and an advisor's own figures. */
import type { Sql } from '../db/database.js';
import type { PayoutsRepository, AdminRepository, PayoutRow } from './admin.repository.js';
import { displayName } from '../users/index.js';
import type { AdvisorsService } from '../advisors/index.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { formatCents } from '@seer/contract';

export class PayoutsService {
  constructor(
    private readonly sql: Sql,
    private readonly payouts: PayoutsRepository,
    private readonly audit: AdminRepository,
    private readonly advisors: AdvisorsService,
  ) {}

  async summary(from: string | null, to: string | null): Promise<PayoutRow[]> {
    if (from && to && from > to) throw new BadRequestError('from must not be after to');
    return this.payouts.summary(from, to);
  }

  static toCsv(rows: PayoutRow[]): string {
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
      ['manager_id,name,paid_messages,earned_usd,paid_out_usd,unpaid_usd', ...lines].join('\n') +
      '\n'
    );
  }

  async markPaid(actor: number, advisorId: number, to: string | null): Promise<number> {
    return this.sql.begin(async (tx) => {
      if (!(await this.advisors.find(advisorId, tx)))
        throw new NotFoundError(`Advisor ${advisorId} not found`);
      const cents = await this.payouts.markPaid(tx, advisorId, to);
      await this.audit.audit(tx, actor, 'mark-paid', { advisorId, to, cents });
      return cents;
    });
  }

  async advisorEarnings(advisorId: number, priceCents: number) {
    const { totals, recent } = await this.payouts.advisorEarnings(advisorId);
    return {
      today_cents: totals.today,
      month_cents: totals.month,
      total_cents: totals.total,
      unpaid_cents: totals.unpaid,
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
