/**
 * A fake Telegram Bot API on 127.0.0.1 (https://core.telegram.org/bots/api): POST
 * /bot<token>/<method> with JSON, answers { ok, result } or { ok: false, error_code, description }.
 * It records every call, queues updates for getUpdates (offset confirms, timeout long-polls,
 * 409 while a webhook is set), delivers them to a registered webhook with its secret token,
 * plays Telegram's side of a Stars payment: pre_checkout_query, then successful_payment, and
 * keeps the command menus set with setMyCommands per language. Uploads (sendDocument) come as
 * multipart/form-data and are kept with the call.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Update } from '../../bot/bot-api.js';

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  /** When the call arrived (Date.now()). */
  at: number;
  /** The HTTP status it was answered with; null when the connection was dropped instead. */
  status: number | null;
  /** What Telegram answered when the call succeeded (sendMessage: the Message sent). */
  result?: unknown;
  /** Files uploaded with the call (multipart/form-data); the parameter naming one holds it too. */
  files?: UploadedFile[];
}

/** A file uploaded in a multipart/form-data call. */
export interface UploadedFile {
  /** The form part it came in. */
  part: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** The most a bot may upload as a document (https://core.telegram.org/bots/api#senddocument). */
const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

interface Invoice {
  link: string;
  title: string;
  description: string;
  payload: string;
  currency: string;
  amount: number;
}

type Outcome =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

export class FakeBotApi {
  /**
   * How long this fake keeps a prepared message. The Bot API promises no lifetime: it answers
   * each one's expiration_date (PreparedInlineMessage), and expired ones can no longer be used.
   */
  static readonly PREPARED_MESSAGE_LIFETIME_SECONDS = 24 * 3600;
  readonly calls: RecordedCall[] = [];
  readonly invoices = new Map<string, Invoice>();
  /** Charges Telegram made (charge id → payer), and which were refunded. */
  readonly charges = new Map<string, { userId: number; stars: number; refunded: boolean }>();
  webhook: { url: string; secret: string | undefined } | null = null;
  /** The command menus set with setMyCommands (default scope), by language code ('' for everyone else). */
  readonly myCommands = new Map<string, Array<{ command: string; description: string }>>();
  /** Messages kept with savePreparedInlineMessage, by their id (expirationDate: Unix time). */
  readonly preparedMessages = new Map<
    string,
    { userId: number; result: unknown; expirationDate: number }
  >();
  /** The lifetime given to the next prepared messages. */
  preparedMessageLifetimeSeconds = FakeBotApi.PREPARED_MESSAGE_LIFETIME_SECONDS;
  /** Users Telegram refuses to prepare messages for (never opened the bot). */
  readonly unknownUsers = new Set<number>();
  /** Users who blocked the bot (or never started it): sending to them is refused with 403. */
  readonly blockedUsers = new Set<number>();
  /** Inline queries sent to the bot, by id (answerInlineQuery must name one). */
  readonly inlineQueries = new Set<string>();
  /** Callback queries not answered yet. */
  readonly callbackQueries = new Set<string>();
  private queue: Update[] = [];
  private nextUpdateId = 700_000_001;
  /** Telegram numbers messages per chat; one counter for all chats keeps each chat's ids unique too. */
  private nextMessageId = 1;
  private waiters: Array<() => void> = [];
  private readonly failures = new Map<string, Array<Outcome | 'drop'>>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly token: string,
  ) {}

  static async start(token: string): Promise<FakeBotApi> {
    let fake: FakeBotApi | null = null;
    const server = createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeBotApi(server, `http://127.0.0.1:${port}`, token);
    return fake;
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /**
   * The next call of `method` fails with this Telegram error, shaped like the Bot API's:
   * `{ ok: false, error_code, description, parameters: { retry_after } }` (a 429 says how many
   * seconds to wait in retry_after).
   */
  failNext(
    method: string,
    errorCode: number,
    description: string,
    options: { retryAfterSeconds?: number } = {},
  ): void {
    const list = this.failures.get(method) ?? [];
    list.push({
      ok: false,
      error_code: errorCode,
      description,
      ...(options.retryAfterSeconds !== undefined
        ? { parameters: { retry_after: options.retryAfterSeconds } }
        : {}),
    });
    this.failures.set(method, list);
  }

  /** The next call of `method` gets no answer: the connection is dropped (a network error). */
  dropNext(method: string): void {
    const list = this.failures.get(method) ?? [];
    list.push('drop');
    this.failures.set(method, list);
  }

  /** Forgets the failures still queued for `method`. */
  clearFailures(method: string): void {
    this.failures.delete(method);
  }

  /** Calls of `method` that Telegram accepted (answered 200). */
  acceptedCallsOf(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && c.status === 200);
  }

  /** Queues an update (or, with a webhook set, posts it there); returns its update_id. */
  async pushUpdate(
    update: Omit<Update, 'update_id'>,
  ): Promise<{ updateId: number; webhookStatus: number | null }> {
    const full = { update_id: this.nextUpdateId++, ...update } as Update;
    if (this.webhook) return { updateId: full.update_id, webhookStatus: await this.deliver(full) };
    this.queue.push(full);
    for (const wake of this.waiters.splice(0)) wake();
    return { updateId: full.update_id, webhookStatus: null };
  }

  /** Posts an update to the webhook like Telegram would, with the registered secret or `options.secret` (null: no header). */
  async deliver(update: Update, options: { secret?: string | null } = {}): Promise<number> {
    if (!this.webhook) throw new Error('no webhook is set');
    const secret = 'secret' in options ? options.secret : this.webhook.secret;
    const response = await fetch(this.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === undefined || secret === null
          ? {}
          : { 'X-Telegram-Bot-Api-Secret-Token': secret }),
      },
      body: JSON.stringify(update),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** A user types `@bot <query>` in some chat: an inline_query update; returns its id. */
  async sendInlineQuery(
    from: { id: number; language_code?: string },
    query: string,
  ): Promise<string> {
    const id = String(this.nextUpdateId * 7);
    this.inlineQueries.add(id);
    await this.pushUpdate({
      inline_query: {
        id,
        from: { is_bot: false, first_name: 'Test', ...from },
        query,
        offset: '',
        chat_type: 'sender',
      },
    } as Omit<Update, 'update_id'>);
    return id;
  }

  /**
   * A user presses an inline button with callback data under a message the bot sent them: a
   * callback_query update; returns the query's id (answerCallbackQuery must name it).
   */
  async pressButton(
    from: { id: number; language_code?: string },
    data: string,
    messageId = 1,
  ): Promise<string> {
    const id = `cb${this.nextUpdateId * 11}`;
    this.callbackQueries.add(id);
    await this.pushUpdate({
      callback_query: {
        id,
        from: { is_bot: false, first_name: 'Test', ...from },
        chat_instance: String(from.id),
        data,
        message: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private', first_name: 'Test' },
          text: 'notice',
        },
      },
    } as Omit<Update, 'update_id'>);
    return id;
  }

