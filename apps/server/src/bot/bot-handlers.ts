/**
 * The bot's own commands: /start opens the Mini App; /paysupport says how to get help with a
 * payment or a refund and /terms links the terms of service, both of which Telegram requires of
 * a bot that sells for Telegram Stars. (Stars checkout and payments: payments/stars-bot-handlers.ts.)
 */
import { userLocale, type Locale } from '@seer/contract';
import type { CommandContext, Context } from 'grammy';
import type { UsersService } from '../users/index.js';
import type { UpdateHandlers } from './bot-updates.js';

interface CommandTexts {
  start: { text: string; button: string; menu: string };
  paysupport: { text: (supportUrl: string) => string; button: string; menu: string };
  terms: { text: (termsUrl: string, privacyUrl: string) => string; button: string; menu: string };
}

export const COMMAND_TEXTS: Record<Locale, CommandTexts> = {
  en: {
    start: {
      text: 'Welcome to Seer: chat with astrologers, tarot readers and psychics anytime you need.',
      button: 'Open Seer',
      menu: 'Open Seer',
    },
    paysupport: {
      text: (supportUrl) =>
        [
          'Help with payments',
          '',
          `A top-up did not reach your balance, you were charged twice, or you would like a refund? Write to Seer support: ${supportUrl}`,
          'Tell us the date, the amount and how you paid (Telegram Stars, TON or crypto); for Telegram Stars, add the transaction ID from Telegram’s receipt. A Telegram Stars payment you have not spent can be refunded to your Stars.',
          '',
          'Telegram support cannot help with purchases made in Seer.',
        ].join('\n'),
      button: 'Write to support',
      menu: 'Help with payments and refunds',
    },
    terms: {
      text: (termsUrl, privacyUrl) =>
        [
          `Seer’s terms of service: ${termsUrl}`,
          'Topping up your balance means you accept them.',
          `Privacy policy: ${privacyUrl}`,
        ].join('\n'),
      button: 'Read the terms',
      menu: 'Terms of service',
    },
  },
  ru: {
    start: {
      text: 'Добро пожаловать в Seer: астрологи, тарологи и экстрасенсы на связи, когда вам нужно.',
      button: 'Открыть Seer',
      menu: 'Открыть Seer',
    },
    paysupport: {
      text: (supportUrl) =>
        [
          'Помощь с оплатой',
          '',
          `Пополнение не пришло на баланс, деньги списались дважды или вы хотите вернуть платёж? Напишите в поддержку Seer: ${supportUrl}`,
          'Укажите дату, сумму и способ оплаты (Telegram Stars, TON или криптовалюта); для Telegram Stars добавьте ID транзакции из чека Telegram. Неизрасходованный платёж в Telegram Stars можно вернуть звёздами.',
          '',
          'Поддержка Telegram не может помочь с покупками в Seer.',
        ].join('\n'),
      button: 'Написать в поддержку',
      menu: 'Помощь с оплатой и возвратами',
    },
    terms: {
      text: (termsUrl, privacyUrl) =>
        [
          `Условия использования Seer: ${termsUrl}`,
          'Пополняя баланс, вы их принимаете.',
          `Политика конфиденциальности: ${privacyUrl}`,
        ].join('\n'),
      button: 'Открыть условия',
      menu: 'Условия использования',
    },
  },
};

const menu = <K extends keyof CommandTexts>(command: K): Record<Locale, string> => ({
  en: COMMAND_TEXTS.en[command].menu,
  ru: COMMAND_TEXTS.ru[command].menu,
});

/** Where /start <payload> opens the app (deep links: links/links-bot-handlers.ts); null: the plain welcome. */
export type StartTarget = (
  from: NonNullable<CommandContext<Context>['from']>,
  payload: string,
  locale: Locale,
) => Promise<{ path: string; text?: string; button?: string } | null>;

export function registerBotHandlers(
  updates: UpdateHandlers,
  deps: {
    publicUrl: string;
    supportUrl: string;
    startTarget?: StartTarget;
    /** Whose language a user chose in Seer's Settings; without it the update's language decides. */
    users?: Pick<UsersService, 'localeOf'>;
  },
): void {
  /** The sender's language (users/language.ts): their choice in Settings, else the update's code. */
  const localeOf = async (from: Context['from']): Promise<Locale> => {
    const fromUpdate = userLocale({ telegramCode: from?.language_code });
    if (!from || !deps.users) return fromUpdate;
    // An answer in the update's language beats none while the database cannot say.
    return deps.users.localeOf(from.id, from.language_code).catch(() => fromUpdate);
  };

  updates.onCommand(
    'start',
    async (ctx) => {
      const locale = await localeOf(ctx.from);
      const texts = COMMAND_TEXTS[locale].start;
      const payload = typeof ctx.match === 'string' ? ctx.match.trim() : '';
      const target =
        payload && ctx.from && deps.startTarget
          ? await deps.startTarget(ctx.from, payload, locale)
          : null;
      const text = target?.text ? `${texts.text}\n\n${target.text}` : texts.text;
      await ctx.reply(text, {
        reply_markup: {
          inline_keyboard: [
            [
              {
                text: target?.button ?? texts.button,
                web_app: { url: `${deps.publicUrl}${target?.path ?? ''}` },
              },
            ],
          ],
        },
      });
    },
    { menu: menu('start') },
  );

  updates.onCommand(
    'paysupport',
    async (ctx) => {
      const texts = COMMAND_TEXTS[await localeOf(ctx.from)].paysupport;
      await ctx.reply(texts.text(deps.supportUrl), {
        link_preview_options: { is_disabled: true },
        reply_markup: { inline_keyboard: [[{ text: texts.button, url: deps.supportUrl }]] },
      });
    },
    { menu: menu('paysupport') },
  );

  updates.onCommand(
    'terms',
    async (ctx) => {
      const texts = COMMAND_TEXTS[await localeOf(ctx.from)].terms;
      const termsUrl = `${deps.publicUrl}/terms`;
      await ctx.reply(texts.text(termsUrl, `${deps.publicUrl}/privacy-policy`), {
        link_preview_options: { is_disabled: true },
        reply_markup: { inline_keyboard: [[{ text: texts.button, web_app: { url: termsUrl } }]] },
      });
    },
    { menu: menu('terms') },
  );
}
