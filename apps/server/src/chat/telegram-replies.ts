/**
 * Answering from Telegram (docs/decisions/043-answer-from-telegram.md): an advisor replies, with
 * Telegram's reply, to the bot's new-message notice (or an older notice of the same dialog), and
 * the reply reaches the user exactly as a reply from the workspace does — the same advisor link,
 * rate limit, text rules and ChatService call, so the same socket frame and notices follow. The
 * bot confirms, or says why the reply was not sent.
 */
import type { Filter, Context } from 'grammy';
import { cleanText, LIMITS, readText, textTooLong, userLocale, type Locale } from '@seer/contract';
import type { AuthService } from '../auth/index.js';
import type { AdvisorsService, Advisor } from '../advisors/index.js';
import type { NoticeDialog, NoticeOutbox, UpdateHandlers } from '../bot/index.js';
import { displayName, type UsersService } from '../users/index.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import { BlockedError, NotFoundError, RateLimitedError } from '../errors.js';
import type { ChatService } from './chat.service.js';
import type { TelegramRepliesRepository } from './telegram-replies.repository.js';

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

/** The workspace's reply text rules (ManagerSendMessageBody's `message`). */
const REPLY_TEXT = { max: LIMITS.advisorReplyMaxLength, multiline: true, required: true } as const;

interface ReplyTexts {
  sent: (user: string) => string;
  notANotice: string;
  notLinked: string;
  deactivated: string;
  dialogGone: string;
  /** The client blocked the advisor, or the advisor the client (decision 048). */
  blocked: string;
  tooLong: (max: number) => string;
  unreadable: string;
  empty: string;
  photo: string;
  unsupported: string;
  rateLimited: (seconds: number) => string;
  failed: string;
  openChat: string;
}

export const TELEGRAM_REPLY_TEXTS: Record<Locale, ReplyTexts> = {
  en: {
    sent: (user) => `Sent to ${user}.`,
    notANotice:
      'To answer a client from here, reply to the bot’s “New paid message” notice. Anything else is written in Seer.',
    notLinked: 'Not sent: this Telegram account is not linked to the advisor of this dialog.',
    deactivated: 'Not sent: this advisor profile is deactivated.',
    dialogGone: 'Not sent: this dialog no longer exists.',
    blocked:
      'Not sent: messages between you and this client are blocked. A block you set can be lifted in Seer.',
    tooLong: (max) => `Not sent: a reply may be at most ${max} characters.`,
    unreadable: 'Not sent: the reply has too many combining marks or joiners.',
    empty: 'Not sent: the reply has no text.',
    photo: 'Not sent: photos are sent from Seer. Only text can be answered here.',
    unsupported: 'Not sent: only text can be answered here. Anything else is sent from Seer.',
    rateLimited: (seconds) => `Not sent: too many messages. Try again in ${seconds} s.`,
    failed: 'Not sent: something went wrong. Please try again.',
    openChat: 'Open chat',
  },
  ru: {
    sent: (user) => `Отправлено: ${user}.`,
    notANotice:
      'Чтобы ответить клиенту отсюда, ответьте на уведомление бота «Новое платное сообщение». Всё остальное пишется в Seer.',
    notLinked: 'Не отправлено: этот аккаунт Telegram не привязан к эксперту этого диалога.',
    deactivated: 'Не отправлено: профиль эксперта отключён.',
    dialogGone: 'Не отправлено: этого диалога больше нет.',
    blocked:
      'Не отправлено: сообщения между вами и этим клиентом заблокированы. Свою блокировку можно снять в Seer.',
    tooLong: (max) => `Не отправлено: ответ может быть не длиннее ${max} символов.`,
    unreadable: 'Не отправлено: в ответе слишком много комбинируемых знаков.',
    empty: 'Не отправлено: в ответе нет текста.',
    photo: 'Не отправлено: фото отправляются из Seer. Здесь можно ответить только текстом.',
    unsupported:
      'Не отправлено: здесь можно ответить только текстом. Остальное отправляется из Seer.',
    rateLimited: (seconds) =>
      `Не отправлено: слишком много сообщений. Попробуйте через ${seconds} с.`,
    failed: 'Не отправлено: что-то пошло не так. Попробуйте ещё раз.',
    openChat: 'Открыть чат',
  },
};

type Refusal = Exclude<keyof ReplyTexts, 'sent' | 'tooLong' | 'rateLimited' | 'openChat'>;

export class TelegramReplies {
  constructor(
    private readonly deps: {
      repository: TelegramRepliesRepository;
      chat: Pick<ChatService, 'sendAdvisorMessage'>;
      /** Which advisor a Telegram account answers as: the workspace's own rule. */
      auth: Pick<AuthService, 'advisorOf'>;
      advisors: Pick<AdvisorsService, 'find'>;
      users: Pick<UsersService, 'find' | 'localeOf'>;
      /** Finds the dialog a notice was about. */
      outbox: Pick<NoticeOutbox, 'dialogOfSent'>;
      limits: Pick<RateLimiter, 'take'>;
      publicUrl: string;
      log?: Log;
    },
  ) {}

