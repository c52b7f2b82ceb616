/**
 * The one way Seer writes to a user outside the app: a bot notice with one button that opens Seer
 * at a path, in the user's language, only when the user lets the bot write and has no app open
 * on any instance (an open app shows it live, from its notification list and socket frames).
 * New-message notices and favourite alerts decide *whether* something is worth saying; this
 * decides how it reaches the user. Receipts are written with their ledger rows instead.
 */
import type { Locale } from '@seer/contract';
import type { UserSockets } from '../realtime/user-sockets.js';
import { localeOfUser, type LanguageFacts } from '../users/index.js';
import type { NoticeOutbox } from './notice-outbox.js';
import type { NoticeDialog, OutboxNotice } from './notice-outbox.repository.js';
import type { Tx } from '../db/database.js';

/** Who a notice goes to: their Telegram id, the bot's right to write, their language. */
export interface NoticeRecipient extends LanguageFacts {
  telegramId: number;
  allows_write_to_pm: boolean;
}

export interface AppNotice {
  text: (locale: Locale) => string;
  /** The button's label; it opens the app at `path`. */
  button: (locale: Locale) => string;
  path: string;
  /** The dialog a reply to this notice answers (decision 043); absent: replies answer nothing. */
  answers?: NoticeDialog;
  /** A second button that sends `data` back to the bot (a handler registered with onCallbackQuery). */
  callback?: { text: (locale: Locale) => string; data: string };
}

export class UserNotices {
  constructor(
    private readonly deps: {
      outbox: Pick<NoticeOutbox, 'enqueue' | 'enqueueIn' | 'notify'>;
      userSockets: Pick<UserSockets, 'anyOpen'>;
      publicUrl: string;
    },
  ) {}

  /** Whether the bot should write to this user now: it may, and no app of theirs is open. */
  async away(recipient: NoticeRecipient): Promise<boolean> {
    if (!recipient.allows_write_to_pm) return false;
    return !(await this.deps.userSockets.anyOpen(recipient.telegramId));
  }

  /** Writes the notice to the bot's outbox (it is sent with retries), in the user's language. */
  async send(recipient: NoticeRecipient, notice: AppNotice): Promise<void> {
    await this.deps.outbox.enqueue(this.toOutbox(recipient, notice));
  }

  /**
   * Writes the notice in the caller's transaction, so it is sent exactly when the change it tells
   * of commits; call `committed()` after the commit to have it sent at once.
   */
  async sendIn(tx: Tx, recipient: NoticeRecipient, notice: AppNotice): Promise<void> {
    await this.deps.outbox.enqueueIn(tx, this.toOutbox(recipient, notice));
  }

  /** A transaction that wrote notices with `sendIn` has committed: the outbox looks now. */
  committed(): void {
    this.deps.outbox.notify();
  }

  private toOutbox(recipient: NoticeRecipient, notice: AppNotice): OutboxNotice {
    const locale = localeOfUser(recipient);
    return {
      chatId: recipient.telegramId,
      text: notice.text(locale),
      ...(notice.answers ? { dialog: notice.answers } : {}),
      replyMarkup: {
        inline_keyboard: [
          [
            {
              text: notice.button(locale),
              web_app: { url: `${this.deps.publicUrl}${notice.path}` },
            },
          ],
          ...(notice.callback
            ? [[{ text: notice.callback.text(locale), callback_data: notice.callback.data }]]
            : []),
        ],
      },
    };
  }
}
