/**
 * Starts Seer: configuration, database, demo data, HTTP and socket. One SIGINT or SIGTERM stops
 * everything that has started so far, whenever it comes (also while the database is starting),
 * and a failed start stops it too: no embedded PostgreSQL is left behind (decision 040).
 */
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { buildApp } from './app.js';
import { seedDemoData } from './demo/index.js';
import { createLogger, type Logger } from './logger.js';
import { PostgresTransport } from './realtime/transports/postgres-transport.js';
import { RedisTransport, redisChannelFor } from './realtime/transports/redis-transport.js';

/** The most a stop may take before the process exits anyway. */
const STOP_LIMIT_MS = 15_000;

/** What has started, stopped in reverse order by a signal or a failed start. */
const running: { name: string; stop: () => Promise<void> }[] = [];
/** The start-up step under way; a signal waits for it, then stops what it started. */
let step: Promise<unknown> = Promise.resolve();
let stopping = false;
let log: Logger | null = null;

/** Runs one start-up step and registers how to undo it, in one go (a signal cannot fall between). */
function started<T>(name: string, work: Promise<T>, stop: (value: T) => Promise<void>): Promise<T> {
  const registered = work.then((value) => {
    running.push({ name, stop: () => stop(value) });
    return value;
  });
  step = registered;
  return registered;
}

async function stopEverything(): Promise<void> {
  await step.catch(() => {});
  for (const part of running.splice(0).reverse()) {
    try {
      await part.stop();
    } catch (error) {
      log?.warn(
        { err: error instanceof Error ? error.message : error },
        `${part.name} did not stop cleanly`,
      );
    }
  }
}

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log?.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    log?.error(`still stopping after ${STOP_LIMIT_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, STOP_LIMIT_MS);
  force.unref();
  await stopEverything();
  process.exit(0);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    // Every setting is checked here, before anything is created on disk or in the database.
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const startedAt = Date.now();
  log = createLogger(config.logLevel, { buffered: true });
  if (config.demo && config.botToken)
    log.warn(
      'DEMO=1 with a bot token: demo advisors answer real Telegram users by themselves. Use it on a staging bot only, never on the production one.',
    );
  else if (config.live && config.env !== 'production')
    log.warn(
      'A bot token without NODE_ENV=production: running without demo data, as in production. Set NODE_ENV=production and PUBLIC_URL (docs/operations.md).',
    );
  const postgresLog = log.child({ module: 'postgres' });
  const db = await started(
    'database',
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) postgresLog.error(line);
      },
      supervise: true,
      warn: (line) => postgresLog.warn(line),
    }),
    (database) => database.close(),
  );
  if (stopping) return;
  if (config.demo) await (step = seedDemoData(db.sql));
  if (stopping) return;

  // Events (chat messages, presence) reach the other instances through Redis when configured, else PostgreSQL.
  const eventsLog = log.child({ module: 'events' });
  const warn = (message: string, error?: unknown) =>
    eventsLog.warn({ err: error instanceof Error ? error.message : error }, message);
  const transport = config.redisUrl
    ? new RedisTransport(config.redisUrl, redisChannelFor(db.url), { warn })
    : new PostgresTransport(db.url, { warn });
  const { app, startProcessWorkers } = await started(
    'server',
    buildApp(config, db, { transport, logger: log }),
    (built) => built.app.close(),
  );
  if (stopping) return;
  await (step = app.listen({ port: config.port, host: config.host }));
  if (stopping) return;
  // The bot's intake (the webhook route now answers), the TON deposit watcher, response times;
  // the server's close stops them with the rest.
  await (step = startProcessWorkers());
  if (stopping) return;
  log.info(
    {
      url: config.publicUrl,
      listening: `http://${config.host}:${config.port}`,
      database: config.databaseUrl ? 'external' : `embedded in ${config.dataDir}`,
      events: config.redisUrl ? 'redis' : 'postgres',
      demo: config.demo,
      ms: Date.now() - startedAt,
    },
    `Seer is ready at ${config.publicUrl}`,
  );
  // The line an operator (or a supervisor reading the log) waits for goes out now, with the start's
  // lines before it, not with the next block.
  log.flush();
}

main().catch(async (error: unknown) => {
  console.error('Seer failed to start:', error instanceof Error ? error.message : error);
  if (stopping) return; // the signal's stop finishes the job
  stopping = true;
  // E.g. Redis unreachable or the port taken: stop the embedded PostgreSQL rather than leave it running.
  const force = setTimeout(() => process.exit(1), STOP_LIMIT_MS);
  force.unref();
  await stopEverything();
  process.exit(1);
});
