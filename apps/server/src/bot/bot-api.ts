/**
 * Seer's side of the Telegram Bot API, on grammY's client (https://grammy.dev): the API objects
 * the bot, the notice outbox and payments use, Telegram's types, and one error type that says
 * whether Telegram refused a call (its error_code) or was not reached (null).
 */
import { Api, GrammyError, HttpError, type RawApi, type Transformer } from 'grammy';
import { autoRetry } from '@grammyjs/auto-retry';

export type {
  Message,
  PreCheckoutQuery,
  RefundedPayment,
  SuccessfulPayment,
  Update,
  User as TelegramUser,
} from 'grammy/types';

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

/** The same failure in Seer's terms; never carries the request URL (it holds the token). */
export function toBotApiError(method: string, error: unknown): BotApiError {
  if (error instanceof BotApiError) return error;
  if (error instanceof GrammyError) {
    return new BotApiError(
      method,
      error.error_code,
      error.description,
      error.parameters.retry_after ?? null,
    );
  }
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? error.error : null;
    const reason =
      cause?.name === 'AbortError' || cause?.name === 'TimeoutError'
        ? 'timed out or aborted'
        : 'failed';
    return new BotApiError(method, null, `request ${reason}`);
  }
  return new BotApiError(method, null, 'answer could not be read');
}

export interface BotApiOptions {
  token: string;
  /** BOT_API_URL: Telegram's, or a fake in tests. */
  apiRoot: string;
  /** The global limit of messages toward Telegram, shared by every Api of this process. */
  sendLimit: Transformer;
  /**
   * Retry 429 and 5xx answers in place (calls made while someone waits: invoices, checkout
   * answers). The notice outbox retries on its own schedule instead, so it passes false.
   */
  retryInPlace: boolean;
  /** Longest wait for one call; a long poll adds its own timeout to this. */
  timeoutSeconds?: number;
}

export function createApi(options: BotApiOptions): Api {
  const api = new Api(options.token, {
    apiRoot: options.apiRoot,
    timeoutSeconds: options.timeoutSeconds ?? 30,
  });
  return configureApi(api, options);
}

/** Installs the send limit and, when asked, short in-place retries on an Api (grammY's bot.api too). */
export function configureApi(
  api: Api,
  options: Pick<BotApiOptions, 'sendLimit' | 'retryInPlace'>,
): Api {
  api.config.use(options.sendLimit);
  if (options.retryInPlace) {
    // Short waits only: someone is waiting on these calls (Telegram gives a checkout 10 s).
    // auto-retry would retry network errors forever, so it leaves them to retryNetworkErrors.
    api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 3, rethrowHttpErrors: true }));
    api.config.use(retryNetworkErrors(2, 500));
  }
  return api;
}

/** A call that got no answer (network error) is tried again `attempts` times, `pauseMs` apart. */
function retryNetworkErrors(attempts: number, pauseMs: number): Transformer {
  return async (prev, method, payload, signal) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await prev(method, payload, signal);
      } catch (error) {
        if (!(error instanceof HttpError) || attempt >= attempts || signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  };
}

/** grammY types its signals with the abort-controller polyfill it uses on Node; Node's own work the same. */
export type GrammySignal = NonNullable<Parameters<Api['getMe']>[0]>;
export const grammySignal = (signal: AbortSignal): GrammySignal =>
  signal as unknown as GrammySignal;
export const nodeSignal = (signal: GrammySignal): AbortSignal => signal as unknown as AbortSignal;

type Params<M extends keyof RawApi> = Parameters<RawApi[M]>[0];
type Result<M extends keyof RawApi> = Awaited<ReturnType<RawApi[M]>>;

/** Calls by name with Seer's error type: what payments use for invoices and refunds. */
export class BotApi {
  constructor(readonly api: Api) {}

  async call<M extends keyof RawApi>(
    method: M,
    params: Params<M>,
    options: { signal?: AbortSignal } = {},
  ): Promise<Result<M>> {
    const raw = this.api.raw as unknown as Record<
      string,
      (params: unknown, signal?: AbortSignal) => Promise<unknown>
    >;
    try {
      return (await raw[method]!(params, options.signal)) as Result<M>;
    } catch (error) {
      throw toBotApiError(method, error);
    }
  }
}
