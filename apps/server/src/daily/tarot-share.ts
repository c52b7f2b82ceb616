/**
 * Sharing the day's tarot card (ShareTarot, decision 054): a message Telegram keeps for the user to
 * send anywhere (savePreparedInlineMessage, for Telegram.WebApp.shareMessage) with a button that
 * opens Seer through the user's invite link (startapp=ref_<code>), and a picture of the card for
 * a story (Telegram.WebApp.shareToStory). The pictures are drawn once per card, orientation and
 * language with sharp and kept; they carry nothing personal, so they are public.
 */
import type { InlineQueryResultArticle } from 'grammy/types';
import type { Locale, TarotCardName } from '@seer/contract';
import type { BotApi } from '../bot/index.js';
import { CARD_WORDS, cardLine, cardWords, DAILY_TEXTS, type DayCard } from './daily-texts.js';

/** A prepared message is reused while Telegram keeps it for at least this much longer. */
const PREPARED_MARGIN_MS = 60_000;
const PREPARED_KEPT = 10_000;

export const STORY_SIZE = { width: 1080, height: 1920 } as const;
export const THUMB_SIZE = 256;

export interface TarotShareAnswer {
  preparedMessageId: string | null;
  link: string | null;
  storyImageUrl: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a line into rows of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    if (row && row.length + 1 + word.length > width) {
      rows.push(row);
      row = word;
    } else row = row ? `${row} ${word}` : word;
  }
  if (row) rows.push(row);
  return rows;
}

/** An eight-pointed star, the card's emblem. */
function star(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 16; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return points.join(' ');
}

