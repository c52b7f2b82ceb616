/** Builds the Fastify app and the services behind it; used by main.ts and by tests. */
import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import { ping, type Database } from './db/database.js';
import { createLogger, logTo, type Logger } from './logger.js';
import { createDomainServices, type DomainServices } from './services.js';
import { EventBus, type EventTransport } from './realtime/event-bus.js';
import type { PresenceSource } from './realtime/presence.js';
import { SocketPresence, type SocketPresenceOptions } from './realtime/socket-presence.js';
import { publishPresenceChanges } from './realtime/presence-events.js';
import { SocketHub, type SocketHubOptions } from './realtime/socket-hub.js';
import { socketRoutes } from './realtime/socket.routes.js';
import { imagesRoutes } from './images/images.routes.js';
import { DemoAutoReply } from './demo/auto-reply.js';
import { installErrorHandler } from './http/error-handler.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installRequestLog, requestId } from './http/request-log.js';
import {
  DEFAULT_HTTP_TIMEOUTS,
  httpServerOptions,
  type HttpTimeouts,
} from './http/server-options.js';
import { linksRoutes } from './links/links.routes.js';
import { healthRoutes } from './http/health.routes.js';
import { openApiRoutes } from './http/openapi.js';
import { authRoutes } from './auth/auth.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { horoscopeRoutes } from './horoscope/horoscope.routes.js';
import { advisorsRoutes } from './advisors/advisors.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { reviewsRoutes } from './reviews/reviews.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { paymentsAdminRoutes } from './admin/payments-admin.routes.js';
import { paymentsRoutes, testPaymentRoutes } from './payments/payments.routes.js';
import { spendingRoutes } from './spending/spending.routes.js';
import { satisfactionRoutes } from './satisfaction/satisfaction.routes.js';
import { cryptoRoutes } from './payments/crypto.routes.js';
import { cryptoAdminRoutes } from './admin/crypto-admin.routes.js';
import { botRoutes } from './bot/bot.routes.js';
import { BotNotifications, type NotificationOptions } from './bot/notifications.js';
import { NotificationsRepository } from './bot/notifications.repository.js';
import { NoticeOutbox, type NoticeOutboxOptions } from './bot/notice-outbox.js';
import { NoticeOutboxRepository } from './bot/notice-outbox.repository.js';
import { UserSockets, type UserSocketsOptions } from './realtime/user-sockets.js';
import { AVATARS_DIR, WEB_DIST_DIR } from './paths.js';
import { Metrics } from './metrics/metrics.js';
import { chatDeliveries } from './chat/chat.frames.js';
import { moneyDeliveries } from './money/money.frames.js';
import { advisorDeliveries } from './advisors/advisors.frames.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { notificationDeliveries } from './notifications/notifications.frames.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { favouritesRoutes } from './favourites/favourites.routes.js';
import { FavouriteAlerts, type FavouriteAlertOptions } from './favourites/favourite-alerts.js';
import { createRateLimiter, type RateLimitSettings } from './rate-limits/rate-limits.js';

