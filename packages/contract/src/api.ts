/**
 * Every HTTP call of Seer: its path, methods, request and answer schemas.
 * The server validates with these, the Mini App types its calls with them, and
 * the OpenAPI document is generated from them. Wire names follow the original client
 * (manager_id, GetAllManagers.php ...); every call answers at /api/X.php and /X.php.
 */
import { z } from 'zod';
import { withAdvisorId } from './advisor-id.js';
import {
  advisorIdField,
  categoryIdField,
  imageIdField,
  messageIdField,
  telegramIdField,
} from './ids.js';
import { LIMITS, LOCALES } from './limits.js';
import { readText, textField } from './text-field.js';
import { calendarDateField } from './dates.js';
import { MedianResponseSeconds } from './response-times.js';
import { PHONE_PAYMENTS_POLICIES } from './payment-methods.js';
import * as A from './admin.js';
import * as S from './spending.js';
import * as C from './satisfaction.js';
import { GetHoroscopeAnswer, HoroscopeQuery, birthPlaceField } from './horoscope.js';
import * as L from './links.js';
import * as N from './notifications.js';
import * as PV from './privacy.js';
import * as K from './clients.js';
import * as OP from './advisor-profile.js';
import * as P from './applications.js';
import * as D from './disputes.js';
import * as PO from './payouts.js';
import * as SF from './safety.js';
import * as DY from './daily.js';
import * as PH from './payment-history.js';

/** Every failure answer: a 4xx (or hidden 5xx) with a message naming the problem. */
export const ErrorAnswer = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.string(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  /** A session token past its expiry (401): renewal refuses it too; start a new session from init data. */
  sessionExpired: 'session_expired',
  /** A renewed-away session token came back to renew (401): the session was ended; start a new one. */
  sessionReused: 'session_reused',
  /** Init data signed before the user's sessions were ended (401): reopen the app from Telegram. */
  signInRevoked: 'sign_in_revoked',
  forbidden: 'forbidden',
  notFound: 'not_found',
  insufficientFunds: 'insufficient_funds',
  /** A paid send over the user's own daily or monthly spending limit; nothing was charged. */
  spendingLimitReached: 'spending_limit_reached',
  /** The caller's Telegram account is linked to this advisor: no paying, rating or credit on it. */
  ownAdvisor: 'own_advisor',
  /** A rating answered with a claimed satisfaction credit cannot be raised while the credit stands. */
  ratingKeptByCredit: 'rating_kept_by_credit',
  /** The user's satisfaction credits of this calendar month (UTC) reached the monthly cap. */
  satisfactionLimitReached: 'satisfaction_limit_reached',
  conflict: 'conflict',
  /** The caller has reported this message or advisor already (409); one report per person and thing. */
  alreadyReported: 'already_reported',
  /** The advisor blocked this user (403): the message was not sent and nothing was charged. */
  blockedByAdvisor: 'blocked_by_advisor',
  /** The user blocked this advisor (403): the advisor's reply was not sent. */
  blockedByUser: 'blocked_by_user',
  /** The caller blocked the other party (403): unblock to write again; nothing was charged. */
  youBlocked: 'you_blocked',
  /** The account is suspended by staff (403): no sign-in until staff lift it. */
  accountSuspended: 'account_suspended',
  tooManyRequests: 'too_many_requests',
  /** A per-user limit of a call; the answer's Retry-After header says when to try again. */
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unavailable: 'unavailable',
  /** The database is away for a moment (restarting); nothing was done, try again. */
  databaseUnavailable: 'database_unavailable',
  /** The server is at capacity for this work (image decoding, 503); nothing was done, try again after Retry-After. */
  busy: 'busy',
  internal: 'internal',
} as const;

// ---------- shared objects ----------

export const Advisor = z.object({
  id: z.number().int(),
  manager_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  /** In the reader's language when written in it, else in the advisor's own (see text_language). */
  description: z.string(),
  additional_info: z.string(),
  /** The language description and additional_info are written in; differs from the one asked for when they are the advisor's own texts given as a fallback. */
  text_language: z.string(),
  /** Average of reviews, one decimal; 0 when there are none. */
  rating: z.number(),
  reviews: z.number().int(),
  /** Dollars per message, e.g. 2.99. */
  price: z.number(),
  price_cents: z.number().int(),
  experience: z.number().int(),
  clients: z.number().int(),
  /** The languages the advisor answers in (ISO 639-1 codes). */
  languages: z.array(z.string()),
  isActive: z.boolean(),
  isOnline: z.boolean(),
  /** Median first-response time over the last 30 days, refreshed every few minutes; null when too few answers to tell (response-times.ts). */
  median_response_seconds: MedianResponseSeconds,
});
export type Advisor = z.infer<typeof Advisor>;

export const MessageKind = z.enum(['text', 'image', 'tarot', 'dream']);
export type MessageKind = z.infer<typeof MessageKind>;

export const Message = z.object({
  id: z.number().int(),
  message_text: z.string(),
  sender: z.enum(['user', 'manager']),
  manager_id: z.number().int(),
  telegram_user_id: z.number().int(),
  /** ISO 8601 with time zone. */
  message_date: z.string(),
  kind: MessageKind,
  /** Unguessable URL of the image of an image message, else null. */
  image_url: z.string().nullable(),
  /** Whether the other party has read it. */
  read: z.boolean(),
});
export type Message = z.infer<typeof Message>;

