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
import type { Locale } from '@seer/contract';

/** Handlers marked critical must succeed before the update is confirmed to Telegram (money depends on them). */
export interface HandlerOptions {
  critical?: boolean;
}

/** A command shown in Telegram's command menu, described in each language (setMyCommands). */
export interface MenuCommand {
  command: string;
  description: Record<Locale, string>;
}

type Log = (message: string, error: unknown) => void;

export class UpdateHandlers {
  readonly composer = new Composer<Context>();
  private readonly menu: MenuCommand[] = [];

  constructor(private readonly log: Log = () => {}) {}

  /** `/name` or `/name@bot ...` in a message's text. */
  onCommand(
    name: string,
    handler: (ctx: CommandContext<Context>) => Promise<void>,
    options: HandlerOptions & { menu?: Record<Locale, string> } = {},
  ): this {
    this.composer.command(name, this.wrap(`/${name}`, handler, options));
    if (options.menu && !this.menu.some((c) => c.command === name))
      this.menu.push({ command: name, description: options.menu });
    return this;
  }

  /** The commands to show in Telegram's menu, in the order they were registered. */
  get menuCommands(): readonly MenuCommand[] {
    return this.menu;
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

  /** `@bot <query>` typed in any chat (the bot's inline mode, switched on with @BotFather). */
  onInlineQuery(
    handler: (ctx: Filter<Context, 'inline_query'>) => Promise<void>,
    options: HandlerOptions = {},
  ): this {
    this.composer.on('inline_query', this.wrap('inline_query', handler, options));
    return this;
  }

  /**
   * A press of an inline button with callback data matching `data` (a string or a pattern); the
   * handler answers the query (answerCallbackQuery) itself.
   */
  onCallbackQuery(
    data: string | RegExp,
    handler: (ctx: Filter<Context, 'callback_query:data'>) => Promise<void>,
    options: HandlerOptions = {},
  ): this {
    this.composer.callbackQuery(data, this.wrap('callback_query', handler, options));
    return this;
  }

  /** Update kinds to ask Telegram for (allowed_updates). */
  get allowedUpdates(): Array<
    'message' | 'callback_query' | 'pre_checkout_query' | 'inline_query'
  > {
    return ['message', 'callback_query', 'pre_checkout_query', 'inline_query'];
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
