/** The morning message's Stop button: turns the messages off and says so, in the user's language. */
import type { UpdateHandlers } from '../bot/index.js';
import type { UsersService } from '../users/index.js';
import type { DailyService } from './daily.service.js';
import { DAILY_TEXTS } from './daily-texts.js';
import { STOP_MORNING } from './morning-messages.js';

export function registerDailyBotHandlers(
  updates: UpdateHandlers,
  deps: { daily: DailyService; users: Pick<UsersService, 'localeOf'>; publicUrl: string },
): void {
  updates.onCallbackQuery(STOP_MORNING, async (ctx) => {
    const from = ctx.callbackQuery.from;
    const stopped = await deps.daily.stopMorning(from.id);
    const locale = await deps.users.localeOf(from.id, from.language_code);
    const words = DAILY_TEXTS[locale];
    await ctx.answerCallbackQuery({ text: stopped ? words.stopped : words.alreadyStopped });
    // The message keeps its button into the app; the Stop button goes.
    if (ctx.callbackQuery.message)
      await ctx.editMessageReplyMarkup({
        reply_markup: {
          inline_keyboard: [[{ text: words.open, web_app: { url: `${deps.publicUrl}/tarot` } }]],
        },
      });
  });
}