export interface Services extends DomainServices {
  config: Config;
  db: Database;
  events: EventBus;
  /** The live socket's connections on this instance. */
  sockets: SocketHub;
  /** Whether a user has a socket open on any instance. */
  userSockets: UserSockets;
  /** The bot's notices about new messages; null without BOT_TOKEN. */
  notifications: BotNotifications | null;
  /** Delivers every bot notice, with retries; null without BOT_TOKEN. */
  outbox: NoticeOutbox | null;
  /** Tells users when a favourite advisor comes online (app notification, and the bot). */
  favouriteAlerts: FavouriteAlerts;
  /** Prometheus series served at GET /metrics. */
  metrics: Metrics;
  log: Logger;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

export interface BuildAppOptions {
  transport?: EventTransport | null;
  /** Replaces the socket-based presence (tests). */
  presence?: PresenceSource;
  presenceOptions?: Partial<SocketPresenceOptions>;
  socket?: Partial<SocketHubOptions>;
  notifications?: Partial<NotificationOptions>;
  favouriteAlerts?: Partial<FavouriteAlertOptions>;
  outbox?: Partial<NoticeOutboxOptions>;
  /** How long to wait for other instances to say they hold a user's socket. */
  userSocketsWaitMs?: number;
  /** Shorter hello timings between instances (tests). */
  instances?: Partial<
    Pick<UserSocketsOptions, 'aloneAfterMs' | 'helloIntervalMs' | 'startupGraceMs'>
  >;
  /** The process's logger (main.ts); false: silent (tests); absent: one at LOG_LEVEL. */
  logger?: Logger | false;
  /** Replaces some per-user call limits (tests). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Shorter connection timeouts (tests). */
  http?: Partial<HttpTimeouts>;
}

export async function buildApp(
  config: Config,
  db: Database,
  options: BuildAppOptions = {},
): Promise<BuiltApp> {
  const log =
    options.logger === false
      ? createLogger('silent')
      : (options.logger ?? createLogger(config.logLevel));
  const app = Fastify({
    // Typed as Fastify's base logger so route modules take a plain FastifyInstance.
    loggerInstance: log.child({ module: 'http' }) as FastifyBaseLogger,
    // One `request` line per answer, with its id (http/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 64 * 1024,
    // Only the configured proxies' X-Forwarded-For/-Proto count (TRUST_PROXY, decision 039).
    trustProxy: config.trustProxy,
    ...httpServerOptions({ ...DEFAULT_HTTP_TIMEOUTS, ...options.http }),
  });
  installRequestLog(app);
  installErrorHandler(app, existsSync(WEB_DIST_DIR) ? WEB_DIST_DIR : null);
  installSecurityHeaders(app, existsSync(WEB_DIST_DIR) ? WEB_DIST_DIR : null);
  const metrics = new Metrics({
    openSockets: () => sockets.size,
    databaseUp: () => ping(db.sql),
    outboxBacklog: () => new NoticeOutboxRepository(db.sql).backlog(),
  });
  metricsRoutes(app, metrics, {
    token: config.metricsToken,
    production: config.live,
  });

  const events = new EventBus(options.transport ?? null);
  // Advisors' open sockets decide presence, shared between instances over the event transport.
  const socketPresence = options.presence
    ? null
    : new SocketPresence(events, options.presenceOptions);
  const presence: PresenceSource = options.presence ?? socketPresence!;
  const stopCountingBalances = metrics.countBalanceEvents(events);
  const domain = await createDomainServices({ config, db, events, presence, log, withBot: true });
  const { auth, advisors, users, chat, reviews, images, payments, admin, payouts, bot } = domain;
  const sockets = new SocketHub(
    {
      access: {
        identify: (initData) => auth.identify(initData),
        advisorOf: (identity) => auth.advisorOf(identity),
        watchDialog: (viewer, dialog) => chat.watchDialog(viewer, dialog),
      },
      events,
      deliveries: [chatDeliveries, moneyDeliveries, advisorDeliveries, notificationDeliveries],
      presence: socketPresence,
      log: log.child({ module: 'socket' }),
    },
    options.socket,
  );
  const userSockets = new UserSockets(events, sockets, {
    answerWaitMs: options.userSocketsWaitMs,
    ...options.instances,
  });
  // Chat traffic crosses to other instances only while another one may be there to read it.
  events.sendSocketTrafficWhen(() => userSockets.othersMayListen);
  const outbox = bot
    ? new NoticeOutbox(
        {
          repository: new NoticeOutboxRepository(db.sql),
          api: bot.apiWithoutRetries,
          log: logTo(log.child({ module: 'bot-outbox' })),
          onOutcome: (outcome) => metrics.botNotice(outcome),
          onBlocked: (chatId) => users.setWriteAccess(chatId, false),
        },
        options.outbox,
      )
    : null;
  const notifications = outbox
    ? new BotNotifications(
        {
          repository: new NotificationsRepository(db.sql),
          users,
          events,
          outbox,
          advisors: { find: (id: number) => advisors.cachedRecord(id) },
          userSockets,
          publicUrl: config.publicUrl,
          log: logTo(log.child({ module: 'notifications' })),
        },
        options.notifications,
      )
    : null;
  if (bot) notifications?.registerHandlers(bot.updates);
  const favouriteAlerts = new FavouriteAlerts(
    {
      favourites: domain.favourites,
      events,
      notifications: domain.feed,
      advisors,
      outbox,
      userSockets,
      publicUrl: config.publicUrl,
      log: logTo(log.child({ module: 'favourite-alerts' })),
    },
    options.favouriteAlerts,
  );
  if (outbox) domain.receipts?.onCommitted(() => outbox.notify());
  const services: Services = {
    ...domain,
    config,
    db,
    events,
    sockets,
    userSockets,
    notifications,
    outbox,
    favouriteAlerts,
    metrics,
    log,
  };

  const limits = createRateLimiter({
    redisUrl: config.redisUrl,
    db,
    warn: (message, error) =>
      log.warn(
        { module: 'rate-limits', err: error instanceof Error ? error.message : error },
        message,
      ),
    overrides: options.rateLimits,
  });
  healthRoutes(app, db.sql);
  authRoutes(app, auth, limits);
  openApiRoutes(app, { docsPage: config.apiDocs });
  usersRoutes(app, auth, users, limits);
  horoscopeRoutes(app, auth, domain.horoscope);
  advisorsRoutes(app, auth, advisors, limits, users);
  chatRoutes(app, auth, chat, advisors, limits);
  reviewsRoutes(app, auth, reviews, limits);
  adminRoutes(app, auth, admin, payouts, advisors);
  paymentsAdminRoutes(app, auth, payments, admin.audit);
  paymentsRoutes(app, auth, payments, config, limits);
  testPaymentRoutes(app, auth, domain.testPayments, limits);
  spendingRoutes(app, auth, domain.spending, limits);
  satisfactionRoutes(app, auth, domain.satisfaction, limits);
  notificationsRoutes(app, auth, domain.feed, limits);
  favouritesRoutes(app, auth, domain.favourites, limits);
  await cryptoRoutes(app, auth, domain.crypto, limits);
  cryptoAdminRoutes(app, auth, domain.crypto);
  linksRoutes(app, auth, {
    share: domain.share,
    referrals: domain.referrals,
    users,
    thumbnails: domain.thumbnails,
    limits,
  });
  botRoutes(app, bot);
  await socketRoutes(app, sockets);
  await imagesRoutes(app, auth, images, limits);
  const stopPresenceEvents = socketPresence
    ? publishPresenceChanges(socketPresence, advisors, events)
    : () => {};
  const autoReply = config.demo
    ? new DemoAutoReply({
        events,
        chat,
        advisors,
        users,
        log: log.child({ module: 'demo' }),
        delayMs: config.demoReplyDelayMs,
      })
    : null;

  await app.register(fastifyStatic, {
    root: AVATARS_DIR,
    prefix: '/avatars/',
    decorateReply: false,
    maxAge: '7d',
  });
  if (existsSync(WEB_DIST_DIR)) {
    await app.register(fastifyStatic, {
      root: WEB_DIST_DIR,
      prefix: '/',
      // Files are looked up per request, so a rebuild while the server runs is served at once.
      wildcard: true,
      // The web build writes .br and .gz beside each file (apps/web/vite.config.ts): sent when the browser accepts them.
      preCompressed: true,
      // Our setHeaders decides caching; without this, send() overwrites it with max-age=0.
      cacheControl: false,
      index: ['index.html'],
      setHeaders: (reply, filePath) => {
        // Vite fingerprints assets: cache them for a year; index.html must always be fresh.
        reply.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.addHook('onClose', async () => {
    // The sockets are closed in preClose (socket.routes.ts); presence says "bye" before the transport stops.
    await autoReply?.stop();
    await notifications?.stop();
    await favouriteAlerts.stop();
    await domain.feed.stop();
    await outbox?.stop();
    userSockets.stop();
    stopPresenceEvents();
    stopCountingBalances();
    socketPresence?.stop();
    await bot?.stop();
    await events.stop();
    await limits.stop();
  });
  await events.start();
  socketPresence?.start();
  userSockets.start();
  notifications?.start();
  domain.feed.start();
  favouriteAlerts.start();
  outbox?.start();
  autoReply?.start();
  return { app, services };
}