  /** A user sends a text message to the bot. */
  async sendText(from: { id: number; language_code?: string }, text: string) {
    return this.pushUpdate({
      message: {
        message_id: this.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: 'Test' },
        from: { is_bot: false, first_name: 'Test', ...from },
        text,
        // Telegram marks a leading /command (and /command@bot) as a bot_command entity.
        ...(/^\/\w+(@\w+)?/.test(text)
          ? {
              entities: [
                { type: 'bot_command', offset: 0, length: /^\/\w+(@\w+)?/.exec(text)![0].length },
              ],
            }
          : {}),
      },
    });
  }

  /**
   * A user answers a message in the bot's chat with Telegram's reply: `replyTo` is the message
   * they reply to (e.g. the result of the bot's sendMessage), `content` a text or a photo.
   * Returns the update (to deliver it again, as Telegram does when it was not confirmed).
   */
  async sendReply(
    from: { id: number; language_code?: string },
    replyTo: { message_id: number; text?: string },
    content: { text: string } | { photo: true; caption?: string },
  ): Promise<Update> {
    const update = {
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: 'Test' },
        from: { is_bot: false, first_name: 'Test', ...from },
        reply_to_message: {
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private', first_name: 'Test' },
          from: { id: Number(this.token.split(':')[0]), is_bot: true, first_name: 'Seer' },
          ...replyTo,
        },
        ...('text' in content
          ? { text: content.text }
          : {
              photo: [
                { file_id: 'fake-photo', file_unique_id: 'fake-photo-u', width: 90, height: 90 },
              ],
              ...(content.caption === undefined ? {} : { caption: content.caption }),
            }),
      },
    } as Update;
    if (this.webhook) await this.deliver(update);
    else {
      this.queue.push(update);
      for (const wake of this.waiters.splice(0)) wake();
    }
    return update;
  }

  /**
   * Telegram's side of paying an invoice link: a pre_checkout_query, the bot's answer (waited
   * for, up to 10 s as Telegram does), then on ok a successful_payment message with a new charge id.
   */
  async payInvoice(
    link: string,
    payerId: number,
    options: { amount?: number; languageCode?: string } = {},
  ): Promise<{ ok: boolean; chargeId: string | null; error?: string }> {
    const invoice = this.invoices.get(link);
    if (!invoice) throw new Error(`no invoice link ${link}`);
    const queryId = randomBytes(8).toString('hex');
    const amount = options.amount ?? invoice.amount;
    await this.pushUpdate({
      pre_checkout_query: {
        id: queryId,
        from: {
          id: payerId,
          is_bot: false,
          first_name: 'Payer',
          ...(options.languageCode ? { language_code: options.languageCode } : {}),
        },
        currency: invoice.currency,
        total_amount: amount,
        invoice_payload: invoice.payload,
      },
    });
    const answer = await this.waitFor(
      () =>
        this.callsOf('answerPreCheckoutQuery').find(
          (c) => c.params.pre_checkout_query_id === queryId,
        ),
      10_000,
    );
    if (!answer)
      return { ok: false, chargeId: null, error: 'no answer to pre_checkout_query within 10 s' };
    if (answer.params.ok !== true)
      return { ok: false, chargeId: null, error: String(answer.params.error_message) };
    const chargeId = `stxFake${randomBytes(12).toString('hex')}`;
    this.charges.set(chargeId, { userId: payerId, stars: amount, refunded: false });
    await this.pushSuccessfulPayment(payerId, { chargeId, payload: invoice.payload, amount });
    return { ok: true, chargeId };
  }

  /** Sends (again) the successful_payment service message of a charge. */
  async pushSuccessfulPayment(
    payerId: number,
    payment: { chargeId: string; payload: string; amount: number },
  ) {
    return this.pushUpdate({
      message: {
        message_id: this.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: payerId, type: 'private', first_name: 'Payer' },
        from: { id: payerId, is_bot: false, first_name: 'Payer' },
        successful_payment: {
          currency: 'XTR',
          total_amount: payment.amount,
          invoice_payload: payment.payload,
          telegram_payment_charge_id: payment.chargeId,
          provider_payment_charge_id: '',
        },
      },
    });
  }

  /** Telegram's refunded_payment service message (a refund made outside the bot's own refundStarPayment). */
  async pushRefundedPayment(
    payerId: number,
    payment: { chargeId: string; payload: string; amount: number },
  ) {
    const charge = this.charges.get(payment.chargeId);
    if (charge) charge.refunded = true;
    return this.pushUpdate({
      message: {
        message_id: this.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: payerId, type: 'private', first_name: 'Payer' },
        from: { id: payerId, is_bot: false, first_name: 'Payer' },
        refunded_payment: {
          currency: 'XTR',
          total_amount: payment.amount,
          invoice_payload: payment.payload,
          telegram_payment_charge_id: payment.chargeId,
        },
      },
    });
  }

  /** Updates not yet confirmed by getUpdates (offset). */
  get pendingUpdates(): Update[] {
    return [...this.queue];
  }

  async waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    for (const wake of this.waiters.splice(0)) wake();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: Outcome) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? '/', this.url).pathname);
    if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    if (token !== this.token)
      return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    let params: Record<string, unknown> = {};
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
    const contentType = req.headers['content-type'] ?? '';
    const files: UploadedFile[] = [];
    if (/^multipart\/form-data/i.test(contentType)) {
      // Uploads come as multipart/form-data (https://core.telegram.org/bots/api#sending-files): a
      // file is either the parameter itself or a part named in it as "attach://<name>".
      const form = readMultipart(body, contentType);
      if (!form)
        return send(400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: invalid multipart form',
        });
      const uploads = new Map<string, UploadedFile>();
      for (const part of form) {
        if (part.filename === null) continue;
        const file: UploadedFile = {
          part: part.name,
          filename: part.filename,
          type: part.type,
          bytes: part.bytes,
        };
        uploads.set(part.name, file);
        files.push(file);
      }
      for (const part of form) {
        if (part.filename !== null) {
          params[part.name] = uploads.get(part.name);
          continue;
        }
        const value = part.bytes.toString('utf8');
        const attached = /^attach:\/\/(.+)$/.exec(value);
        if (attached) {
          if (!uploads.has(attached[1]!))
            return send(400, {
              ok: false,
              error_code: 400,
              description: `Bad Request: file ${value} not found`,
            });
          params[part.name] = uploads.get(attached[1]!);
        } else if (/^-?\d+$/.test(value)) params[part.name] = Number(value);
        else params[part.name] = value;
      }
    } else if (body.length > 0) {
      try {
        params = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
    }
    const call: RecordedCall = {
      method,
      params,
      at: Date.now(),
      status: null,
      ...(files.length > 0 ? { files } : {}),
    };
    this.calls.push(call);
    const failure = this.failures.get(method)?.shift();
    if (failure === 'drop') {
      req.socket.destroy();
      return;
    }
    const outcome = failure ?? (await this.run(method, params));
    call.status = outcome.ok ? 200 : outcome.error_code;
    if (outcome.ok) call.result = outcome.result;
    send(call.status, outcome);
  }

  private async run(method: string, p: Record<string, unknown>): Promise<Outcome> {
    const bad = (description: string): Outcome => ({
      ok: false,
      error_code: 400,
      description: `Bad Request: ${description}`,
    });
    switch (method) {
      case 'getMe':
        return {
          ok: true,
          result: {
            id: Number(this.token.split(':')[0]),
            is_bot: true,
            first_name: 'Seer',
            username: 'seer_test_bot',
          },
        };
      case 'getUpdates': {
        if (this.webhook)
          return {
            ok: false,
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          };
        const offset = typeof p.offset === 'number' ? p.offset : undefined;
        if (offset !== undefined) this.queue = this.queue.filter((u) => u.update_id >= offset);
        const timeoutSeconds = typeof p.timeout === 'number' ? p.timeout : 0;
        if (this.queue.length === 0 && timeoutSeconds > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutSeconds * 1000);
            this.waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        const limit = typeof p.limit === 'number' ? p.limit : 100;
        return { ok: true, result: this.queue.slice(0, limit) };
      }
      case 'setWebhook': {
        if (typeof p.url !== 'string' || !p.url)
          return bad('bad webhook: An HTTPS URL must be provided for webhook');
        if (p.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(String(p.secret_token)))
          return bad('secret token contains unallowed characters');
        this.webhook = { url: p.url, secret: p.secret_token as string | undefined };
        return { ok: true, result: true };
      }
      case 'deleteWebhook':
        this.webhook = null;
        return { ok: true, result: true };
      case 'sendMessage':
        if (typeof p.chat_id !== 'number' && typeof p.chat_id !== 'string')
          return bad('chat_id is empty');
        if (typeof p.text !== 'string' || !p.text.trim()) return bad('message text is empty');
        return {
          ok: true,
          result: {
            message_id: this.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: p.chat_id, type: 'private' },
            text: p.text,
          },
        };
      case 'sendDocument': {
        // https://core.telegram.org/bots/api#senddocument: a file upload (multipart/form-data),
        // a file_id or an HTTP URL; caption 0-1024 characters; uploads up to 50 MB.
        if (typeof p.chat_id !== 'number' && typeof p.chat_id !== 'string')
          return bad('chat_id is empty');
        if (typeof p.chat_id === 'number' && this.blockedUsers.has(p.chat_id))
          return {
            ok: false,
            error_code: 403,
            description: 'Forbidden: bot was blocked by the user',
          };
        const document = p.document as UploadedFile | string | undefined;
        if (document === undefined || document === '')
          return bad('there is no document in the request');
        if (
          typeof document === 'string' &&
          !/^https?:\/\//.test(document) &&
          !/^[\w-]{20,}$/.test(document)
        )
          return bad('wrong remote file identifier specified');
        if (typeof document === 'object') {
          if (document.bytes.length === 0) return bad('file must be non-empty');
          if (document.bytes.length > DOCUMENT_MAX_BYTES)
            return { ok: false, error_code: 413, description: 'Request Entity Too Large' };
        }
        if (
          p.caption !== undefined &&
          (typeof p.caption !== 'string' || [...p.caption].length > 1024)
        )
          return bad('message caption is too long');
        const file = typeof document === 'object' ? document : null;
        return {
          ok: true,
          result: {
            message_id: this.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: p.chat_id, type: 'private' },
            document: {
              file_id: `BQAC${randomBytes(16).toString('base64url')}`,
              file_unique_id: randomBytes(8).toString('base64url'),
              ...(file
                ? {
                    file_name: file.filename,
                    mime_type: file.type || undefined,
                    file_size: file.bytes.length,
                  }
                : {}),
            },
            ...(p.caption ? { caption: p.caption } : {}),
          },
        };
      }
      case 'createInvoiceLink': {
        const title = String(p.title ?? '');
        const description = String(p.description ?? '');
        const payload = String(p.payload ?? '');
        const prices = p.prices as Array<{ label: string; amount: number }> | undefined;
        if (title.length < 1 || title.length > 32)
          return bad('invoice title must be 1-32 characters');
        if (description.length < 1 || description.length > 255)
          return bad('invoice description must be 1-255 characters');
        if (Buffer.byteLength(payload) < 1 || Buffer.byteLength(payload) > 128)
          return bad('invoice payload must be 1-128 bytes');
        if (p.currency !== 'XTR') return bad('this fake only sells in Telegram Stars (XTR)');
        if (p.provider_token !== undefined && p.provider_token !== '')
          return bad('provider_token must be empty for payments in Telegram Stars');
        if (!Array.isArray(prices) || prices.length !== 1)
          return bad('STARS_INVOICE_INVALID: exactly one price is required for Telegram Stars');
        const amount = prices[0]!.amount;
        if (!Number.isInteger(amount) || amount < 1) return bad('STARS_INVOICE_INVALID');
        const link = `https://t.me/$${randomBytes(9).toString('base64url')}`;
        this.invoices.set(link, { link, title, description, payload, currency: 'XTR', amount });
        return { ok: true, result: link };
      }
      case 'setMyCommands': {
        // https://core.telegram.org/bots/api#setmycommands
        const commands = p.commands as Array<{ command?: unknown; description?: unknown }>;
        if (!Array.isArray(commands) || commands.length > 100)
          return bad('commands must be an array of at most 100 BotCommand');
        for (const c of commands) {
          if (typeof c.command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(c.command))
            return bad('BOT_COMMAND_INVALID');
          if (
            typeof c.description !== 'string' ||
            c.description.length < 1 ||
            c.description.length > 256
          )
            return bad('BOT_COMMAND_DESCRIPTION_INVALID');
        }
        if (p.scope !== undefined && (p.scope as { type?: unknown }).type !== 'default')
          return bad('this fake keeps only the default scope');
        const language = p.language_code === undefined ? '' : String(p.language_code);
        if (language !== '' && !/^[a-z]{2}$/.test(language)) return bad('LANG_CODE_INVALID');
        this.myCommands.set(
          language,
          commands.map((c) => ({ command: String(c.command), description: String(c.description) })),
        );
        return { ok: true, result: true };
      }
      case 'answerPreCheckoutQuery':
        if (typeof p.pre_checkout_query_id !== 'string')
          return bad('pre_checkout_query_id is required');
        if (typeof p.ok !== 'boolean') return bad('ok is required');
        if (p.ok === false && (typeof p.error_message !== 'string' || !p.error_message))
          return bad('error_message is required when ok is false');
        return { ok: true, result: true };
      case 'savePreparedInlineMessage': {
        // https://core.telegram.org/bots/api#savepreparedinlinemessage (Bot API 8.0)
        if (typeof p.user_id !== 'number' || p.user_id <= 0) return bad('user_id is required');
        if (this.unknownUsers.has(p.user_id)) return bad('USER_ID_INVALID');
        const problem = inlineResultProblem(p.result);
        if (problem) return bad(problem);
        if (
          !['allow_user_chats', 'allow_bot_chats', 'allow_group_chats', 'allow_channel_chats'].some(
            (key) => p[key] === true,
          )
        )
          return bad('at least one chat type must be allowed');
        const id = randomBytes(12).toString('base64url');
        const expirationDate = Math.floor(Date.now() / 1000) + this.preparedMessageLifetimeSeconds;
        this.preparedMessages.set(id, { userId: p.user_id, result: p.result, expirationDate });
        return { ok: true, result: { id, expiration_date: expirationDate } };
      }
      case 'answerCallbackQuery':
        // https://core.telegram.org/bots/api#answercallbackquery
        if (
          typeof p.callback_query_id !== 'string' ||
          !this.callbackQueries.has(p.callback_query_id)
        )
          return bad('query is too old and response timeout expired or query ID is invalid');
        if (p.text !== undefined && (typeof p.text !== 'string' || p.text.length > 200))
          return bad('text must be 0-200 characters');
        this.callbackQueries.delete(p.callback_query_id);
        return { ok: true, result: true };
      case 'editMessageReplyMarkup':
        // https://core.telegram.org/bots/api#editmessagereplymarkup
        if (typeof p.chat_id !== 'number' && typeof p.chat_id !== 'string')
          return bad('chat_id is empty');
        if (typeof p.message_id !== 'number') return bad('message_id is required');
        return { ok: true, result: true };
      case 'answerInlineQuery': {
        // https://core.telegram.org/bots/api#answerinlinequery
        if (typeof p.inline_query_id !== 'string' || !p.inline_query_id)
          return bad('QUERY_ID_INVALID');
        if (!this.inlineQueries.has(p.inline_query_id)) return bad('QUERY_ID_INVALID');
        const results = p.results;
        if (!Array.isArray(results) || results.length > 50)
          return bad('RESULTS_TOO_MUCH: at most 50 results are allowed');
        const ids = new Set<string>();
        for (const result of results) {
          const problem = inlineResultProblem(result);
          if (problem) return bad(problem);
          const id = (result as { id: string }).id;
          if (ids.has(id)) return bad('RESULT_ID_DUPLICATE');
          ids.add(id);
        }
        if (
          p.cache_time !== undefined &&
          (!Number.isInteger(p.cache_time) || Number(p.cache_time) < 0)
        )
          return bad('cache_time must be a non-negative integer');
        return { ok: true, result: true };
      }
      case 'refundStarPayment': {
        const charge = this.charges.get(String(p.telegram_payment_charge_id));
        if (!charge || charge.userId !== p.user_id) return bad('CHARGE_NOT_FOUND');
        if (charge.refunded) return bad('CHARGE_ALREADY_REFUNDED');
        charge.refunded = true;
        return { ok: true, result: true };
      }
      default:
        return { ok: false, error_code: 404, description: 'Not Found: method not found' };
    }
  }
}

