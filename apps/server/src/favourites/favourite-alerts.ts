/**
 * "Your favourite advisor is online": when an advisor comes online (a `presence` event: their
 * socket, or their away switch turned off), every user who hearted them and turned the alerts on
 * is told, at most once per advisor per `intervalSeconds` (6 hours), counted in the database so
 * several instances (each derives the same presence change) tell each user once.
 *
 * The notice is an app notification (always) and a bot message with an "Open chat" button
 * (web_app to /chat/<id>) through the outbox, when the user allowed the bot to write, has the app
 * closed everywhere, and it is not night where they are (22:00–08:00 in the time zone the app
 * reported; no quiet hours while it is unknown). docs/decisions/027-favourites-and-notifications.md.
 */
import type { Locale } from '@seer/contract';
import type { AdvisorsService } from '../advisors/index.js';
import type { UserNotices } from '../bot/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { AlertRecipient } from './favourites.repository.js';
import type { FavouritesService } from './favourites.service.js';

export interface FavouriteAlertOptions {
  /** At most one alert per user and advisor in this many seconds. */
  intervalSeconds: number;
  /** Local hours when the bot keeps quiet: from `quietFrom`:00 until `quietUntil`:00. */
  quietFrom: number;
  quietUntil: number;
  now: () => Date;
}

export const DEFAULT_FAVOURITE_ALERT_OPTIONS: FavouriteAlertOptions = {
  intervalSeconds: 6 * 60 * 60,
  quietFrom: 22,
  quietUntil: 8,
  now: () => new Date(),
};

export const FAVOURITE_ALERT_TEXTS: Record<
  Locale,
  { online: (advisor: string) => string; openChat: string }
> = {
  en: {
    online: (advisor) => `${advisor}, one of your favourite advisors, is online in Seer now.`,
    openChat: 'Open chat',
  },
  ru: {
    online: (advisor) => `${advisor} из вашего избранного сейчас в сети в Seer.`,
    openChat: 'Открыть чат',
  },
};

/** The hour (0–23) at `at` in this IANA time zone; null when the zone is unknown. */
export function localHour(at: Date, timeZone: string): number | null {
  try {
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    return Number(hour) % 24;
  } catch {
    return null;
  }
}

/** Whether it is night for this user (only when their time zone is known). */
export function isQuietHour(
  at: Date,
  timeZone: string | null,
  options: Pick<
    FavouriteAlertOptions,
    'quietFrom' | 'quietUntil'
  > = DEFAULT_FAVOURITE_ALERT_OPTIONS,
): boolean {
  if (!timeZone) return false;
  const hour = localHour(at, timeZone);
  if (hour === null) return false;
  return options.quietFrom > options.quietUntil
    ? hour >= options.quietFrom || hour < options.quietUntil
    : hour >= options.quietFrom && hour < options.quietUntil;
}

type Log = (level: 'warn', message: string, detail?: Record<string, unknown>) => void;

export class FavouriteAlerts {
  private readonly options: FavouriteAlertOptions;
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      favourites: Pick<FavouritesService, 'alertRecipients' | 'claimOnlineSlot'>;
      events: EventBus;
      notifications: Pick<NotificationsService, 'favouriteOnline'>;
      advisors: Pick<AdvisorsService, 'find'>;
      /** Bot notices; null without BOT_TOKEN (the app notification is still written). */
      notices: Pick<UserNotices, 'away' | 'send'> | null;
      log?: Log;
    },
    options: Partial<FavouriteAlertOptions> = {},
  ) {
    this.options = { ...DEFAULT_FAVOURITE_ALERT_OPTIONS, ...options };
  }

  start(): void {
    if (this.unsubscribe) return;
    // Every instance handles every change (each derives presence itself); the slot in the
    // database lets one of them tell each user.
    this.unsubscribe = this.deps.events.subscribe((event) => {
      if (event.type !== 'presence' || !event.isOnline) return;
      const job = this.cameOnline(event.advisorId)
        .catch((error: unknown) =>
          this.deps.log?.('warn', 'favourite alert failed', {
            advisorId: event.advisorId,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => this.inFlight.delete(job));
      this.inFlight.add(job);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all([...this.inFlight]);
  }

  /** Tells every user who asked for it that this advisor is online (once per interval). */
  async cameOnline(advisorId: number): Promise<void> {
    const advisor = await this.deps.advisors.find(advisorId);
    if (!advisor?.is_active) return;
    const recipients = await this.deps.favourites.alertRecipients(advisorId);
    for (const recipient of recipients) await this.tell(recipient, advisorId, advisor.name);
  }

  private async tell(recipient: AlertRecipient, advisorId: number, name: string): Promise<void> {
    const userId = recipient.user_id;
    if (
      !(await this.deps.favourites.claimOnlineSlot(userId, advisorId, this.options.intervalSeconds))
    )
      return;
    await this.deps.notifications.favouriteOnline(userId, advisorId);
    const { notices } = this.deps;
    if (!notices) return;
    if (isQuietHour(this.options.now(), recipient.time_zone, this.options)) return;
    // The app is open (its notification, live, says it) or the bot may not write.
    const to = { ...recipient, telegramId: userId };
    if (!(await notices.away(to))) return;
    await notices.send(to, {
      text: (locale) => FAVOURITE_ALERT_TEXTS[locale].online(name),
      button: (locale) => FAVOURITE_ALERT_TEXTS[locale].openChat,
      path: `/chat/${advisorId}`,
    });
  }
}
