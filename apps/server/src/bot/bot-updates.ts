/**
 * Where features register what the bot does with each kind of update (payments, notices, /start),
 * as grammY middleware. Every matching handler runs; an ordinary handler's failure is logged and
 * the next one still runs. A critical handler's failure (a payment not yet recorded) fails the
 * update, so the intake does not confirm it and it comes again.
 */
import {
  Composer,
  type CommandContext,
  type Context,
  type Filter,
  type NextFunction,
} from 'grammy';

/** Handlers marked critical must succeed before the update is confirmed to Telegram (money depends on them). */
export interface HandlerOptions {
  critical?: boolean;
}

type Log = (message: string, error: unknown) => void;

export class UpdateHandlers {
  readonly composer = new Composer<Context>();

  constructor(private readonly log: Log = () => {}) {}

  /** `/name` or `/name@bot ...` in a message's text. */
  onCommand(
    name: string,
    handler: (ctx: CommandContext<Context>) => Promise<void>,
    options: HandlerOptions = {},
  ): this {
    this.composer.command(name, this.wrap(`/${name}`, handler, options));
    return this;
  }

  /** Every message (including service messages such as successful_payment). */
  onMessage(
    handler: (ctx: Filter<Context, 'message'>) => Promise<void>,
    options: HandlerOptions = {},
  ): this {
    this.composer.on('message', this.wrap('message', handler, options));
    return this;
  }

  /** Telegram waits at most 10 s for the answer to a pre_checkout_query. */
  onPreCheckoutQuery(
    handler: (ctx: Filter<Context, 'pre_checkout_query'>) => Promise<void>,
    options: HandlerOptions = {},
  ): this {
    this.composer.on('pre_checkout_query', this.wrap('pre_checkout_query', handler, options));
    return this;
  }

  /** Update kinds to ask Telegram for (allowed_updates). */
  get allowedUpdates(): Array<'message' | 'callback_query' | 'pre_checkout_query'> {
    return ['message', 'callback_query', 'pre_checkout_query'];
  }

  private wrap<C extends Context>(
    kind: string,
    handler: (ctx: C) => Promise<void>,
    options: HandlerOptions,
  ): (ctx: C, next: NextFunction) => Promise<void> {
    return async (ctx, next) => {
      try {
        await handler(ctx);
      } catch (error) {
        this.log(`bot ${kind} handler failed for update ${ctx.update.update_id}`, error);
        if (options.critical) throw error;
      }
      await next();
    };
  }
}