/**
 * What Telegram would refuse in an InlineQueryResult (articles, the only kind Seer sends): null
 * when acceptable. https://core.telegram.org/bots/api#inlinequeryresultarticle
 */
function inlineResultProblem(result: unknown): string | null {
  if (!result || typeof result !== 'object') return 'result must be an InlineQueryResult';
  const r = result as Record<string, unknown>;
  if (r.type !== 'article') return 'this fake accepts only article results';
  if (typeof r.id !== 'string' || Buffer.byteLength(r.id) < 1 || Buffer.byteLength(r.id) > 64)
    return 'RESULT_ID_INVALID: id must be 1-64 bytes';
  if (typeof r.title !== 'string' || !r.title.trim()) return 'RESULT_TITLE_EMPTY';
  const content = r.input_message_content as { message_text?: unknown } | undefined;
  if (
    !content ||
    typeof content.message_text !== 'string' ||
    content.message_text.length < 1 ||
    content.message_text.length > 4096
  )
    return 'MESSAGE_EMPTY: input_message_content.message_text must be 1-4096 characters';
  for (const key of ['thumbnail_url', 'url'] as const) {
    if (r[key] !== undefined && (typeof r[key] !== 'string' || !URL.canParse(r[key])))
      return `${key} must be a URL`;
  }
  const markup = r.reply_markup as { inline_keyboard?: unknown } | undefined;
  if (markup !== undefined) {
    if (!Array.isArray(markup.inline_keyboard)) return 'reply_markup must be an inline keyboard';
    for (const row of markup.inline_keyboard as unknown[]) {
      if (!Array.isArray(row)) return 'inline_keyboard rows must be arrays';
      for (const button of row as Array<Record<string, unknown>>) {
        if (typeof button.text !== 'string' || !button.text) return 'BUTTON_TEXT_INVALID';
        // web_app buttons work only in the bot's private chat, never in messages sent via inline.
        if ('web_app' in button) return 'BUTTON_TYPE_INVALID';
        if (typeof button.url !== 'string' || !/^(https?|tg):\/\//.test(button.url))
          return 'BUTTON_URL_INVALID';
      }
    }
  }
  return null;
}

interface FormPart {
  name: string;
  /** Null for a plain field. */
  filename: string | null;
  type: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body as Telegram reads it: tolerant of headers without spaces and of
 * unquoted parameters (grammY writes `content-disposition:form-data;name="x";filename=y`, which
 * fetch's strict FormData parser refuses). Null when it cannot be read.
 */
function readMultipart(body: Buffer, contentType: string): FormPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]!.trim()}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return parts;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    // Each part: CRLF, headers, CRLF CRLF, content, then CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8').split('\r\n');
    const header = (name: string) =>
      headers
        .find((h) => h.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim() ?? '';
    const disposition = header('content-disposition');
    const param = (key: string) => {
      const match = new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^;]*))`, 'i').exec(disposition);
      return match ? (match[1] ?? match[2]!.trim()) : null;
    };
    const name = param('name');
    if (!/^form-data/i.test(disposition) || name === null) return null;
    parts.push({
      name,
      filename: param('filename'),
      type: header('content-type'),
      bytes: Buffer.from(part.subarray(split + 4)),
    });
    at = next;
  }
}
