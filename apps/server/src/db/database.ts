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

export function connect(url: string, max = 20): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
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
    connection: { application_name: 'seer' },
  }) as unknown as Sql;
}

/** Opens the configured database, creating the embedded one when no URL is given, and migrates it. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
  poolSize?: number;
  /** The admin CLI uses a running server's database without taking ownership of it. */
  adoptRunning?: boolean;
}): Promise<Database> {
  let url = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(options.dataDir, {
      log: options.log,
      adoptRunning: options.adoptRunning,
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
  const sql = connect(url, options.poolSize ?? 20);
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

/** Whether the database answers a trivial query. */
export async function ping(sql: Sql): Promise<boolean> {
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}
