/**
 * A small typed client of the Telegram Bot API (https://core.telegram.org/bots/api):
 * POST ${BOT_API_URL}/bot<token>/<method> with a JSON body, answers { ok, result } or
 * { ok: false, error_code, description }. Only the types Seer reads are declared.
 */

export interface TelegramUser {
  id: number;
  is_bot?: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface Chat {
  id: number;
  type: string;
}

export interface SuccessfulPayment {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
  provider_payment_charge_id?: string;
}

export interface RefundedPayment {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
}

export interface Message {
  message_id: number;
  date: number;
  chat: Chat;
  from?: TelegramUser;
  text?: string;
  successful_payment?: SuccessfulPayment;
  refunded_payment?: RefundedPayment;
}

export interface PreCheckoutQuery {
  id: string;
  from: TelegramUser;
  currency: string;
  total_amount: number;
  invoice_payload: string;
}

export interface CallbackQuery {
  id: string;
  from: TelegramUser;
  data?: string;
  message?: Message;
}

export interface Update {
  update_id: number;
  message?: Message;
  callback_query?: CallbackQuery;
  pre_checkout_query?: PreCheckoutQuery;
}

export type InlineKeyboardButton =
  | { text: string; web_app: { url: string } }
  | { text: string; url: string }
  | { text: string; callback_data: string };

export interface InlineKeyboardMarkup {
  inline_keyboard: InlineKeyboardButton[][];
}

export interface LabeledPrice {
  label: string;
  amount: number;
}

/** Parameters and results of the methods Seer calls. */
export interface BotMethods {
  getMe: { params: Record<string, never>; result: TelegramUser };
  getUpdates: {
    params: { offset?: number; limit?: number; timeout?: number; allowed_updates?: string[] };
    result: Update[];
  };
  setWebhook: {
    params: {
      url: string;
      secret_token?: string;
      allowed_updates?: string[];
      drop_pending_updates?: boolean;
      max_connections?: number;
    };
    result: true;
  };
  deleteWebhook: { params: { drop_pending_updates?: boolean }; result: true };
  sendMessage: {
    params: {
      chat_id: number;
      text: string;
      parse_mode?: 'HTML' | 'MarkdownV2';
      reply_markup?: InlineKeyboardMarkup;
      disable_notification?: boolean;
    };
    result: Message;
  };
  answerCallbackQuery: { params: { callback_query_id: string; text?: string }; result: true };
  createInvoiceLink: {
    params: {
      title: string;
      description: string;
      payload: string;
      currency: string;
      prices: LabeledPrice[];
      provider_token?: string;
    };
    result: string;
  };
  answerPreCheckoutQuery: {
    params: { pre_checkout_query_id: string; ok: boolean; error_message?: string };
    result: true;
  };
  refundStarPayment: {
    params: { user_id: number; telegram_payment_charge_id: string };
    result: true;
  };
}
export type BotMethod = keyof BotMethods;

export class BotApiError extends Error {
  constructor(
    readonly method: string,
    /** Telegram's error_code, or null when Telegram was not reached or answered nonsense. */
    readonly errorCode: number | null,
    readonly description: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Bot API ${method} failed${errorCode ? ` (${errorCode})` : ''}: ${description}`);
  }
}

export class BotApi {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async call<M extends BotMethod>(
    method: M,
    params: BotMethods[M]['params'],
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<BotMethods[M]['result']> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/bot${this.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal,
      });
    } catch (error) {
      // never put the URL in the message: it carries the token
      const reason =
        error instanceof Error
          ? error.name === 'TimeoutError'
            ? 'timed out'
            : error.name === 'AbortError'
              ? 'aborted'
              : error.message
          : 'failed';
      throw new BotApiError(method, null, `request ${reason}`);
    }
    let body: {
      ok?: boolean;
      result?: unknown;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new BotApiError(method, response.status, 'answer is not JSON');
    }
    if (!body || body.ok !== true) {
      throw new BotApiError(
        method,
        body?.error_code ?? response.status,
        body?.description ?? 'unknown error',
        body?.parameters?.retry_after ?? null,
      );
    }
    return body.result as BotMethods[M]['result'];
  }
}
