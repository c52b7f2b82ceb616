/**
 * Your data (docs/decisions/050-your-data.md): the user's export, the deletion of their account in
 * two steps, a dialog's transcript, and search in a chat. The export and the transcript are sent
 * by the bot as documents to the user's Telegram chat; when the bot cannot write to them (no bot
 * on this server, never started, blocked) the file is answered for the app to save.
 */
import { createHash, randomBytes } from 'node:crypto';
import { InputFile } from 'grammy';
import {
  PRIVACY_LIMITS,
  type DeleteAccountAnswer,
  type ExportMyDataAnswer,
  type FoundMessage,
  type Locale,
  type PrivacyFile,
} from '@seer/contract';
import type { Sql } from '../db/database.js';
import type { ModulePersonalData } from '../kernel/module.js';
import type { AuthService } from '../auth/index.js';
import type { AdvisorsService } from '../advisors/index.js';
import { usersErasure, type UsersService } from '../users/index.js';
import { BotApiError, type BotApi } from '../bot/index.js';
import type { OwnDialogs, OwnMessage } from '../chat/index.js';
import { refundableStarsPayments } from '../payments/index.js';
import { ConflictError, NotFoundError, UnavailableError } from '../errors.js';
import type { LogFunction } from '../logger.js';
import { linkedAdvisor, type PrivacyRepository } from './privacy.repository.js';
import { privacyTexts } from './privacy-texts.js';

