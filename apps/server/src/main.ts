/** Starts Seer: configuration, database, demo data, HTTP and socket; stops cleanly on SIGINT/SIGTERM. */
import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './db/database.js';
import { buildApp } from './app.js';
import { seedDemoData } from './demo/seed.js';
import { startPaymentWorkers } from './payments/payments.setup.js';
import { createLogger, logTo } from './logger.js';
import { ResponseTimesRefresher } from './advisors/response-times.js';
import { PostgresTransport } from './realtime/transports/postgres-transport.js';
import { RedisTransport, redisChannelFor } from './realtime/transports/redis-transport.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const started = Date.now();
  const log = createLogger(config.logLevel);
  const postgresLog = log.child({ module: 'postgres' });
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    log: (line) => {
      if (/FATAL|PANIC|ERROR/.test(line)) postgresLog.error(line);
    },
    supervise: true,
    warn: (line) => postgresLog.warn(line),
  });
  if (config.demo) await seedDemoData(db.sql);

  // Events (chat messages, presence) reach the other instances through Redis when configured, else PostgreSQL.
  const eventsLog = log.child({ module: 'events' });
  const warn = (message: string, error?: unknown) =>
    eventsLog.warn({ err: error instanceof Error ? error.message : error }, message);
  const transport = config.redisUrl
    ? new RedisTransport(config.redisUrl, redisChannelFor(db.url), { warn })
    : new PostgresTransport(db.url, { warn });
  let built;
  try {
    built = await buildApp(config, db, { transport, logger: log });
  } catch (error) {
    // E.g. Redis unreachable: stop the embedded PostgreSQL rather than leave it running.
    await db.close().catch(() => {});
    throw error;
  }
  const { app, services } = built;
  let stopPaymentWorkers: (() => Promise<void>) | null = null;
  // Advisors' median response times: at start, then every RESPONSE_TIMES_REFRESH_SECONDS, by one instance.
  const responseTimes = new ResponseTimesRefresher({
    sql: db.sql,
    advisors: services.advisors,
    intervalMs: config.responseTimesRefreshMs,
    log: logTo(log.child({ module: 'response-times' })),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await stopPaymentWorkers?.();
      await responseTimes.stop();
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  responseTimes.start();
  // TON deposit watcher (with TON_WALLET_ADDRESS) and bot intake (with BOT_TOKEN), once the webhook route is listening.
  stopPaymentWorkers = startPaymentWorkers(
    config,
    db.sql,
    services,
    logTo(log.child({ module: 'payments' })),
  );
  log.info(
    {
      url: `http://localhost:${config.port}`,
      database: config.databaseUrl ? 'external' : `embedded in ${config.dataDir}`,
      events: config.redisUrl ? 'redis' : 'postgres',
      demo: config.demo,
      ms: Date.now() - started,
    },
    'Seer is ready',
  );
}

main().catch((error: unknown) => {
  console.error('Seer failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
