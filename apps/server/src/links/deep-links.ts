/**
 * The t.me links that carry a start payload: the Mini App's `t.me/<bot>/<app>?startapp=<payload>`
 * when TELEGRAM_APP_URL names the Mini App, else the bot's `t.me/<bot>?start=<payload>` (the bot's
 * /start then offers the app at the right screen).
 */
export class DeepLinks {
  constructor(
    private readonly settings: {
      /** TELEGRAM_APP_URL: https://t.me/<bot>/<app> (the Mini App) or https://t.me/<bot>. */
      telegramAppUrl: string | undefined;
      /** The bot's username once known (getMe). */
      botUsername: () => string | null;
      publicUrl: string;
    },
  ) {}

  /** The t.me link carrying `payload`; null while neither the app link nor the bot's username is known. */
  link(payload: string): string | null {
    const configured = this.settings.telegramAppUrl;
    if (configured) {
      const parts = new URL(configured).pathname.split('/').filter(Boolean);
      if (parts.length >= 2)
        return `https://t.me/${parts[0]}/${parts[1]}?startapp=${encodeURIComponent(payload)}`;
      if (parts.length === 1)
        return `https://t.me/${parts[0]}?start=${encodeURIComponent(payload)}`;
    }
    const username = this.settings.botUsername();
    return username ? `https://t.me/${username}?start=${encodeURIComponent(payload)}` : null;
  }

  /** The link that opens this advisor's profile: through Telegram when possible, else the web page. */
  advisorLink(advisorId: number): string {
    return this.link(`advisor_${advisorId}`) ?? this.webUrl(`/operator/${advisorId}`);
  }

  /** An absolute URL of the app's own server (a path such as /operator/5 or /avatars/a.svg). */
  webUrl(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${this.settings.publicUrl}${path}`;
  }
}