export interface PrivacyDeps {
  sql: Sql;
  repository: PrivacyRepository;
  /** Every module's part in a user's data, in build order (kernel/module.ts). */
  parts: () => readonly ModulePersonalData[];
  auth: AuthService;
  users: UsersService;
  advisors: AdvisorsService;
  ownDialogs: OwnDialogs;
  /** Null without BOT_TOKEN: files are then answered for the app to save. */
  botApi: BotApi | null;
  adminIds: ReadonlySet<number>;
  log: LogFunction;
}

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export class PrivacyService {
  constructor(private readonly deps: PrivacyDeps) {}

  /** Everything Seer holds of the user, as one JSON file, sent to their Telegram chat. */
  async exportData(telegramId: number): Promise<ExportMyDataAnswer> {
    const data = await this.collect(telegramId);
    const locale = await this.deps.users.localeOf(telegramId);
    const day = new Date().toISOString().slice(0, 10);
    const file: PrivacyFile = {
      name: `seer-data-${day}.json`,
      mime: 'application/json',
      text: JSON.stringify(data, null, 2),
    };
    return this.deliver(telegramId, file, privacyTexts(locale).exportCaption);
  }

  /** The export's content: every module's sections, under a header naming the user and the moment. */
  async collect(telegramId: number): Promise<Record<string, unknown>> {
    const user = await this.deps.users.find(telegramId);
    if (!user) throw new NotFoundError('User not found');
    const data: Record<string, unknown> = {
      format: 'seer-data-export',
      version: 1,
      exported_at: new Date().toISOString(),
      telegram_user_id: telegramId,
    };
    for (const { part } of this.deps.parts())
      if (part.export) Object.assign(data, await part.export(this.deps.sql, telegramId));
    return data;
  }

  /**
   * The deletion's first step: refuses a linked advisor or an admin, and answers a confirm token
   * with what deleting gives up (the balance, free messages) and how many Stars payments support
   * may still refund. Asking again replaces the earlier token.
   */
  async askDeletion(telegramId: number): Promise<DeleteAccountAnswer> {
    await this.refuseStaff(telegramId, this.deps.sql);
    const token = randomBytes(24).toString('base64url');
    const request = await this.deps.repository.ask(
      telegramId,
      hash(token),
      PRIVACY_LIMITS.confirmTokenSeconds,
    );
    if (!request) throw new NotFoundError('User not found');
    return {
      status: 'success',
      step: 'confirm',
      confirm_token: token,
      expires_at: request.expires_at.toISOString(),
      balance_cents: request.balance_cents,
      free_messages: request.free_messages,
      refundable_stars_payments: await refundableStarsPayments(this.deps.sql, telegramId),
    };
  }

  /**
   * The second step: with the latest token, unexpired, and the wallet as the user was shown it,
   * ends every sign-in of the user (sessions and sockets, on every instance: decision 034) and, in
   * the same transaction, moves what must be kept to a tombstone and erases the rest (each
   * module's part, in reverse build order), then removes the user's row.
   */
  async confirmDeletion(telegramId: number, token: string): Promise<DeleteAccountAnswer> {
    const { repository, parts } = this.deps;
    await this.deps.auth.endAllSessions(telegramId, async (tx) => {
      // endAllSessions has locked the user's row: a paid send, a top-up or a second deletion waits.
      const request = await repository.takeRequest(tx, telegramId);
      if (!request)
        throw new ConflictError(
          'No account deletion is waiting for confirmation: ask for one first (DeleteAccount.php without confirm_token)',
        );
      if (request.token_hash !== hash(token))
        throw new ConflictError(
          'confirm_token is not the latest one given to this account: ask for a new one',
        );
      if (request.expires_at.getTime() <= Date.now())
        throw new ConflictError('confirm_token has expired: ask for a new one');
      const wallet = await repository.wallet(tx, telegramId);
      if (!wallet) throw new NotFoundError('User not found');
      if (
        wallet.balance_cents !== request.balance_cents ||
        wallet.free_messages !== request.free_messages
      )
        throw new ConflictError(
          'The balance changed since the deletion was asked: ask again to see what it gives up',
        );
      await this.refuseStaff(telegramId, tx);
      const tombstoneId = await usersErasure.createTombstone(tx, telegramId);
      if (tombstoneId === null) throw new NotFoundError('User not found');
      await repository.dropRequest(tx, telegramId);
      const erasure = { telegramId, tombstoneId };
      for (const { part } of [...parts()].reverse()) await part.erase(tx, erasure);
      await usersErasure.removePerson(tx, telegramId);
    });
    this.deps.log('info', 'account deleted', {});
    return { status: 'success', step: 'deleted' };
  }

  /** A dialog's transcript as a text file, sent to the user's Telegram chat. */
  async sendTranscript(telegramId: number, advisorId: number): Promise<ExportMyDataAnswer> {
    const advisor = await this.deps.advisors.cachedRecord(advisorId);
    const messages = advisor ? await this.deps.ownDialogs.transcript(telegramId, advisorId) : null;
    if (!advisor || !messages || messages.length === 0)
      throw new NotFoundError('There is no chat with this advisor to send');
    const locale = await this.deps.users.localeOf(telegramId);
    const texts = privacyTexts(locale);
    const day = new Date().toISOString().slice(0, 10);
    const file: PrivacyFile = {
      name: `seer-chat-${advisorId}-${day}.txt`,
      mime: 'text/plain',
      text: transcriptText(locale, advisor.name, messages),
    };
    return this.deliver(telegramId, file, texts.transcriptCaption(advisor.name));
  }

  /** Messages of the user's chat with the advisor containing `query`, newest first. */
  async search(telegramId: number, advisorId: number, query: string): Promise<FoundMessage[]> {
    const rows = await this.deps.ownDialogs.search(
      telegramId,
      advisorId,
      query,
      PRIVACY_LIMITS.searchResults,
    );
    return rows.map((m) => ({
      id: Number(m.id),
      sender: m.sender,
      message_text: m.text,
      message_date: m.created_at.toISOString(),
    }));
  }

  /** Advisors and admins keep their account until that role is taken away by staff or the operator. */
  private async refuseStaff(telegramId: number, db: Parameters<typeof linkedAdvisor>[0]) {
    const advisor = await linkedAdvisor(db, telegramId);
    if (advisor)
      throw new ConflictError(
        `This Telegram account is linked to the advisor "${advisor.name}": ask support to unlink it before deleting the account`,
      );
    if (this.deps.adminIds.has(telegramId))
      throw new ConflictError(
        'This Telegram account is an admin of Seer (ADMIN_TELEGRAM_IDS): remove it there before deleting the account',
      );
  }

  /**
   * Sends the file as a document to the user's chat with the bot. When the bot may not write to
   * them (no bot here, never started, blocked: Telegram answers 403 or "chat not found") the file
   * is answered for the app to save instead. Telegram being away is a 503: nothing was sent.
   */
  private async deliver(
    telegramId: number,
    file: PrivacyFile,
    caption: string,
  ): Promise<ExportMyDataAnswer> {
    const api = this.deps.botApi;
    if (!api) return { status: 'success', delivered: 'download', file };
    try {
      await api.call('sendDocument', {
        chat_id: telegramId,
        document: new InputFile(Buffer.from(file.text, 'utf8'), file.name),
        caption,
      });
      return { status: 'success', delivered: 'chat', file: null };
    } catch (error) {
      if (
        error instanceof BotApiError &&
        (error.errorCode === 403 ||
          (error.errorCode === 400 && /chat not found/i.test(error.description)))
      ) {
        if (error.errorCode === 403) await this.deps.users.setWriteAccess(telegramId, false);
        return { status: 'success', delivered: 'download', file };
      }
      this.deps.log('warn', 'Bot API refused a document', {
        err: error instanceof Error ? error.message : String(error),
      });
      throw new UnavailableError('Telegram did not take the file just now; try again in a minute');
    }
  }
}

/** The dialog as plain text: a title, then one block per message with its time (UTC) and sender. */
export function transcriptText(
  locale: Locale,
  advisorName: string,
  messages: readonly OwnMessage[],
): string {
  const texts = privacyTexts(locale);
  const lines = [texts.transcriptTitle(advisorName), ''];
  for (const m of messages) {
    const at = m.created_at.toISOString().slice(0, 16).replace('T', ' ');
    const who = m.sender === 'user' ? texts.you : advisorName;
    const label =
      m.kind === 'image'
        ? texts.image
        : m.kind === 'tarot'
          ? texts.tarot
          : m.kind === 'dream'
            ? texts.dream
            : '';
    const body = [label, m.text].filter(Boolean).join(' ');
    lines.push(`[${at} UTC] ${who}:`, body, '');
  }
  return lines.join('\n');
}
