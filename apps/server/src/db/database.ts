/** The database connection: an external PostgreSQL (DATABASE_URL) or the embedded one. */
import postgres from 'postgres';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrate } from './migrate.js';

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

export interface Database {
  sql: Sql;
  url: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /**
   * PostgreSQL's statement_timeout for every session of the pool, in ms (0 or absent: none): a
   * statement that runs or waits for a lock longer is cancelled (SQLSTATE 57014), and the call
   * answers 503 instead of hanging (decision 039). Jobs that may run longer set their own with
   * SET LOCAL inside their transaction (migrations, the response-times refresh).
   */
  statementTimeoutMs?: number;
}

export function connect(url: string, max = 20, options: ConnectOptions = {}): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
    // While the database is away, calls fail within seconds (503) and reconnecting tries again
    // within 2 s once it is back (the driver's default waits up to 30 s and backs off to 20 s).
    connect_timeout: 5,
    backoff: (attempt: number) => Math.min(0.1 * 2 ** attempt, 2),
    // BIGINT columns come back as JS numbers: every id and cent amount here is far below 2^53.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
    transform: { undefined: null },
    connection: {
      application_name: 'seer',
      // A startup parameter, so it holds on every connection the pool opens or reopens.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
  }) as unknown as Sql;
}

/** Opens the configured database, creating the embedded one when no URL is given, and migrates it. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
  poolSize?: number;
  /** statement_timeout of the pool's sessions in ms (DATABASE_STATEMENT_TIMEOUT_MS; 0: none). */
  statementTimeoutMs?: number;
  /** The admin CLI uses a running server's database without taking ownership of it. */
  adoptRunning?: boolean;
  /** Start the embedded database again whenever it stops unasked (the server does). */
  supervise?: boolean;
  warn?: (line: string) => void;
}): Promise<Database> {
  let url = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(options.dataDir, {
      log: options.log,
      adoptRunning: options.adoptRunning,
      supervise: options.supervise,
      warn: options.warn,
    });
    stopEmbedded = embedded.stop;
    const admin = connect(embedded.adminUrl, 1);
    try {
      const [row] = await admin`SELECT 1 AS found FROM pg_database WHERE datname = 'seer'`;
      if (!row) await admin.unsafe('CREATE DATABASE seer');
    } finally {
      await admin.end();
    }
    url = embedded.adminUrl.replace(/\/postgres$/, '/seer');
  }
  const sql = connect(url, options.poolSize ?? 20, {
    statementTimeoutMs: options.statementTimeoutMs,
  });
  try {
    await migrate(sql);
  } catch (error) {
    await sql.end({ timeout: 1 });
    await stopEmbedded?.();
    throw error;
  }
  return {
    sql,
    url,
    async close() {
      await sql.end({ timeout: 5 });
      await stopEmbedded?.();
    },
  };
}

/** Whether the database answers a trivial query within `timeoutMs`. */
export async function ping(sql: Sql, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([sql`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
