/**
 * Favourites and the app's notifications (docs/product-rules.md#favourites-and-notifications,
 * docs/decisions/027-favourites-and-notifications.md).
 */
import { z } from 'zod';
import { withAdvisorId } from './advisor-id.js';
import { advisorIdField } from './ids.js';
import { momentField } from './dates.js';

const ok = z.literal('success');

// ---------- favourites ----------

/** AddFavourite.php / RemoveFavourite.php: idempotent, the answer says the state now. */
export const FavouriteBody = z.object({ manager_id: advisorIdField }).transform(withAdvisorId);
export const FavouriteAnswer = z.object({
  status: ok,
  manager_id: z.number().int(),
  favourite: z.boolean(),
});
export const GetFavouritesAnswer = z.object({
  status: ok,
  /** The user's favourite advisors, most recently added first (inactive advisors left out). */
  manager_ids: z.array(z.number().int()),
  /** The bot tells the user when a favourite comes online (off until the user turns it on). */
  alerts: z.boolean(),
});
export const SetFavouriteAlertsBody = z.object({ enabled: z.boolean() });
export const SetFavouriteAlertsAnswer = z.object({ status: ok, alerts: z.boolean() });
/** The device's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const SetTimeZoneBody = z.object({ time_zone: z.string().trim().min(1).max(64) });

/** AdminFavourites.php: how many users hearted each advisor, and how many of them asked for alerts. */
export const AdminFavouritesAnswer = z.object({
  status: ok,
  advisors: z.array(
    z.object({
      manager_id: z.number().int(),
      favourites: z.number().int(),
      alerts: z.number().int(),
    }),
  ),
});

// ---------- notifications ----------

export const NotificationKind = z.enum(['money', 'reply', 'favourite_online']);
export type NotificationKind = z.infer<typeof NotificationKind>;

/**
 * GetNotifications.php: without `v` (or v=1) the answer is the original one (money rows only,
 * `id` = ledger id, the five original fields); with v=2 every kind, with the fields below.
 */
export const NotificationsQuery = z.object({ v: z.enum(['1', '2']).optional() });

/**
 * One line of the app's notifications. The original five fields first: a money row's ledger
 * reason and signed amount (0 for other kinds, whose `reason` is their kind). The app writes the
 * words from `kind` and `reason`; an unknown reason is worded by the sign of its amount.
 */
export const AppNotification = z.object({
  /** v1: the ledger id; v2: the notification's own id. */
  id: z.number().int(),
  /** A ledger reason (ton_deposit, stars, admin_credit, ...) for money; else the kind. */
  reason: z.string(),
  /** Signed dollars. */
  amount: z.number(),
  amount_cents: z.number().int(),
  /** ISO 8601; a reply notification's time is its latest reply. */
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof AppNotification>;

export const FeedNotification = AppNotification.extend({
  kind: NotificationKind,
  unread: z.boolean(),
  /** Signed change of free messages (money rows). */
  free_messages: z.number().int(),
  /** Replies folded into this one while it was unread. */
  count: z.number().int(),
  manager_id: z.number().int().nullable(),
  advisor_name: z.string().nullable(),
  /** Where the app goes when the row is tapped: /chat/3, /balance, /operator/3. */
  link: z.string(),
});
export type FeedNotification = z.infer<typeof FeedNotification>;

export const GetNotificationsAnswer = z.object({
  status: ok,
  /** v1: AppNotification rows; v2: FeedNotification rows. */
  notifications: z.array(z.union([FeedNotification, AppNotification])),
  /** v2 only: how many are unread. */
  unread: z.number().int().optional(),
});
export const GetNotificationsV2Answer = z.object({
  status: ok,
  notifications: z.array(FeedNotification),
  unread: z.number().int(),
});
export type GetNotificationsV2Answer = z.infer<typeof GetNotificationsV2Answer>;

/**
 * Marks read what happened up to `up_to` (ISO 8601: the newest `created_at` the app has shown), or
 * everything without it; a reply bumped after that time stays unread.
 */
export const MarkNotificationsReadBody = z.object({ up_to: momentField('up_to').optional() });
export const MarkNotificationsReadAnswer = z.object({ status: ok, unread: z.number().int() });

/**
 * The `notification` socket frame's data: a new or bumped notification (or null: only the count
 * changed), and the ids of notifications that are gone (a reply line once its dialog was read).
 */
export const NotificationFrameData = z.object({
  unread: z.number().int(),
  notification: FeedNotification.nullable(),
  removed: z.array(z.number().int()),
});
