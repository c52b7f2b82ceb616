/** Builds the Fastify app and the services behind it; used by main.ts and by tests. */
import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import { ping, type Database } from './db/database.js';
import { createLogger, type Logger } from './logger.js';
import type { Services as ModuleServices } from './kernel/module.js';
import { deliveryRules, loadModules } from './kernel/loader.js';
import { MODULES } from './modules.js';
import { EventBus, type EventTransport } from './realtime/event-bus.js';
import type { PresenceSource } from './realtime/presence.js';
import { SocketPresence, type SocketPresenceOptions } from './realtime/socket-presence.js';
import { SocketHub, type SocketAccess, type SocketHubOptions } from './realtime/socket-hub.js';
import { socketRoutes } from './realtime/socket.routes.js';
import { installErrorHandler } from './http/error-handler.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installRequestLog, requestId } from './http/request-log.js';
import {
  DEFAULT_HTTP_TIMEOUTS,
  httpServerOptions,
  type HttpTimeouts,
} from './http/server-options.js';
import { healthRoutes } from './http/health.routes.js';
import { openApiRoutes } from './http/openapi.js';
import { outboxBacklog } from './bot/index.js';
import { LEDGER_REASONS } from './money/index.js';
import { UserSockets, type UserSocketsOptions } from './realtime/user-sockets.js';
import { AVATARS_DIR, WEB_DIST_DIR } from './paths.js';
import { Metrics } from './metrics/metrics.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { createRateLimiter, type RateLimitSettings } from './rate-limits/rate-limits.js';
import type { ModuleTuning } from './kernel/module.js';

/** Every module's services (modules.ts), and the platform they run on. */
export interface Services extends ModuleServices {
  config: Config;
  db: Database;
  events: EventBus;
  /** The live socket's connections on this instance. */
  sockets: SocketHub;
  /** Whether a user has a socket open on any instance. */
  userSockets: UserSockets;
  /** Prometheus series served at GET /metrics. */
  metrics: Metrics;
  log: Logger;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Starts the workers that run only in the server process (main.ts), once it listens. */
  startProcessWorkers(): Promise<void>;
}

export interface BuildAppOptions extends Partial<ModuleTuning> {
  transport?: EventTransport | null;
  /** Replaces the socket-based presence (tests). */
  presence?: PresenceSource;
  presenceOptions?: Partial<SocketPresenceOptions>;
  socket?: Partial<SocketHubOptions>;
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
    outboxBacklog: () => outboxBacklog(db.sql),
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
  const stopCountingBalances = metrics.countBalanceEvents(events, LEDGER_REASONS.message);
  // The socket asks the modules who is connecting and who may watch a dialog, once they are built.
  let access: SocketAccess | null = null;
  const sockets = new SocketHub(
    {
      access: {
        identify: (credential) => access!.identify(credential),
        advisorOf: (identity) => access!.advisorOf(identity),
        watchDialog: (viewer, dialog) => access!.watchDialog(viewer, dialog),
        mayWrite: (dialog, sender) => access!.mayWrite(dialog, sender),
      },
      events,
      deliveries: deliveryRules(MODULES),
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

  const modules = await loadModules(MODULES, {
    config,
    db,
    sql: db.sql,
    events,
    presence,
    log,
    server: { sockets, userSockets, socketPresence, metrics, limits },
    tuning: options,
  });
  access = modules.socketAccess();
  const { bot } = modules.services;
  if (bot) modules.registerBotHandlers(bot.updates);
  const services: Services = {
    ...modules.services,
    config,
    db,
    events,
    sockets,
    userSockets,
    metrics,
    log,
  };

  healthRoutes(app, db.sql);
  openApiRoutes(app, { docsPage: config.apiDocs });
  await modules.registerRoutes(app);
  await socketRoutes(app, sockets);

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
    await modules.stopWorkers();
    userSockets.stop();
    stopCountingBalances();
    socketPresence?.stop();
    await events.stop();
    await limits.stop();
  });
  await events.start();
  socketPresence?.start();
  userSockets.start();
  await modules.startWorkers('app');
  return { app, services, startProcessWorkers: () => modules.startWorkers('process') };
}