  register(updates: UpdateHandlers): void {
    updates.onMessage((ctx) => this.handle(ctx));
  }

  async handle(ctx: Filter<Context, 'message'>): Promise<void> {
    const message = ctx.message;
    const replyTo = message.reply_to_message;
    const from = message.from;
    if (ctx.chat.type !== 'private' || !replyTo || from.is_bot) return;
    // A command sent as a reply is still a command (bot-handlers.ts answers it).
    if (message.entities?.[0]?.type === 'bot_command' && message.entities[0].offset === 0) return;

    const fromUpdate = userLocale({ telegramCode: from.language_code });
    // The one language rule (users/language.ts); the update's language while the database cannot say.
    const locale = await this.deps.users
      .localeOf(from.id, from.language_code)
      .catch((): Locale => fromUpdate);
    const texts = TELEGRAM_REPLY_TEXTS[locale];
    const answer = (text: string, dialog?: NoticeDialog) =>
      ctx.reply(text, {
        reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
        ...(dialog
          ? {
              reply_markup: {
                inline_keyboard: [
                  [
                    {
                      text: texts.openChat,
                      web_app: { url: `${this.deps.publicUrl}/workspace/chat/${dialog.userId}` },
                    },
                  ],
                ],
              },
            }
          : {}),
      });
    const refuse = (reason: Refusal, dialog?: NoticeDialog) => answer(texts[reason], dialog);

    const dialog = await this.deps.outbox.dialogOfSent(ctx.chat.id, replyTo.message_id);
    const advisor = await this.deps.auth.advisorOf({ telegramId: from.id });
    // The hint is for advisors; anyone else replying to the bot is left to its other handlers.
    if (!dialog) return void (advisor && (await refuse('notANotice')));

    if (!advisor || advisor.id !== dialog.advisorId) {
      const ofDialog = await this.deps.advisors.find(dialog.advisorId);
      const deactivated = ofDialog && !ofDialog.is_active && ofDialog.telegram_id === from.id;
      return void (await refuse(deactivated ? 'deactivated' : 'notLinked'));
    }

    if (message.photo) return void (await refuse('photo', dialog));
    if (message.text === undefined) return void (await refuse('unsupported', dialog));

    try {
      await this.deps.limits.take('send', from.id);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      return void (await answer(texts.rateLimited(error.retryAfterSeconds), dialog));
    }

    const read = readText(message.text, 'message', REPLY_TEXT);
    if (read.text === null) {
      const cleaned = cleanText(message.text, { multiline: true });
      if (!cleaned) return void (await refuse('empty', dialog));
      if (textTooLong(cleaned, REPLY_TEXT.max) === 'size')
        return void (await refuse('unreadable', dialog));
      return void (await answer(texts.tooLong(REPLY_TEXT.max), dialog));
    }

    const sent = await this.send(ctx.chat.id, message.message_id, advisor, dialog, read.text);
    if (sent === 'duplicate') return;
    if (sent !== 'sent') return void (await refuse(sent, dialog));
    const user = await this.deps.users.find(dialog.userId).catch(() => null);
    await answer(texts.sent(user ? displayName(user) : `#${dialog.userId}`));
  }

  /**
   * Sends the reply once per Telegram message: claimed first, so the same update delivered again
   * (Telegram retries an update it did not see confirmed) writes nothing. A send that fails gives
   * the claim back; a process that dies between claim and send loses the reply rather than
   * sending it twice, and the advisor, with no confirmation, sends it again.
   */
  private async send(
    chatId: number,
    telegramMessageId: number,
    advisor: Advisor,
    dialog: NoticeDialog,
    text: string,
  ): Promise<'sent' | 'duplicate' | 'dialogGone' | 'blocked' | 'failed'> {
    const { repository } = this.deps;
    if (!(await repository.claim(chatId, telegramMessageId))) return 'duplicate';
    let messageId: number;
    try {
      messageId = (await this.deps.chat.sendAdvisorMessage(advisor, dialog.userId, text)).id;
    } catch (error) {
      await repository.release(chatId, telegramMessageId);
      if (error instanceof NotFoundError) return 'dialogGone';
      if (error instanceof BlockedError) return 'blocked';
      this.deps.log?.('error', 'a reply from Telegram was not sent', {
        advisorId: advisor.id,
        error: error instanceof Error ? error.message : String(error),
      });
      return 'failed';
    }
    await repository.recordSent(chatId, telegramMessageId, messageId);
    return 'sent';
  }
}
