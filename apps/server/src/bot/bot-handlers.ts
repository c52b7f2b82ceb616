/** The bot's own handlers: /start opens the Mini App. (Stars checkout and payments: payments/stars-bot-handlers.ts.) */
import { localeFromLanguageCode } from '@seer/contract';
import type { UpdateHandlers } from './bot-updates.js';

const START_TEXTS = {
  en: {
    text: 'Welcome to Seer: chat with astrologers, tarot readers and psychics anytime you need.',
    button: 'Open Seer',
  },
  ru: {
    text: 'Добро пожаловать в Seer: астрологи, тарологи и экстрасенсы на связи, когда вам нужно.',
    button: 'Открыть Seer',
  },
} as const;

export function registerBotHandlers(updates: UpdateHandlers, deps: { publicUrl: string }): void {
  updates.onCommand('start', async (ctx) => {
    const texts = START_TEXTS[localeFromLanguageCode(ctx.from?.language_code ?? 'en')];
    await ctx.reply(texts.text, {
      reply_markup: {
        inline_keyboard: [[{ text: texts.button, web_app: { url: deps.publicUrl } }]],
      },
    });
  });
}
