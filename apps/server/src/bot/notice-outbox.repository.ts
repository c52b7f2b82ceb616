/** SQL for the bot's outbox of notices (migration 009). */
import type { Sql, Tx } from '../db/database.js';

export interface OutboxNotice {
  chatId: number;
  text: string;
  replyMarkup: unknown;
  /** The dialog a reply to this notice answers (migration 025); absent: a reply answers nothing. */
  dialog?: NoticeDialog;
}

/** A dialog, named by its user and its advisor. */
export interface NoticeDialog {
  userId: number;
  advisorId: number;
}

/** A receipt: the notice of one ledger row (migration 011), at most one per row. */
export interface OutboxReceipt extends OutboxNotice {
  ledgerId: number;
}

export interface ClaimedNotice extends OutboxNotice {
  id: number;
  attempts: number;
  createdAt: Date;
}

export class NoticeOutboxRepository {
  constructor(private readonly sql: Sql) {}

  /** Writes a notice, in the caller's transaction when given one (it is sent once that commits). */
  async insert(notice: OutboxNotice, tx: Tx | Sql = this.sql): Promise<number> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO bot_outbox (chat_id, text, reply_markup, dialog_user_id, dialog_advisor_id)
      VALUES (${notice.chatId}, ${notice.text}, ${tx.json(notice.replyMarkup as never)},
        ${notice.dialog?.userId ?? null}, ${notice.dialog?.advisorId ?? null})
      RETURNING id`;
    return row!.id;
  }

  /**
   * Writes a receipt in the caller's transaction (the one writing its ledger row); a second
   * receipt of the same ledger row is not written. Returns false then.
   */
  async insertReceipt(tx: Tx, receipt: OutboxReceipt): Promise<boolean> {
    const rows = await tx`
      INSERT INTO bot_outbox (chat_id, text, reply_markup, ledger_id)
      VALUES (${receipt.chatId}, ${receipt.text}, ${tx.json(receipt.replyMarkup as never)}, ${receipt.ledgerId})
      ON CONFLICT (ledger_id) WHERE ledger_id IS NOT NULL DO NOTHING
      RETURNING id`;
    return rows.length > 0;
  }

  /**
   * Claims up to `limit` due notices for this instance: marked 'sending' and committed before any
   * request is made. SKIP LOCKED lets several instances claim at once without taking the same row.
   */
  async claimDue(limit: number): Promise<ClaimedNotice[]> {
    const rows = await this.sql<
      {
        id: number;
        chat_id: number;
        text: string;
        reply_markup: unknown;
        attempts: number;
        created_at: Date;
      }[]
    >`
      UPDATE bot_outbox SET status = 'sending', attempts = attempts + 1, claimed_at = now()
      WHERE id IN (
        SELECT id FROM bot_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, chat_id, text, reply_markup, attempts, created_at`;
    return rows.map((r) => ({
      id: r.id,
      chatId: r.chat_id,
      text: r.text,
      replyMarkup: r.reply_markup,
      attempts: r.attempts,
      createdAt: r.created_at,
    }));
  }

  /** Milliseconds until the next pending notice is due (0 if one is due now); null when none waits. */
  async msUntilNextDue(): Promise<number | null> {
    // GREATEST skips NULLs: without the CASE an empty outbox would read as "due now" and the
    // worker would poll without pause.
    const [row] = await this.sql<{ ms: number | null }[]>`
      SELECT CASE WHEN min(next_attempt_at) IS NULL THEN NULL
        ELSE GREATEST(0, EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000)::float8 END AS ms
      FROM bot_outbox WHERE status = 'pending'`;
    return row?.ms ?? null;
  }

  /** Notices due and not yet sent, and how long the oldest of them has waited (GET /metrics). */
  async backlog(): Promise<{ due: number; oldestDueSeconds: number }> {
    const [row] = await this.sql<{ due: number; oldest: number }[]>`
      SELECT count(*)::int AS due,
        COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)::float8 AS oldest
      FROM bot_outbox WHERE status = 'pending' AND next_attempt_at <= now()`;
    return { due: row?.due ?? 0, oldestDueSeconds: row?.oldest ?? 0 };
  }

  /** Telegram took the notice as `telegramMessageId` in its chat (kept only for answerable notices). */
  async markSent(id: number, telegramMessageId: number | null = null): Promise<void> {
    await this.sql`
      UPDATE bot_outbox SET status = 'sent', finished_at = now(), last_error = NULL,
        telegram_message_id = CASE WHEN dialog_user_id IS NULL THEN NULL ELSE ${telegramMessageId}::bigint END
      WHERE id = ${id} AND status = 'sending'`;
  }

  /** The dialog of the answerable notice sent to this chat as this Telegram message, if any. */
  async dialogOfSent(chatId: number, telegramMessageId: number): Promise<NoticeDialog | null> {
    const [row] = await this.sql<{ user_id: number; advisor_id: number }[]>`
      SELECT dialog_user_id AS user_id, dialog_advisor_id AS advisor_id FROM bot_outbox
      WHERE chat_id = ${chatId} AND telegram_message_id = ${telegramMessageId}
        AND dialog_user_id IS NOT NULL`;
    return row ? { userId: row.user_id, advisorId: row.advisor_id } : null;
  }

  async retryLater(id: number, delayMs: number, error: string): Promise<void> {
    await this.sql`
      UPDATE bot_outbox
      SET status = 'pending', claimed_at = NULL, last_error = ${error},
          next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
      WHERE id = ${id} AND status = 'sending'`;
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.sql`
      UPDATE bot_outbox SET status = 'failed', finished_at = now(), last_error = ${reason}
      WHERE id = ${id} AND status = 'sending'`;
  }

  /**
   * Notices claimed longer ago than `leaseMs` belong to an instance that died mid-request:
   * whether Telegram got them is unknown, so they are given up (never sent twice).
   */
  async failAbandoned(
    leaseMs: number,
    reason: string,
  ): Promise<Array<{ id: number; chatId: number }>> {
    const rows = await this.sql<{ id: number; chat_id: number }[]>`
      UPDATE bot_outbox SET status = 'failed', finished_at = now(), last_error = ${reason}
      WHERE status = 'sending' AND claimed_at < now() - make_interval(secs => ${leaseMs / 1000})
      RETURNING id, chat_id`;
    return rows.map((r) => ({ id: r.id, chatId: r.chat_id }));
  }
}