/** The story picture as SVG: the card, its name, orientation and line, and Seer's name. */
export function storySvg(card: DayCard, locale: Locale): string {
  const { width, height } = STORY_SIZE;
  const { name, orientation, line } = cardWords(card, locale);
  const texts = DAILY_TEXTS[locale];
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
  const rows = wrap(line, 30)
    .map(
      (row, i) =>
        `<text x="540" y="${1540 + i * 62}" ${font} font-size="46" fill="#f4ecff" text-anchor="middle">${escapeXml(row)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1b1035"/><stop offset="1" stop-color="#4a2a7a"/>
    </linearGradient>
    <linearGradient id="card" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2c1a52"/><stop offset="1" stop-color="#5b3a94"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <text x="540" y="200" ${font} font-size="54" fill="#d9c7ff" text-anchor="middle">${escapeXml(texts.shareTitle)}</text>
  <g transform="rotate(${card.reversed ? 180 : 0} 540 820)">
    <rect x="250" y="330" width="580" height="980" rx="40" fill="url(#card)" stroke="#e8c66a" stroke-width="10"/>
    <rect x="290" y="370" width="500" height="900" rx="26" fill="none" stroke="#e8c66a" stroke-opacity="0.5" stroke-width="4"/>
    <polygon points="${star(540, 760, 190, 70)}" fill="#e8c66a"/>
    <circle cx="540" cy="760" r="48" fill="#2c1a52"/>
  </g>
  <text x="540" y="1400" ${font} font-size="72" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(name)}</text>
  <text x="540" y="1460" ${font} font-size="40" fill="#bfa8ec" text-anchor="middle">${escapeXml(orientation)}</text>
  ${rows}
  <text x="540" y="1820" ${font} font-size="48" font-weight="bold" fill="#e8c66a" text-anchor="middle">${escapeXml(texts.shareInvite)}</text>
</svg>`;
}

export class TarotShare {
  private readonly prepared = new Map<string, { id: string; expiresAtMs: number }>();
  private readonly pictures = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly deps: {
      /** Null without BOT_TOKEN: no prepared message, the app shares the link. */
      botApi: BotApi | null;
      /** The user's invite link (startapp=ref_<code>), or null while unknown. */
      inviteLink: (userId: number) => Promise<string | null>;
      publicUrl: string;
      log: (message: string, error: unknown) => void;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  storyPath(card: DayCard, locale: Locale, kind: 'story' | 'thumb'): string {
    return `/api/tarot-cards/${card.card}/${card.reversed ? 'reversed' : 'upright'}/${locale}/${kind}.jpg`;
  }

  /** The card's JPEG for a story (1080×1920) or a thumbnail; drawn once and kept. */
  picture(card: DayCard, locale: Locale, kind: 'story' | 'thumb'): Promise<Buffer> {
    const key = this.storyPath(card, locale, kind);
    let made = this.pictures.get(key);
    if (!made) {
      made = (async () => {
        const { default: sharp } = await import('sharp');
        const image = sharp(Buffer.from(storySvg(card, locale)));
        if (kind === 'thumb')
          image
            .extract({ left: 230, top: 310, width: 620, height: 1020 })
            .resize(THUMB_SIZE, THUMB_SIZE, {
              fit: 'contain',
              background: '#1b1035',
            });
        return image.flatten({ background: '#1b1035' }).jpeg({ quality: 86 }).toBuffer();
      })();
      this.pictures.set(key, made);
      made.catch(() => this.pictures.delete(key));
    }
    return made;
  }

  /** What the app needs to share the user's card: a prepared message, the invite link, the picture. */
  async share(userId: number, card: DayCard, locale: Locale): Promise<TarotShareAnswer> {
    const link = await this.deps.inviteLink(userId);
    const storyImageUrl = `${this.deps.publicUrl}${this.storyPath(card, locale, 'story')}`;
    return {
      preparedMessageId: await this.prepare(userId, card, locale, link),
      link,
      storyImageUrl,
    };
  }

  private result(card: DayCard, locale: Locale, link: string | null): InlineQueryResultArticle {
    const texts = DAILY_TEXTS[locale];
    const open = link ?? this.deps.publicUrl;
    return {
      type: 'article',
      id: `tarot_${card.card}_${card.reversed ? 'r' : 'u'}`,
      title: `${texts.shareTitle}: ${CARD_WORDS[card.card].name[locale]}`,
      description: cardLine(card, locale),
      thumbnail_url: `${this.deps.publicUrl}${this.storyPath(card, locale, 'thumb')}`,
      thumbnail_width: THUMB_SIZE,
      thumbnail_height: THUMB_SIZE,
      input_message_content: {
        message_text: `🃏 ${texts.shareTitle}\n${cardLine(card, locale)}`,
        link_preview_options: { is_disabled: true },
      },
      reply_markup: { inline_keyboard: [[{ text: texts.shareInvite, url: open }]] },
    };
  }

  private async prepare(
    userId: number,
    card: DayCard,
    locale: Locale,
    link: string | null,
  ): Promise<string | null> {
    if (!this.deps.botApi) return null;
    const key = `${userId}:${card.card}:${card.reversed}:${locale}:${link ?? ''}`;
    const kept = this.prepared.get(key);
    if (kept && kept.expiresAtMs - this.now() > PREPARED_MARGIN_MS) return kept.id;
    try {
      const prepared = await this.deps.botApi.call('savePreparedInlineMessage', {
        user_id: userId,
        result: this.result(card, locale, link),
        allow_user_chats: true,
        allow_bot_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      if (this.prepared.size >= PREPARED_KEPT) this.prepared.clear();
      this.prepared.set(key, { id: prepared.id, expiresAtMs: prepared.expiration_date * 1000 });
      return prepared.id;
    } catch (error) {
      this.deps.log('savePreparedInlineMessage failed; the app shares the link instead', error);
      return null;
    }
  }
}

/** Reads a picture's path parts; null when they name no card. */
export function pictureOf(params: {
  card: string;
  orientation: string;
  lang: string;
  kind: string;
}): { card: DayCard; locale: Locale; kind: 'story' | 'thumb' } | null {
  if (!Object.hasOwn(CARD_WORDS, params.card)) return null;
  if (params.orientation !== 'upright' && params.orientation !== 'reversed') return null;
  if (params.lang !== 'en' && params.lang !== 'ru') return null;
  if (params.kind !== 'story.jpg' && params.kind !== 'thumb.jpg') return null;
  return {
    card: { card: params.card as TarotCardName, reversed: params.orientation === 'reversed' },
    locale: params.lang,
    kind: params.kind === 'story.jpg' ? 'story' : 'thumb',
  };
}
