/** Builds the Fastify app and the services behind it; used by main.ts and by tests. */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { AuthService } from './auth/auth.service.js';
import { EventBus, type EventTransport } from './events/event-bus.js';
import { AdvisorsService } from './advisors/advisors.service.js';
import { UsersService } from './users/users.service.js';
import { ChatService } from './chat/chat.service.js';
import { ReviewsService } from './reviews/reviews.service.js';
import type { PresenceSource } from './presence/presence.js';
import { SocketPresence, type SocketPresenceOptions } from './presence/socket-presence.js';
import { publishPresenceChanges } from './presence/presence-events.js';
import { SocketHub, type SocketHubOptions } from './socket/socket-hub.js';
import { socketRoutes } from './socket/socket.routes.js';
import { ImagesService } from './images/images.service.js';
import { imagesRoutes } from './images/images.routes.js';
import { DemoAutoReply } from './demo/auto-reply.js';
import { installErrorHandler } from './http/error-handler.js';
import { openApiRoutes } from './http/openapi.js';
import { usersRoutes } from './users/users.routes.js';
import { advisorsRoutes } from './advisors/advisors.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { reviewsRoutes } from './reviews/reviews.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { AdminService } from './admin/admin.service.js';
import { paymentsAdminRoutes } from './admin/payments-admin.routes.js';
import { PayoutsService } from './admin/payouts.service.js';
import { NotFoundError, UnavailableError } from './errors.js';
import { createPaymentsAndBot, logTo } from './payments/payments.setup.js';
import type { PaymentsService } from './payments/payments.service.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import type { TelegramBot } from './bot/telegram-bot.js';
import { botRoutes } from './bot/bot.routes.js';
import { BotNotifications, type NotificationOptions } from './bot/notifications.js';
import { UserSockets } from './presence/user-sockets.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST_DIR = path.resolve(here, '../../web/dist');
export const AVATARS_DIR = path.resolve(here, '../assets/avatars');

export interface Services {
  config: Config;
  db: Database;
  events: EventBus;
  auth: AuthService;
  advisors: AdvisorsService;
  users: UsersService;
  chat: ChatService;
  reviews: ReviewsService;
  payments: PaymentsService;
  /** Null without BOT_TOKEN. Its intake is started by main.ts; `bot.api` sends messages. */
  bot: TelegramBot | null;
  /** The live socket's connections on this instance. */
  sockets: SocketHub;
  /** Whether a user has a socket open on any instance. */
  userSockets: UserSockets;
  /** The bot's notices about new messages; null without BOT_TOKEN. */
  notifications: BotNotifications | null;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
}

export async function buildApp(
  config: Config,
  db: Database,
  options: {
    transport?: EventTransport | null;
    /** Replaces the socket-based presence (tests). */
    presence?: PresenceSource;
    presenceOptions?: Partial<SocketPresenceOptions>;
    socket?: Partial<SocketHubOptions>;
    notifications?: Partial<NotificationOptions>;
    /** How long to wait for other instances to say they hold a user's socket. */
    userSocketsWaitMs?: number;
    logger?: boolean;
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });
  installErrorHandler(app, existsSync(WEB_DIST_DIR) ? WEB_DIST_DIR : null);

  const events = new EventBus(options.transport ?? null);
  // Advisors' open sockets decide presence, shared between instances over the event transport.
  const socketPresence = options.presence
    ? null
    : new SocketPresence(events, options.presenceOptions);
  const presence: PresenceSource = options.presence ?? socketPresence!;
  const auth = await AuthService.create(config, db.sql);
  const advisors = new AdvisorsService(db.sql, presence, events);
  const users = new UsersService(db.sql, events, config.adminTelegramIds);
  const chat = new ChatService(db.sql, advisors, events);
  const reviews = new ReviewsService(db.sql, advisors, chat);
  const { payments, bot } = createPaymentsAndBot(config, db.sql, events, logTo(app.log));
  const sockets = new SocketHub(
    { auth, advisors, events, presence: socketPresence, log: app.log },
    options.socket,
  );
  const userSockets = new UserSockets(events, sockets, options.userSocketsWaitMs);
  const notifications = bot
    ? new BotNotifications(
        {
          sql: db.sql,
          events,
          api: bot.api,
          advisors: { find: (id: number) => advisors.cachedRecord(id) },
          userSockets,
          publicUrl: config.publicUrl,
          log: logTo(app.log),
        },
        options.notifications,
      )
    : null;
  if (bot) notifications?.registerHandlers(bot.updates);
  const services: Services = {
    config,
    db,
    events,
    auth,
    advisors,
    users,
    chat,
    reviews,
    payments,
    bot,
    sockets,
    userSockets,
    notifications,
  };

  app.get('/api/health', async () => {
    try {
      await db.sql`SELECT 1`;
    } catch {
      throw new UnavailableError('The database does not answer');
    }
    return { status: 'ok' };
  });

  app.post('/api/demo/session', async (request) => {
    if (!auth.demoSignIn) throw new NotFoundError('Demo sign-in is off: open Seer from Telegram');
    const body = z
      .object({
        telegram_user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
        // The browser's language, so demo advisors answer in it.
        language_code: z
          .string()
          .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/)
          .optional(),
      })
      .parse(request.body ?? {});
    const session = auth.demoSession(body.telegram_user_id, body.language_code);
    return { status: 'success', init_data: session.initData, telegram_user_id: session.telegramId };
  });

  openApiRoutes(app);
  usersRoutes(app, auth, users);
  advisorsRoutes(app, auth, advisors);
  chatRoutes(app, auth, chat, advisors);
  reviewsRoutes(app, auth, reviews);
  const adminService = new AdminService(db.sql, events);
  adminRoutes(app, auth, adminService, new PayoutsService(db.sql), advisors);
  paymentsAdminRoutes(app, auth, payments, adminService.audit);
  paymentsRoutes(app, auth, payments, config);
  botRoutes(app, bot);
  await socketRoutes(app, sockets);
  await imagesRoutes(app, auth, new ImagesService(db.sql));
  const stopPresenceEvents = socketPresence
    ? publishPresenceChanges(socketPresence, advisors, events)
    : () => {};
  const autoReply = config.demo
    ? new DemoAutoReply({
        events,
        chat,
        advisors,
        users: users.repository,
        log: app.log,
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
      setHeaders: (res, filePath) => {
        // Vite fingerprints assets: cache them for a year; index.html must always be fresh.
        res.setHeader(
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
    userSockets.stop();
    stopPresenceEvents();
    socketPresence?.stop();
    await bot?.stop();
    await events.stop();
  });
  await events.start();
  socketPresence?.start();
  userSockets.start();
  notifications?.start();
  autoReply?.start();
  return { app, services };
}
