/**
 * The composition root of the domains: every repository is built once here and handed to the
 * service that owns its data; other domains ask that service. Used by app.ts (the server) and
 * the admin command line, so both run the same rules.
 */
import type { Config } from './config.js';
import { logTo, type Logger } from './logger.js';
import type { Database } from './db/database.js';
import type { EventBus } from './realtime/event-bus.js';
import type { PresenceSource } from './realtime/presence.js';
import { AdminRepository, PayoutsRepository } from './admin/admin.repository.js';
import { AdminService } from './admin/admin.service.js';
import { PayoutsService } from './admin/payouts.service.js';
import { AdvisorsRepository } from './advisors/advisors.repository.js';
import { AdvisorsService } from './advisors/advisors.service.js';
import { AuthRepository } from './auth/auth.repository.js';
import { AuthService } from './auth/auth.service.js';
import { BotApi, createApi } from './bot/bot-api.js';
import { sendLimit } from './bot/send-limit.js';
import { registerBotHandlers } from './bot/bot-handlers.js';
import { NoticeOutboxRepository } from './bot/notice-outbox.repository.js';
import { BotReceipts } from './bot/receipts.js';
import { TelegramBot } from './bot/telegram-bot.js';
import { ChatRepository } from './chat/chat.repository.js';
import { ChatService } from './chat/chat.service.js';
import { HoroscopeService } from './horoscope/horoscope.service.js';
import { ImagesRepository } from './images/images.repository.js';
import { ImagesService } from './images/images.service.js';
import { DeepLinks } from './links/deep-links.js';
import { linksStartTarget, registerLinksBotHandlers } from './links/links-bot-handlers.js';
import { ReferralsRepository } from './links/referrals.repository.js';
import { ReferralsService } from './links/referrals.service.js';
import { ShareService } from './links/share.service.js';
import { AdvisorThumbnails } from './links/advisor-thumbnails.js';
import { MoneyRepository } from './money/money.repository.js';
import { MoneyService } from './money/money.service.js';
import { GROUP_COMMIT_DEFAULTS } from './money/group-commit.js';
import { PaymentsRepository } from './payments/payments.repository.js';
import { PaymentsService } from './payments/payments.service.js';
import { CryptoRepository } from './payments/crypto.repository.js';
import { CryptoPaymentsService } from './payments/crypto.service.js';
import { registerStarsHandlers } from './payments/stars-bot-handlers.js';
import { TestPaymentsService } from './payments/test-payments.js';
import { tonRateSource } from './payments/ton-rate.js';
import { ReviewsRepository } from './reviews/reviews.repository.js';
import { SatisfactionRepository } from './satisfaction/satisfaction.repository.js';
import { SatisfactionService } from './satisfaction/satisfaction.service.js';
import { SpendingRepository } from './spending/spending.repository.js';
import { SpendingService } from './spending/spending.service.js';
import { ReviewsService } from './reviews/reviews.service.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';
import { FavouritesRepository } from './favourites/favourites.repository.js';
import { FavouritesService } from './favourites/favourites.service.js';
import { NotificationsRepository as FeedRepository } from './notifications/notifications.repository.js';
import { NotificationsService } from './notifications/notifications.service.js';

export interface DomainServices {
  money: MoneyService;
  auth: AuthService;
  users: UsersService;
  advisors: AdvisorsService;
  chat: ChatService;
  reviews: ReviewsService;
  /** Spending limits (decision 028). */
  spending: SpendingService;
  /** Satisfaction credits after low ratings (decision 028). */
  satisfaction: SatisfactionService;
  images: ImagesService;
  payments: PaymentsService;
  /** Crypto top-ups through NOWPayments. */
  crypto: CryptoPaymentsService;
  /** Demo mode's test payments (on only with demo sign-in). */
  testPayments: TestPaymentsService;
  admin: AdminService;
  payouts: PayoutsService;
  /** The horoscope computed from the sky and the user's birth data. */
  horoscope: HoroscopeService;
  /** Null without BOT_TOKEN or when built without the bot's intake (the command line). */
  bot: TelegramBot | null;
  /** Receipts of credits and refunds in the bot's outbox; null without BOT_TOKEN. */
  receipts: BotReceipts | null;
  /** Invite codes, invitees and their rewards (a follower of the money path). */
  referrals: ReferralsService;
  /** Advisor cards for sharing and the bot's inline mode. */
  share: ShareService;
  /** Advisors' portraits as JPEG thumbnails for those cards. */
  thumbnails: AdvisorThumbnails;
  /** The app's notifications (money rows written with their ledger rows, replies, favourites online). */
  feed: NotificationsService;
  favourites: FavouritesService;
}

