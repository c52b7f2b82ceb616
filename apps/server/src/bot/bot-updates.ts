/**
 * Routes each Bot API update to the handlers registered for its kind. Features add their own
 * handlers (payments, notifications, ...) without touching the intake (polling or webhook).
 */
import type { BotApi, CallbackQuery, Message, PreCheckoutQuery, Update } from './bot-api.js';

export interface UpdateContext {
  api: BotApi;
  update: Update;
}

type Handler<T> = (payload: T, ctx: UpdateContext) => Promise<void>;

/** Handlers marked critical must succeed before the update is confirmed to Telegram (money depends on them). */
export interface HandlerOptions {
  critical?: boolean;
}

export class UpdateDispatcher {
  private readonly commands = new Map<
    string,
    Array<{ handler: Handler<Message>; critical: boolean }>
  >();
  private readonly messages: Array<{ handler: Handler<Message>; critical: boolean }> = [];
  private readonly callbackQueries: Array<{ handler: Handler<CallbackQuery>; critical: boolean }> =
    [];
  private readonly preCheckoutQueries: Array<{
    handler: Handler<PreCheckoutQuery>;
    critical: boolean;
  }> = [];

  constructor(
    private readonly api: BotApi,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  /** `/name` or `/name@bot ...` in a message's text. */
  onCommand(name: string, handler: Handler<Message>, options: HandlerOptions = {}): this {
    const list = this.commands.get(name) ?? [];
    list.push({ handler, critical: options.critical ?? false });
    this.commands.set(name, list);
    return this;
  }

  /** Every message (including service messages such as successful_payment). */
  onMessage(handler: Handler<Message>, options: HandlerOptions = {}): this {
    this.messages.push({ handler, critical: options.critical ?? false });
    return this;
  }

  onCallbackQuery(handler: Handler<CallbackQuery>, options: HandlerOptions = {}): this {
    this.callbackQueries.push({ handler, critical: options.critical ?? false });
    return this;
  }

  onPreCheckoutQuery(handler: Handler<PreCheckoutQuery>, options: HandlerOptions = {}): this {
    this.preCheckoutQueries.push({ handler, critical: options.critical ?? false });
    return this;
  }

  /** Update kinds to ask Telegram for (allowed_updates). */
  get allowedUpdates(): string[] {
    return ['message', 'callback_query', 'pre_checkout_query'];
  }

  /**
   * Runs every matching handler. A failing ordinary handler is logged and skipped; a failing
   * critical one makes dispatch throw, so the intake retries the update instead of confirming it.
   */
  async dispatch(update: Update): Promise<void> {
    const ctx: UpdateContext = { api: this.api, update };
    const jobs: Array<Promise<void>> = [];
    const run = <T>(
      entries: Array<{ handler: Handler<T>; critical: boolean }>,
      payload: T,
      kind: string,
    ) => {
      for (const { handler, critical } of entries) {
        jobs.push(
          handler(payload, ctx).catch((error: unknown) => {
            this.log(`bot ${kind} handler failed for update ${update.update_id}`, error);
            if (critical) throw error;
          }),
        );
      }
    };
    if (update.message) {
      const command = parseCommand(update.message.text);
      if (command) run(this.commands.get(command) ?? [], update.message, `/${command}`);
      run(this.messages, update.message, 'message');
    }
    if (update.callback_query) run(this.callbackQueries, update.callback_query, 'callback_query');
    if (update.pre_checkout_query)
      run(this.preCheckoutQueries, update.pre_checkout_query, 'pre_checkout_query');
    const results = await Promise.allSettled(jobs);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

export function parseCommand(text: string | undefined): string | null {
  const match = text?.match(/^\/([a-zA-Z0-9_]{1,32})(?:@\w+)?(?:\s|$)/);
  return match ? match[1]!.toLowerCase() : null;
}