export const PaymentInfo = z.object({
  /** Dollars, two decimals. */
  new_balance: z.number(),
  new_balance_cents: z.number().int(),
  new_free_messages: z.number().int(),
  charged_cents: z.number().int(),
  paid_with: z.enum(['free', 'balance']),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;

export const ChatSummary = z.object({
  manager_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  last_message: z.string(),
  message_date: z.string().nullable(),
  rating: z.number(),
  isOnline: z.boolean(),
  price: z.number(),
  unread: z.number().int(),
});
export type ChatSummary = z.infer<typeof ChatSummary>;

/** A language chosen in Settings; null: none chosen, Telegram's language decides (decision 042). */
const chosenLanguage = z
  .enum(LOCALES, { error: 'language must be one of: ru, en, or null to follow Telegram' })
  .nullable();

export const Preferences = z.object({
  sound: z.boolean(),
  theme: z.enum(['light', 'dark', 'system']),
  language: chosenLanguage,
});
export type Preferences = z.infer<typeof Preferences>;

export const UserProfile = z.object({
  telegram_user_id: z.number().int(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  birthdate: z.string().nullable(),
  /** HH:MM or null. */
  time_of_birth: z.string().nullable(),
  /** A city id of BIRTH_CITIES or "UTC±HH:MM", null when not given. */
  birth_place: z.string().nullable(),
  /** Zodiac sign derived from the birth date, null while unknown. */
  horoscope: z.string().nullable(),
  /** Dollars, two decimals. */
  balance: z.number(),
  balance_cents: z.number().int(),
  /** Free message credits left (the original client's name). */
  free_minutes: z.number().int(),
  free_messages: z.number().int(),
  language_code: z.string().nullable(),
  photo_url: z.string().nullable(),
  userInfo: z.object({ photo_url: z.string().nullable() }),
  /** ISO date the user first opened Seer. */
  created_at: z.string(),
  preferences: Preferences,
  allows_write_to_pm: z.boolean(),
  /** Set when this Telegram user is linked to an advisor record. */
  advisor_id: z.number().int().nullable(),
  is_admin: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const Review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  /** In the reader's language when the review exists in it, else as written. */
  text: z.string(),
  author: z.string(),
  /** The language of text; null when unknown (a user's own review). */
  text_language: z.string().nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof Review>;

// ---------- requests ----------

export const CreateMessageBody = z
  .object({
    manager_id: advisorIdField,
    /** Either name is accepted: `message` or `message_text`. */
    message: z.string().optional(),
    message_text: z.string().optional(),
    /** Tarot and dream requests allow up to 1000 characters and go to category-3 advisors. */
    request_type: z.enum(['tarot', 'dream']).optional(),
    /** An image uploaded with UploadImage.php; the text may then be empty. */
    image_id: imageIdField.optional(),
    /**
     * The app's own id of this message (a UUID it makes). Sent again under the same id (a retry
     * after a lost answer), it is stored and charged once: the answer is the message sent first.
     */
    client_id: z.uuid({ error: 'client_id must be a UUID' }).optional(),
  })
  .transform((body, ctx) => {
    // A tarot or dream request is several lines; a chat message may hold line feeds too.
    const max = body.request_type ? LIMITS.requestMaxLength : LIMITS.chatMessageMaxLength;
    const { text, problem } = readText(body.message ?? body.message_text ?? '', 'message', {
      max,
      multiline: true,
      required: !body.image_id,
    });
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: problem });
      return z.NEVER;
    }
    return {
      advisorId: body.manager_id,
      text,
      requestType: body.request_type ?? null,
      imageId: body.image_id ?? null,
      clientId: body.client_id?.toLowerCase() ?? null,
    };
  });
export type CreateMessageBody = z.input<typeof CreateMessageBody>;

export const UpdateUserBody = z
  .object({
    name: textField('name', { max: LIMITS.profileNameMaxLength }).nullable().optional(),
    dateOfBirth: z.union([calendarDateField('dateOfBirth'), z.literal(''), z.null()]).optional(),
    timeOfBirth: z
      .union([
        z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, {
          error: 'timeOfBirth must be a time (HH:MM)',
        }),
        z.literal(''),
        z.null(),
      ])
      .optional(),
    /** A city id of BIRTH_CITIES or "UTC±HH:MM"; '' or null clears it. */
    birthPlace: birthPlaceField.optional(),
    email: z
      .union([
        z.email({ error: 'email must be an e-mail address' }).max(LIMITS.emailMaxLength),
        z.literal(''),
        z.null(),
      ])
      .optional(),
    description: textField('description', {
      max: LIMITS.profileDescriptionMaxLength,
      multiline: true,
    })
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

export const ManagerIdQuery = z.object({ manager_id: advisorIdField }).transform(withAdvisorId);
/** The language advisors' texts are wanted in; absent: the caller's stored language. */
const langField = z.enum(LOCALES, { error: 'lang must be one of: ru, en' }).optional();
/** Only advisors who answer in this language (ISO 639-1 code). */
const languageFilterField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}$/, { error: 'language must be a language code such as ru or en' })
  .optional();
export const IdQuery = z.object({ id: advisorIdField, lang: langField });
export const ReviewsQuery = z
  .object({ manager_id: advisorIdField, lang: langField })
  .transform(withAdvisorId);
export const CategoryQuery = z.object({
  category_id: categoryIdField,
  lang: langField,
  language: languageFilterField,
});
export const AdvisorListQuery = z.object({ lang: langField, language: languageFilterField });
export const ManagerIdBody = z.object({ manager_id: advisorIdField }).transform(withAdvisorId);

export const CreateReviewBody = z
  .object({
    manager_id: advisorIdField,
    rating: z.number().int().min(1).max(5),
    text: textField('text', { max: LIMITS.reviewTextMaxLength, multiline: true })
      .optional()
      .default(''),
  })
  .transform(withAdvisorId);

export const UpdatePreferencesBody = z
  .object({
    sound: z.boolean().optional(),
    theme: Preferences.shape.theme.optional(),
    language: chosenLanguage.optional(),
  })
  .strict();

export const SetWriteAccessBody = z.object({ allowed: z.boolean() });

export const TopUpAmountBody = z.object({
  /** Dollars, e.g. 12.5 or "12.50". */
  amount: z.union([z.number(), z.string()]),
});

// Advisors' calls: they answer only to a Telegram user linked to an advisor.
export const TelegramUserQuery = z.object({ telegram_user_id: telegramIdField });
export const ManagerSendMessageBody = z.object({
  telegram_user_id: telegramIdField,
  message: textField('message', {
    max: LIMITS.advisorReplyMaxLength,
    multiline: true,
    required: true,
  }).optional(),
  image_id: imageIdField.optional(),
});
export const ManagerSetStatusBody = z.object({ online: z.boolean() });
/**
 * `up_to_id`: the newest message of the other side that was on screen; only messages up to it are
 * marked read, so a mark sent late never covers a message the reader has not seen. Absent: all.
 */
const upToIdField = messageIdField.optional();
export const ManagerMarkReadBody = z.object({
  telegram_user_id: telegramIdField,
  up_to_id: upToIdField,
});
export const MarkReadBody = z
  .object({ manager_id: advisorIdField, up_to_id: upToIdField })
  .transform(withAdvisorId);

export const AdvisorDialog = z.object({
  telegram_user_id: z.number().int(),
  name: z.string(),
  last_message: z.string(),
  message_date: z.string().nullable(),
  unread: z.number().int(),
});
export type AdvisorDialog = z.infer<typeof AdvisorDialog>;

// ---------- answers ----------

const ok = z.literal('success');

export const GetAllChatsAnswer = z.object({ status: ok, chats: z.array(ChatSummary) });
export const GetAllMessagesAnswer = z.object({
  status: ok,
  messages: z.array(Message),
  manager: Advisor,
});
export const CreateMessageAnswer = z.object({
  status: ok,
  data: z.object({ message: Message, payment_info: PaymentInfo }),
});
export const GetAllManagersAnswer = z.object({
  status: ok,
  data: z.object({ managers: z.array(Advisor) }),
});
/** A bare array, as the original client reads it. */
export const GetManagersByCategoryAnswer = z.array(Advisor);
export const GetManagerAnswer = z.object({ status: ok, manager: Advisor });
/** Both shapes the original client reads, at once. */
export const GetUserAnswer = UserProfile.extend({ status: ok, data: UserProfile });
export const UpdateUserAnswer = z.object({ status: ok, message: z.string(), user: UserProfile });
export const StatusAnswer = z.object({ status: ok });
export const CreateReviewAnswer = z.object({
  status: ok,
  review: Review,
  manager: z.object({ rating: z.number(), reviews: z.number().int() }),
  /** After 1 or 2 stars, when the dialog's last paid messages may be given back (decision 028). */
  satisfaction_offer: C.SatisfactionOffer.nullable().optional(),
});
/** How many of an advisor's reviews gave each number of stars, 5 first. */
export const RatingBreakdown = z.array(
  z.object({ stars: z.number().int().min(1).max(5), count: z.number().int().min(0) }),
);
export type RatingBreakdown = z.infer<typeof RatingBreakdown>;
export const GetReviewsAnswer = z.object({
  status: ok,
  /** The newest reviews (at most 50). */
  reviews: z.array(Review),
  /** Over all of the advisor's reviews, 5★ to 1★ (decision 051). */
  breakdown: RatingBreakdown.optional(),
  /** Up to three reviews with text, the most helpful first (decision 051). */
  most_helpful: z.array(Review).optional(),
});
export const PreferencesAnswer = z.object({ status: ok, preferences: Preferences });
export const UploadImageAnswer = z.object({
  status: ok,
  image: z.object({
    id: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
});
export const DepositInfoAnswer = z.object({
  status: ok,
  /** Empty when TON deposits are not configured. */
  wallet_address: z.string(),
  memo: z.string(),
  /**
   * Dollars per TON now (the market's, or TON_USD_RATE); null when TON is off or no fresh rate is
   * known (a transfer is then credited once one is). Quotes fix a rate: CreateTonQuote.
   */
  ton_usd_rate: z.number().nullable(),
  stars_enabled: z.boolean(),
  ton_enabled: z.boolean(),
  /** Stars Telegram asks per dollar of balance (what one Star costs: 1 / stars_per_usd dollars). */
  stars_per_usd: z.number(),
  /** NOWPayments is configured: "Deposit Crypto" opens its hosted invoice (60+ coins). */
  crypto_enabled: z.boolean(),
  /** Demo mode only (never in production): top-ups through "Test payment", no money charged. */
  test_payments_enabled: z.boolean(),
  /** TON Connect's network for sendTransaction: '-239' mainnet, '-3' testnet. */
  ton_network: z.enum(['-239', '-3']),
  /**
   * The t.me link that brings a Telegram user back into the app after a wallet (TON Connect's
   * twaReturnUrl); null when the bot's name is not known.
   */
  telegram_return_url: z.string().nullable(),
  /**
   * The operator's PHONE_PAYMENTS (decision 038): with `stars-only`, Telegram's iOS and Android
   * apps offer Telegram Stars only; TON and crypto stay on Telegram's other apps and in a browser.
   */
  phone_payments: z.enum(PHONE_PAYMENTS_POLICIES),
});
export const CreateStarsInvoiceAnswer = z.object({ status: ok, invoice_link: z.string() });
/**
 * A TON quote (decision 037): send `amount_nanotons` to `wallet_address` with `memo` as the
 * comment before `expires_at` and `amount_cents` are credited (at the quoted rate, within ±1 % of
 * the amount; otherwise, or later, at the rate when the transfer arrives).
 */
export const CreateTonQuoteAnswer = z.object({
  status: ok,
  memo: z.string(),
  wallet_address: z.string(),
  /** Nanotons (1 TON = 10^9) as a decimal string of an integer. */
  amount_nanotons: z.string().regex(/^\d+$/),
  /** The dollars credited, in cents. */
  amount_cents: z.number().int(),
  /** The quoted rate: dollars per TON. */
  ton_usd_rate: z.number(),
  /** ISO 8601; the quoted rate holds for transfers made until then. */
  expires_at: z.string(),
  /** TON Connect's network for sendTransaction: '-239' mainnet, '-3' testnet. */
  ton_network: z.enum(['-239', '-3']),
});
/** A NOWPayments hosted invoice: the app opens it with Telegram's openLink. */
export const CreateCryptoInvoiceAnswer = z.object({ status: ok, invoice_url: z.string() });
/** A demo top-up: credited at once through the money path, no money charged. */
export const CreateTestPaymentAnswer = z.object({
  status: ok,
  new_balance: z.number(),
  credited: z.number(),
});
export const ManagerGetChatsAnswer = z.object({ status: ok, chats: z.array(AdvisorDialog) });
export const ManagerGetMessagesAnswer = z.object({ status: ok, messages: z.array(Message) });
export const ManagerSendMessageAnswer = z.object({
  status: ok,
  data: z.object({ message: Message }),
});
export const ManagerSetStatusAnswer = z.object({ status: ok, online: z.boolean() });
// ---------- the call registry ----------

type Method = 'GET' | 'POST' | 'PUT';
export interface CallSpec {
  /** File name as the original client writes it; served at /api/<name> and /<name>. */
  name: string;
  methods: readonly Method[];
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  /** Who may call it. */
  access: 'user' | 'advisor' | 'admin' | 'public';
}

export const CALLS = {
  GetAllChats: {
    name: 'GetAllChats.php',
    methods: ['GET'],
    summary: "The user's dialogs with last message and unread count",
    answer: GetAllChatsAnswer,
    access: 'user',
  },
  GetAllMessages: {
    name: 'GetAllMessages.php',
    methods: ['GET'],
    summary: 'Messages of the dialog with one advisor',
    query: ManagerIdQuery,
    answer: GetAllMessagesAnswer,
    access: 'user',
  },
  CreateMessage: {
    name: 'CreateMessage.php',
    methods: ['POST'],
    summary: 'Send a paid message (free credit first, then balance)',
    body: CreateMessageBody,
    answer: CreateMessageAnswer,
    access: 'user',
  },
  GetAllManagers: {
    name: 'GetAllManagers.php',
    methods: ['GET'],
    summary: 'All active advisors (optionally only those answering in one language)',
    query: AdvisorListQuery,
    answer: GetAllManagersAnswer,
    access: 'user',
  },
  GetManagersByCategory: {
    name: 'GetManagersByCategory.php',
    methods: ['GET'],
    summary: 'Active advisors of one category',
    query: CategoryQuery,
    answer: GetManagersByCategoryAnswer,
    access: 'user',
  },
  GetManager: {
    name: 'GetManager.php',
    methods: ['GET'],
    summary: 'One advisor',
    query: IdQuery,
    answer: GetManagerAnswer,
    access: 'user',
  },
  GetUser: {
    name: 'GetUser.php',
    methods: ['GET'],
    summary: "The caller's profile and balance",
    answer: GetUserAnswer,
    access: 'user',
  },
  UpdateUser: {
    name: 'UpdateUser.php',
    methods: ['POST', 'PUT'],
    summary: "Edit the caller's profile",
    body: UpdateUserBody,
    answer: UpdateUserAnswer,
    access: 'user',
  },
  CreateReview: {
    name: 'CreateReview.php',
    methods: ['POST'],
    summary: 'Rate an advisor after at least one message',
    body: CreateReviewBody,
    answer: CreateReviewAnswer,
    access: 'user',
  },
  GetReviews: {
    name: 'GetReviews.php',
    methods: ['GET'],
    summary: "An advisor's reviews, newest first",
    query: ReviewsQuery,
    answer: GetReviewsAnswer,
    access: 'user',
  },
  DeleteChat: {
    name: 'DeleteChat.php',
    methods: ['POST'],
    summary: 'Hide a dialog for the user (messages and ledger are kept)',
    body: ManagerIdBody,
    answer: StatusAnswer,
    access: 'user',
  },
  MarkRead: {
    name: 'MarkRead.php',
    methods: ['POST'],
    summary: "Mark the advisor's messages in a dialog as read",
    body: MarkReadBody,
    answer: StatusAnswer,
    access: 'user',
  },
  GetHoroscope: {
    name: 'GetHoroscope.php',
    methods: ['GET'],
    summary: "Today's or tomorrow's horoscope from the sky and the caller's birth data",
    query: HoroscopeQuery,
    answer: GetHoroscopeAnswer,
    access: 'user',
  },
  UpdatePreferences: {
    name: 'UpdatePreferences.php',
    methods: ['POST'],
    summary: 'Sound, theme and chosen language preferences',
    body: UpdatePreferencesBody,
    answer: PreferencesAnswer,
    access: 'user',
  },
  SetWriteAccess: {
    name: 'SetWriteAccess.php',
    methods: ['POST'],
    summary: 'Whether the bot may write to the user',
    body: SetWriteAccessBody,
    answer: StatusAnswer,
    access: 'user',
  },
  GetDepositInfo: {
    name: 'GetDepositInfo.php',
    methods: ['GET'],
    summary: 'TON deposit address, memo and rate',
    answer: DepositInfoAnswer,
    access: 'user',
  },
  CreateStarsInvoice: {
    name: 'CreateStarsInvoice.php',
    methods: ['POST'],
    summary: 'A Telegram Stars invoice link for a top-up',
    body: TopUpAmountBody,
    answer: CreateStarsInvoiceAnswer,
    access: 'user',
  },
  CreateTonQuote: {
    name: 'CreateTonQuote.php',
    methods: ['POST'],
    summary:
      'A TON quote for a top-up: its own memo, the TON to send and the dollars credited, valid 15 minutes',
    body: TopUpAmountBody,
    answer: CreateTonQuoteAnswer,
    access: 'user',
  },
  CreateCryptoInvoice: {
    name: 'CreateCryptoInvoice.php',
    methods: ['POST'],
    summary: 'A NOWPayments hosted invoice (60+ coins) for a top-up',
    body: TopUpAmountBody,
    answer: CreateCryptoInvoiceAnswer,
    access: 'user',
  },
  CreateTestPayment: {
    name: 'CreateTestPayment.php',
    methods: ['POST'],
    summary: 'Demo mode only: a top-up that charges no money (absent in production)',
    body: TopUpAmountBody,
    answer: CreateTestPaymentAnswer,
    access: 'user',
  },
  GetPaymentHistory: {
    name: 'GetPaymentHistory.php',
    methods: ['GET'],
    summary:
      "The caller's top-ups, refunds and credits with their receipts, newest first, a page at a time (before: the last id seen), and payments still on their way",
    query: PH.PaymentHistoryQuery,
    answer: PH.GetPaymentHistoryAnswer,
    access: 'user',
  },
  GetNotifications: {
    name: 'GetNotifications.php',
    methods: ['GET'],
    summary:
      "The user's notifications, newest first: money receipts (v=1, the default), or with v=2 also advisors' replies and favourites online, with unread marks",
    query: N.NotificationsQuery,
    answer: N.GetNotificationsAnswer,
    access: 'user',
  },
  MarkNotificationsRead: {
    name: 'MarkNotificationsRead.php',
    methods: ['POST'],
    summary: "Mark the user's notifications read (those up to the time up_to, or all)",
    body: N.MarkNotificationsReadBody,
    answer: N.MarkNotificationsReadAnswer,
    access: 'user',
  },
  AddFavourite: {
    name: 'AddFavourite.php',
    methods: ['POST'],
    summary: 'Add an advisor to the favourites (idempotent)',
    body: N.FavouriteBody,
    answer: N.FavouriteAnswer,
    access: 'user',
  },
  RemoveFavourite: {
    name: 'RemoveFavourite.php',
    methods: ['POST'],
    summary: 'Remove an advisor from the favourites (idempotent)',
    body: N.FavouriteBody,
    answer: N.FavouriteAnswer,
    access: 'user',
  },
  GetFavourites: {
    name: 'GetFavourites.php',
    methods: ['GET'],
    summary:
      "The user's favourite advisors (ids, newest first) and whether the bot tells when they come online",
    answer: N.GetFavouritesAnswer,
    access: 'user',
  },
  SetFavouriteAlerts: {
    name: 'SetFavouriteAlerts.php',
    methods: ['POST'],
    summary: 'Whether the bot tells the user when a favourite advisor comes online',
    body: N.SetFavouriteAlertsBody,
    answer: N.SetFavouriteAlertsAnswer,
    access: 'user',
  },
  AdminFavourites: {
    name: 'AdminFavourites.php',
    methods: ['GET'],
    summary:
      'How many users hearted each advisor, and how many of them get "favourite online" alerts',
    answer: N.AdminFavouritesAnswer,
    access: 'admin',
  },
  SetTimeZone: {
    name: 'SetTimeZone.php',
    methods: ['POST'],
    summary: "The device's IANA time zone (for the bot's quiet hours)",
    body: N.SetTimeZoneBody,
    answer: StatusAnswer,
    access: 'user',
  },
  ManagerGetChats: {
    name: 'ManagerGetChats.php',
    methods: ['GET'],
    summary: "The advisor's dialogs",
    answer: ManagerGetChatsAnswer,
    access: 'advisor',
  },
  ManagerGetMessages: {
    name: 'ManagerGetMessages.php',
    methods: ['GET'],
    summary: 'Messages of one dialog, for its advisor',
    query: TelegramUserQuery,
    answer: ManagerGetMessagesAnswer,
    access: 'advisor',
  },
  ManagerSendMessage: {
    name: 'ManagerSendMessage.php',
    methods: ['POST'],
    summary: "An advisor's reply (free)",
    body: ManagerSendMessageBody,
    answer: ManagerSendMessageAnswer,
    access: 'advisor',
  },
  ManagerSetStatus: {
    name: 'ManagerSetStatus.php',
    methods: ['POST'],
    summary: 'Advisor online/away',
    body: ManagerSetStatusBody,
    answer: ManagerSetStatusAnswer,
    access: 'advisor',
  },
  UploadImage: {
    name: 'UploadImage.php',
    methods: ['POST'],
    summary:
      'Upload a chat image (multipart field "file": JPEG, PNG or WebP up to 5 MB); send it with CreateMessage or ManagerSendMessage image_id',
    answer: UploadImageAnswer,
    access: 'user',
  },
  ManagerGetEarnings: {
    name: 'ManagerGetEarnings.php',
    methods: ['GET'],
    summary: "The advisor's earnings: today, this month, all time, unpaid, recent paid messages",
    answer: A.ManagerGetEarningsAnswer,
    access: 'advisor',
  },
  ManagerGetProfile: {
    name: 'ManagerGetProfile.php',
    methods: ['GET'],
    summary: 'The advisor record linked to the caller',
    answer: A.ManagerGetProfileAnswer,
    access: 'advisor',
  },
  AdminListAdvisors: {
    name: 'AdminListAdvisors.php',
    methods: ['GET'],
    summary: 'Every advisor, active or not',
    answer: A.AdminListAdvisorsAnswer,
    access: 'admin',
  },
  AdminSaveAdvisor: {
    name: 'AdminSaveAdvisor.php',
    methods: ['POST'],
    summary: 'Create (no id) or edit an advisor; is_active=false deactivates',
    body: A.AdminSaveAdvisorBody,
    answer: A.AdminSaveAdvisorAnswer,
    access: 'admin',
  },
  AdminLinkAdvisor: {
    name: 'AdminLinkAdvisor.php',
    methods: ['POST'],
    summary: 'Link an advisor to a Telegram id (null unlinks)',
    body: A.AdminLinkAdvisorBody,
    answer: A.AdminStatusAnswer,
    access: 'admin',
  },
  AdminListUsers: {
    name: 'AdminListUsers.php',
    methods: ['GET'],
    summary: 'Users, newest first; q searches id, name and username',
    query: A.AdminUsersQuery,
    answer: A.AdminListUsersAnswer,
    access: 'admin',
  },
  AdminUserLedger: {
    name: 'AdminUserLedger.php',
    methods: ['GET'],
    summary: "A user's ledger, newest first",
    query: A.AdminLedgerQuery,
    answer: A.AdminLedgerAnswer,
    access: 'admin',
  },
  AdminCredit: {
    name: 'AdminCredit.php',
    methods: ['POST'],
    summary: 'Credit (or debit with a negative amount) a balance with a reason',
    body: A.AdminCreditBody,
    answer: A.AdminCreditAnswer,
    access: 'admin',
  },
  AdminEndSessions: {
    name: 'AdminEndSessions.php',
    methods: ['POST'],
    summary:
      'End every session of a user; init data signed before now is refused (open apps must be reopened from Telegram)',
    body: A.AdminEndSessionsBody,
    answer: A.AdminEndSessionsAnswer,
    access: 'admin',
  },
  AdminPayouts: {
    name: 'AdminPayouts.php',
    methods: ['GET'],
    summary: "Advisors' earnings for a period (add format=csv for a CSV file)",
    query: A.AdminPayoutsQuery,
    answer: A.AdminPayoutsAnswer,
    access: 'admin',
  },
  AdminAudit: {
    name: 'AdminAudit.php',
    methods: ['GET'],
    summary: 'Recent admin actions',
    answer: A.AdminAuditAnswer,
    access: 'admin',
  },
  AdminListDeposits: {
    name: 'AdminListDeposits.php',
    methods: ['GET'],
    summary: 'TON deposits no user could be matched to (status=all: every deposit), newest first',
    query: A.AdminDepositsQuery,
    answer: A.AdminDepositsAnswer,
    access: 'admin',
  },
  AdminAssignDeposit: {
    name: 'AdminAssignDeposit.php',
    methods: ['POST'],
    summary: 'Credit an unmatched TON deposit to a user at its stored rate (once)',
    body: A.AdminAssignDepositBody,
    answer: A.AdminAssignDepositAnswer,
    access: 'admin',
  },
  AdminStarsPayments: {
    name: 'AdminStarsPayments.php',
    methods: ['GET'],
    summary: 'Telegram Stars payments, newest first (optionally of one user)',
    query: A.AdminStarsPaymentsQuery,
    answer: A.AdminStarsPaymentsAnswer,
    access: 'admin',
  },
  AdminCryptoPayments: {
    name: 'AdminCryptoPayments.php',
    methods: ['GET'],
    summary:
      'Crypto (NOWPayments) payments, most recently updated first: status, what was paid and credited',
    query: A.AdminCryptoPaymentsQuery,
    answer: A.AdminCryptoPaymentsAnswer,
    access: 'admin',
  },
  AdminRefundStars: {
    name: 'AdminRefundStars.php',
    methods: ['POST'],
    summary: 'Refund a Stars payment through Telegram and debit what it credited',
    body: A.AdminRefundStarsBody,
    answer: A.AdminRefundStarsAnswer,
    access: 'admin',
  },
  ShareAdvisor: {
    name: 'ShareAdvisor.php',
    methods: ['POST'],
    summary: "A prepared Telegram message sharing an advisor's card, and the profile's link",
    body: L.ShareAdvisorBody,
    answer: L.ShareAdvisorAnswer,
    access: 'user',
  },
  GetInvite: {
    name: 'GetInvite.php',
    methods: ['GET'],
    summary: "The user's invite code and link, how many joined and what was earned",
    answer: L.GetInviteAnswer,
    access: 'user',
  },
  AdminReferralCredits: {
    name: 'AdminReferralCredits.php',
    methods: ['GET'],
    summary: 'Referral credits (free messages), newest first, with any reversal',
    query: L.AdminReferralCreditsQuery,
    answer: L.AdminReferralCreditsAnswer,
    access: 'admin',
  },
  AdminReverseReferral: {
    name: 'AdminReverseReferral.php',
    methods: ['POST'],
    summary: 'Take back a referral credit (what is left of it), once',
    body: L.AdminReverseReferralBody,
    answer: L.AdminReverseReferralAnswer,
    access: 'admin',
  },
  ManagerMarkRead: {
    name: 'ManagerMarkRead.php',
    methods: ['POST'],
    summary: "Mark the user's messages as read, for the advisor",
    body: ManagerMarkReadBody,
    answer: StatusAnswer,
    access: 'advisor',
  },
  GetSpendingLimits: {
    name: 'GetSpendingLimits.php',
    methods: ['GET'],
    summary: "The caller's daily and monthly spending limits, what was spent, and pending raises",
    answer: S.SpendingLimitsAnswer,
    access: 'user',
  },
  SetSpendingLimits: {
    name: 'SetSpendingLimits.php',
    methods: ['POST'],
    summary:
      'Set or remove spending limits: lowering applies at once, raising or removing after 24 h',
    body: S.SetSpendingLimitsBody,
    answer: S.SpendingLimitsAnswer,
    access: 'user',
  },
  ClaimSatisfactionCredit: {
    name: 'ClaimSatisfactionCredit.php',
    methods: ['POST'],
    summary: 'Accept a satisfaction credit offered after a 1 or 2 star rating (once)',
    body: C.ClaimSatisfactionCreditBody,
    answer: C.ClaimSatisfactionCreditAnswer,
    access: 'user',
  },
  AdminSatisfactionCredits: {
    name: 'AdminSatisfactionCredits.php',
    methods: ['GET'],
    summary: 'Satisfaction credits offered and claimed, newest first',
    answer: C.AdminSatisfactionCreditsAnswer,
    access: 'admin',
  },
  ManagerGetClientCard: {
    name: 'ManagerGetClientCard.php',
    methods: ['GET'],
    summary:
      "The client card of one dialog, for its advisor: name, earlier tarot and dream requests, the advisor's note, and birth data, sign, natal Sun and Moon when the client allows it",
    query: K.ClientCardQuery,
    answer: K.ClientCardAnswer,
    access: 'advisor',
  },
  ManagerSaveClientNote: {
    name: 'ManagerSaveClientNote.php',
    methods: ['POST'],
    summary:
      "The advisor's private note about the client of one of their dialogs (empty removes it)",
    body: K.SaveClientNoteBody,
    answer: K.SaveClientNoteAnswer,
    access: 'advisor',
  },
  ManagerGetQuickReplies: {
    name: 'ManagerGetQuickReplies.php',
    methods: ['GET'],
    summary: "The advisor's quick replies, per language, in their order",
    answer: K.QuickRepliesAnswer,
    access: 'advisor',
  },
  ManagerAddQuickReply: {
    name: 'ManagerAddQuickReply.php',
    methods: ['POST'],
    summary: 'Add a quick reply in one language (at most 20 per language)',
    body: K.AddQuickReplyBody,
    answer: K.QuickReplyAnswer,
    access: 'advisor',
  },
  ManagerEditQuickReply: {
    name: 'ManagerEditQuickReply.php',
    methods: ['POST'],
    summary: "Change the text of one of the advisor's quick replies",
    body: K.EditQuickReplyBody,
    answer: K.QuickReplyAnswer,
    access: 'advisor',
  },
  ManagerDeleteQuickReply: {
    name: 'ManagerDeleteQuickReply.php',
    methods: ['POST'],
    summary: "Delete one of the advisor's quick replies",
    body: K.DeleteQuickReplyBody,
    answer: StatusAnswer,
    access: 'advisor',
  },
  GetBirthDataSharing: {
    name: 'GetBirthDataSharing.php',
    methods: ['GET'],
    summary:
      "Whether advisors may see the caller's birth data, and whether the chat's question was answered",
    answer: K.BirthDataSharingAnswer,
    access: 'user',
  },
  SetBirthDataSharing: {
    name: 'SetBirthDataSharing.php',
    methods: ['POST'],
    summary: "Let advisors see the caller's birth data, or not (answers the chat's question)",
    body: K.SetBirthDataSharingBody,
    answer: K.BirthDataSharingAnswer,
    access: 'user',
  },
  ExportMyData: {
    name: 'ExportMyData.php',
    methods: ['POST'],
    summary:
      "Everything Seer holds of the caller as one JSON file, sent by the bot to the caller's Telegram chat (answered for the app to save when the bot may not write)",
    body: PV.ExportMyDataBody,
    answer: PV.ExportMyDataAnswer,
    access: 'user',
  },
  DeleteAccount: {
    name: 'DeleteAccount.php',
    methods: ['POST'],
    summary:
      'Delete the account in two steps: without confirm_token answers one with the balance given up; with it erases the account and ends every session',
    body: PV.DeleteAccountBody,
    answer: PV.DeleteAccountAnswer,
    access: 'user',
  },
  SendTranscript: {
    name: 'SendTranscript.php',
    methods: ['POST'],
    summary:
      "The caller's chat with one advisor as a text file, sent by the bot to the caller's Telegram chat",
    body: ManagerIdBody,
    answer: PV.SendTranscriptAnswer,
    access: 'user',
  },
  SearchMessages: {
    name: 'SearchMessages.php',
    methods: ['GET'],
    summary: "Messages of the caller's chat with one advisor containing a text, newest first",
    query: PV.SearchMessagesQuery,
    answer: PV.SearchMessagesAnswer,
    access: 'user',
  },
  GetMyApplication: {
    name: 'GetMyApplication.php',
    methods: ['GET'],
    summary:
      "The caller's newest advisor application, the question their sample reading answers, and whether a new one is taken now",
    answer: P.MyApplicationAnswer,
    access: 'user',
  },
  SubmitApplication: {
    name: 'SubmitApplication.php',
    methods: ['POST'],
    summary:
      'Apply as an advisor (one open application per person; 409 while one is open, within 30 days of a refusal, or for an advisor)',
    body: P.SubmitApplicationBody,
    answer: P.ApplicationAnswer,
    access: 'user',
  },
  ReplyToApplication: {
    name: 'ReplyToApplication.php',
    methods: ['POST'],
    summary: "The applicant's answer in the thread of their open application",
    body: P.ApplicationReplyBody,
    answer: P.ApplicationAnswer,
    access: 'user',
  },
  AdminListApplications: {
    name: 'AdminListApplications.php',
    methods: ['GET'],
    summary: 'Advisor applications, open ones first, optionally of one stage',
    query: P.AdminApplicationsQuery,
    answer: P.AdminApplicationsAnswer,
    access: 'admin',
  },
  AdminMoveApplication: {
    name: 'AdminMoveApplication.php',
    methods: ['POST'],
    summary: 'Move an open application forward to a later screening stage (told to the applicant)',
    body: P.AdminMoveApplicationBody,
    answer: P.AdminApplicationAnswer,
    access: 'admin',
  },
  AdminApplicationNote: {
    name: 'AdminApplicationNote.php',
    methods: ['POST'],
    summary: "Write in an application's thread (the applicant sees it unless internal)",
    body: P.AdminApplicationNoteBody,
    answer: P.AdminApplicationAnswer,
    access: 'admin',
  },
  AdminApproveApplication: {
    name: 'AdminApproveApplication.php',
    methods: ['POST'],
    summary:
      'Approve an application at its interview: creates the advisor, links the applicant and starts the trial',
    body: P.AdminApproveApplicationBody,
    answer: P.AdminApplicationAnswer,
    access: 'admin',
  },
  AdminRefuseApplication: {
    name: 'AdminRefuseApplication.php',
    methods: ['POST'],
    summary: 'Refuse an open application with a reason the applicant is told',
    body: P.AdminRefuseApplicationBody,
    answer: P.AdminApplicationAnswer,
    access: 'admin',
  },
  AdminEndTrial: {
    name: 'AdminEndTrial.php',
    methods: ['POST'],
    summary: "End an approved advisor's trial: shown to everyone, no price cap",
    body: P.AdminEndTrialBody,
    answer: P.AdminApplicationAnswer,
    access: 'admin',
  },
  OpenDispute: {
    name: 'OpenDispute.php',
    methods: ['POST'],
    summary:
      "Open a case about the caller's paid messages to one advisor, within DISPUTE_WINDOW_DAYS of each (one open case per chat, a message in one case only)",
    body: D.OpenDisputeBody,
    answer: D.DisputeAnswer,
    access: 'user',
  },
  GetMyDisputes: {
    name: 'GetMyDisputes.php',
    methods: ['GET'],
    summary: "The caller's cases, newest first, optionally with one advisor",
    query: D.MyDisputesQuery,
    answer: D.MyDisputesAnswer,
    access: 'user',
  },
  GetDisputableMessages: {
    name: 'GetDisputableMessages.php',
    methods: ['GET'],
    summary:
      "The caller's paid messages to one advisor a new case may be about, and the chat's open case",
    query: D.DisputableMessagesQuery,
    answer: D.DisputableMessagesAnswer,
    access: 'user',
  },
  AdminDisputes: {
    name: 'AdminDisputes.php',
    methods: ['GET'],
    summary:
      'Disputes: open ones oldest first, then decided ones newest first; optionally of one status',
    query: D.AdminDisputesQuery,
    answer: D.AdminDisputesAnswer,
    access: 'admin',
  },
  AdminResolveDispute: {
    name: 'AdminResolveDispute.php',
    methods: ['POST'],
    summary:
      "Decide an open dispute once: refund all or part of its messages (the advisor's earning reversed in the same share), or refuse with a reason",
    body: D.AdminResolveDisputeBody,
    answer: D.AdminResolveDisputeAnswer,
    access: 'admin',
  },
  ManagerGetOwnProfile: {
    name: 'ManagerGetOwnProfile.php',
    methods: ['GET'],
    summary:
      "The advisor's own profile as they edit it: texts per language, languages, category, time zone and weekly hours, away messages, price and any pending price request",
    answer: OP.AdvisorOwnProfileAnswer,
    access: 'advisor',
  },
  ManagerSaveOwnProfile: {
    name: 'ManagerSaveOwnProfile.php',
    methods: ['POST'],
    summary:
      "Save the advisor's own photo, texts per language, languages, category, time zone, weekly hours and away messages (the price is a request)",
    body: OP.SaveOwnProfileBody,
    answer: OP.AdvisorOwnProfileAnswer,
    access: 'advisor',
  },
  ManagerRequestPrice: {
    name: 'ManagerRequestPrice.php',
    methods: ['POST'],
    summary:
      'Ask for a new price per message; an admin approves it. Replaces an earlier pending request',
    body: OP.RequestPriceBody,
    answer: OP.RequestPriceAnswer,
    access: 'advisor',
  },
  GetAdvisorHours: {
    name: 'GetAdvisorHours.php',
    methods: ['GET'],
    summary:
      "An advisor's hours on the next seven days in the caller's time zone, and their away message",
    query: OP.AdvisorHoursQuery,
    answer: OP.AdvisorHoursAnswer,
    access: 'user',
  },
  AdminPriceRequests: {
    name: 'AdminPriceRequests.php',
    methods: ['GET'],
    summary: "Advisors' price change requests, newest first (status=all: decided ones too)",
    query: OP.AdminPriceRequestsQuery,
    answer: OP.AdminPriceRequestsAnswer,
    access: 'admin',
  },
  AdminDecidePriceRequest: {
    name: 'AdminDecidePriceRequest.php',
    methods: ['POST'],
    summary:
      "Approve (the advisor's price changes for the next message) or refuse a pending price request",
    body: OP.AdminDecidePriceRequestBody,
    answer: OP.AdminDecidePriceRequestAnswer,
    access: 'admin',
  },
  ReportMessage: {
    name: 'ReportMessage.php',
    methods: ['POST'],
    summary:
      "Report a message of the other party of one of the caller's dialogs (a user's advisor, an advisor's client); once per person and message",
    body: SF.ReportMessageBody,
    answer: SF.ReportAnswer,
    access: 'user',
  },
  ReportAdvisor: {
    name: 'ReportAdvisor.php',
    methods: ['POST'],
    summary: 'Report an advisor to staff; once per person and advisor',
    body: SF.ReportAdvisorBody,
    answer: SF.ReportAnswer,
    access: 'user',
  },
  BlockAdvisor: {
    name: 'BlockAdvisor.php',
    methods: ['POST'],
    summary:
      "Block an advisor: they leave the caller's lists and can no longer write to the caller (again: no change)",
    body: SF.BlockAdvisorBody,
    answer: SF.BlockStateAnswer,
    access: 'user',
  },
  UnblockAdvisor: {
    name: 'UnblockAdvisor.php',
    methods: ['POST'],
    summary: "Lift the caller's block of an advisor",
    body: SF.BlockAdvisorBody,
    answer: SF.BlockStateAnswer,
    access: 'user',
  },
  GetBlockState: {
    name: 'GetBlockState.php',
    methods: ['GET'],
    summary: 'Whether the caller blocked this advisor, and whether the advisor blocked the caller',
    query: SF.BlockStateQuery,
    answer: SF.BlockStateAnswer,
    access: 'user',
  },
  GetBlockedAdvisors: {
    name: 'GetBlockedAdvisors.php',
    methods: ['GET'],
    summary: 'The advisors the caller blocked, newest first',
    answer: SF.BlockedAdvisorsAnswer,
    access: 'user',
  },
  ManagerBlockUser: {
    name: 'ManagerBlockUser.php',
    methods: ['POST'],
    summary:
      'Block a client of one of your dialogs: they can no longer write to you (told so, nothing charged)',
    body: SF.BlockUserBody,
    answer: SF.BlockStateAnswer,
    access: 'advisor',
  },
  ManagerUnblockUser: {
    name: 'ManagerUnblockUser.php',
    methods: ['POST'],
    summary: "Lift the advisor's block of a client",
    body: SF.BlockUserBody,
    answer: SF.BlockStateAnswer,
    access: 'advisor',
  },
  ManagerGetBlockState: {
    name: 'ManagerGetBlockState.php',
    methods: ['GET'],
    summary: 'Whether the advisor blocked this client, and whether the client blocked the advisor',
    query: SF.ManagerBlockStateQuery,
    answer: SF.BlockStateAnswer,
    access: 'advisor',
  },
  AdminReports: {
    name: 'AdminReports.php',
    methods: ['GET'],
    summary: 'Reports to review (status=closed: decided ones), each with the message in context',
    query: SF.AdminReportsQuery,
    answer: SF.AdminReportsAnswer,
    access: 'admin',
  },
  AdminDecideReport: {
    name: 'AdminDecideReport.php',
    methods: ['POST'],
    summary:
      'Act on a report: dismiss, warn the reported party, hide the message, suspend the advisor or the user; closes the open reports of the same thing',
    body: SF.AdminDecideReportBody,
    answer: SF.AdminDecideReportAnswer,
    access: 'admin',
  },
  AdminLiftSuspension: {
    name: 'AdminLiftSuspension.php',
    methods: ['POST'],
    summary: "Lift a user's suspension (they sign in again from Telegram)",
    body: SF.AdminLiftSuspensionBody,
    answer: SF.AdminLiftSuspensionAnswer,
    access: 'admin',
  },
  ManagerGetPayouts: {
    name: 'ManagerGetPayouts.php',
    methods: ['GET'],
    summary:
      "The advisor's statement by day and month, what is owed, held and payable, the open payout request and past payouts",
    answer: PO.ManagerGetPayoutsAnswer,
    access: 'advisor',
  },
  ManagerRequestPayout: {
    name: 'ManagerRequestPayout.php',
    methods: ['POST'],
    summary:
      'Request a payout in TON to an address: at least the minimum, at most what is payable, one open request at a time',
    body: PO.ManagerRequestPayoutBody,
    answer: PO.ManagerRequestPayoutAnswer,
    access: 'advisor',
  },
  ManagerCancelPayout: {
    name: 'ManagerCancelPayout.php',
    methods: ['POST'],
    summary: 'Cancel an own payout request not yet in a batch; the amount is payable again',
    body: PO.ManagerCancelPayoutBody,
    answer: PO.ManagerCancelPayoutAnswer,
    access: 'advisor',
  },
  AdminPayoutQueue: {
    name: 'AdminPayoutQueue.php',
    methods: ['GET'],
    summary:
      "Open payout requests oldest first, then the latest closed ones, and the operator's wallet",
    answer: PO.AdminPayoutQueueAnswer,
    access: 'admin',
  },
  AdminCreatePayoutBatch: {
    name: 'AdminCreatePayoutBatch.php',
    methods: ['POST'],
    summary:
      "Record a batch of up to 4 requested payouts as sent (TON fixed at today's rate) and get the TON Connect messages to sign",
    body: PO.AdminCreatePayoutBatchBody,
    answer: PO.AdminCreatePayoutBatchAnswer,
    access: 'admin',
  },
  SearchManagers: {
    name: 'SearchManagers.php',
    methods: ['GET'],
    summary:
      'Advisors matching what the user typed (name, speciality, language, price, answer time; both languages), best match first',
    query: DY.SearchManagersQuery,
    answer: z.object({ status: ok, managers: z.array(Advisor) }),
    access: 'user',
  },
  GetDailyRitual: {
    name: 'GetDailyRitual.php',
    methods: ['GET'],
    summary: "Whether to offer the first-open onboarding, and the caller's morning message setting",
    answer: DY.GetDailyRitualAnswer,
    access: 'user',
  },
  SetMorningMessage: {
    name: 'SetMorningMessage.php',
    methods: ['POST'],
    summary: "Turn the bot's morning message (today's card and sky) on or off, at a local hour",
    body: DY.SetMorningMessageBody,
    answer: DY.SetMorningMessageAnswer,
    access: 'user',
  },
  CloseOnboarding: {
    name: 'CloseOnboarding.php',
    methods: ['POST'],
    summary: 'The first-open onboarding was finished or skipped: never offered again',
    body: DY.CloseOnboardingBody,
    answer: DY.CloseOnboardingAnswer,
    access: 'user',
  },
  GetDailyLine: {
    name: 'GetDailyLine.php',
    methods: ['GET'],
    summary: "Today's one-line reading for the caller's sign, from the sky",
    query: DY.DailyLineQuery,
    answer: DY.DailyLineAnswer,
    access: 'user',
  },
  ShareTarot: {
    name: 'ShareTarot.php',
    methods: ['POST'],
    summary: "A prepared Telegram message and a story picture of the caller's drawn tarot card",
    body: DY.ShareTarotBody,
    answer: DY.ShareTarotAnswer,
    access: 'user',
  },
} as const satisfies Record<string, CallSpec>;

export type CallName = keyof typeof CALLS;
export type CallAnswer<N extends CallName> = z.infer<(typeof CALLS)[N]['answer']>;
export type CallBody<N extends CallName> = (typeof CALLS)[N] extends {
  body: infer B extends z.ZodType;
}
  ? z.input<B>
  : never;
export type CallQuery<N extends CallName> = (typeof CALLS)[N] extends {
  query: infer Q extends z.ZodType;
}
  ? z.input<Q>
  : never;