export async function createDomainServices(deps: {
  config: Config;
  db: Database;
  events: EventBus;
  presence: PresenceSource;
  log: Logger;
  /** The bot's update intake (the server); the command line only calls the Bot API. */
  withBot: boolean;
}): Promise<DomainServices> {
  const { config, db, events, presence, log } = deps;
  const sql = db.sql;
  const advisors = new AdvisorsService(new AdvisorsRepository(sql), presence, events);
  const users = new UsersService(new UsersRepository(sql), advisors, config.adminTelegramIds);
  const auth = await AuthService.create(config, new AuthRepository(sql), users, advisors, events);
  // Receipts are written with their ledger rows, also from the command line; a server's outbox sends them.
  const receipts = config.botToken
    ? new BotReceipts({
        users,
        outbox: new NoticeOutboxRepository(sql),
        publicUrl: config.publicUrl,
      })
    : null;
  const feed = new NotificationsService(
    new FeedRepository(sql),
    events,
    logTo(log.child({ module: 'notifications' })),
  );
  const money = new MoneyService(
    sql,
    new MoneyRepository(sql),
    events,
    receipts ? [feed, receipts] : [feed],
    { ...GROUP_COMMIT_DEFAULTS, maxBatch: config.paidSendBatch },
  );
  const favourites = new FavouritesService(new FavouritesRepository(sql), advisors, users, sql);
  const images = new ImagesService(new ImagesRepository(sql), config.imageJobs);
  const chat = new ChatService(sql, new ChatRepository(sql), advisors, money, events);
  const spending = new SpendingService(sql, new SpendingRepository(sql));
  const satisfaction = new SatisfactionService(new SatisfactionRepository(sql), money, {
    maxCents: config.satisfactionMaxCents,
    monthlyMaxClaims: config.satisfactionMonthlyMaxClaims,
    monthlyMaxCents: config.satisfactionMonthlyMaxCents,
  });
  const reviews = new ReviewsService(
    sql,
    new ReviewsRepository(sql),
    advisors,
    chat,
    users,
    satisfaction,
  );

  const paymentsLog = logTo(log.child({ module: 'payments' }));
  const bot =
    deps.withBot && config.botToken
      ? new TelegramBot({
          token: config.botToken,
          apiUrl: config.botApiUrl,
          publicUrl: config.publicUrl,
          webhookSecret: config.botWebhookSecret,
          sql,
          log: logTo(log.child({ module: 'bot' })),
        })
      : null;
  const botApi =
    bot?.api ??
    (config.botToken
      ? new BotApi(
          createApi({
            token: config.botToken,
            apiRoot: config.botApiUrl,
            sendLimit: sendLimit(),
            retryInPlace: true,
          }),
        )
      : null);
  const testPayments = new TestPaymentsService(money, auth.demoSignIn);
  const payments = new PaymentsService(
    new PaymentsRepository(sql),
    money,
    users,
    {
      tonWalletAddress: config.tonWalletAddress,
      tonRate: tonRateSource(config.tonRate, paymentsLog),
      starsPerUsd: config.starsPerUsd,
      tonNetwork: config.tonNetwork,
      telegramAppUrl: config.telegramAppUrl,
      botUsername: () => bot?.username ?? null,
      cryptoEnabled: config.nowPayments !== undefined,
      testPayments: testPayments.enabled,
      phonePayments: config.phonePayments,
    },
    botApi,
  );
  const crypto = new CryptoPaymentsService(new CryptoRepository(sql), money, {
    nowPayments: config.nowPayments,
    publicUrl: config.publicUrl,
    phonePayments: config.phonePayments,
  });
  const deepLinks = new DeepLinks({
    telegramAppUrl: config.telegramAppUrl,
    botUsername: () => bot?.username ?? null,
    publicUrl: config.publicUrl,
  });
  const audit = new AdminRepository(sql);
  const referrals = new ReferralsService(
    new ReferralsRepository(sql),
    money,
    deepLinks,
    {
      freeMessages: config.referralFreeMessages,
      monthlyCap: config.referralMonthlyCap,
      minTopUpCents: config.referralMinTopUpCents,
    },
    audit,
  );
  money.addFollower(referrals);
  auth.onFirstSeen(async (telegramId, startParam) => {
    await referrals.recordFirstSeen(telegramId, startParam, 'app');
  });
  const share = new ShareService(advisors, deepLinks, botApi, (message, error) =>
    log.warn({ module: 'links', err: error instanceof Error ? error.message : error }, message),
  );
  const thumbnails = new AdvisorThumbnails(advisors, images);
  if (bot) {
    registerBotHandlers(bot.updates, {
      publicUrl: config.publicUrl,
      supportUrl: config.supportUrl,
      startTarget: linksStartTarget({
        advisors,
        users,
        referrals,
        freeMessages: config.freeMessages,
      }),
    });
    registerLinksBotHandlers(bot.updates, share);
    registerStarsHandlers(bot.updates, { payments, log: paymentsLog });
  }

  const admin = new AdminService(sql, audit, money, users, advisors, images, events);
  const payouts = new PayoutsService(sql, new PayoutsRepository(sql), audit, advisors);
  return {
    money,
    auth,
    users,
    advisors,
    chat,
    reviews,
    spending,
    satisfaction,
    images,
    payments,
    crypto,
    testPayments,
    admin,
    payouts,
    horoscope: new HoroscopeService(users),
    bot,
    receipts,
    referrals,
    share,
    thumbnails,
    feed,
    favourites,
  };
}
