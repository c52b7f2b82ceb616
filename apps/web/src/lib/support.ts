/** Seer's support chat: where Settings and the terms send people with a question or a payment problem. */
import { openExternalLink, openTelegramLink } from './telegram';

/** The support chat; a deployment sets its own with VITE_SUPPORT_URL at build time. */
export const SUPPORT_URL: string = import.meta.env.VITE_SUPPORT_URL || 'https://t.me/seer_support';

/** Opens the support chat: inside Telegram a t.me link stays in Telegram. */
export function openSupport(): void {
  if (SUPPORT_URL.startsWith('https://t.me/')) openTelegramLink(SUPPORT_URL);
  else openExternalLink(SUPPORT_URL);
}
