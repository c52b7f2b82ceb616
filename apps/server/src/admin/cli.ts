/**
 * The admin command line: `npm run admin -- <command>`. Uses the server's configuration
 * (DATABASE_URL or DATA_DIR) and works while the server runs.
 */
import { BIGINT_ID_MAX, formatCents, INTEGER_ID_MAX } from '@seer/contract';
import { loadConfig, ConfigError, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { embeddedDatabaseExists } from '../db/embedded-postgres.js';
import { EventBus } from '../realtime/event-bus.js';
import { PostgresTransport } from '../realtime/transports/postgres-transport.js';
import { RedisTransport, redisChannelFor } from '../realtime/transports/redis-transport.js';
import { CLI_ACTOR, type AdminService } from './admin.service.js';
import { AppError } from '../errors.js';
// The command line is an entry point like main.ts: it builds the same modules, without a server.
import { loadServices } from '../kernel/loader.js';
import { MODULES } from '../modules.js';
import { displayName } from '../users/index.js';
import type { PaymentsService, CryptoPaymentsService } from '../payments/index.js';
import type { AuthService } from '../auth/index.js';

export class UsageError extends Error {}

export interface CliContext {
  config: Config;
  db: Database;
  admin: AdminService;
  payments: PaymentsService;
  crypto: CryptoPaymentsService;
  auth: AuthService;
  events: EventBus;
  out: (line: string) => void;
}

interface Command {
  usage: string;
  summary: string;
  run(args: string[], ctx: CliContext): Promise<void>;
}

function table(rows: Array<Record<string, string | number | null>>): string[] {
  if (rows.length === 0) return ['(none)'];
  const keys = Object.keys(rows[0]!);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(keys),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => String(r[k] ?? '')))),
  ];
}

/** `max`: the id's column range (contract ids.ts); advisors' ids are INTEGER. */
function wholeNumber(value: string | undefined, name: string, max = BIGINT_ID_MAX): number {
  if (
    value === undefined ||
    !/^\d{1,16}$/.test(value) ||
    Number(value) <= 0 ||
    Number(value) > max
  ) {
    throw new UsageError(`${name} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

export const COMMANDS: Record<string, Command> = {
  users: {
    usage: 'users [limit]',
    summary: 'List users, newest first, with balance and free messages',
    async run(args, ctx) {
      const users = await ctx.admin.listUsers(args[0] ? wholeNumber(args[0], 'limit') : 200);
      table(
        users.map((u) => ({
          telegram_id: u.telegram_id,
          name: displayName(u),
          username: u.username,
          balance: formatCents(u.balance_cents),
          free: u.free_messages,
          since: u.created_at.toISOString().slice(0, 10),
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
  advisors: {
    usage: 'advisors',
    summary: 'List advisors with their category, price and linked Telegram id',
    async run(_args, ctx) {
      const advisors = await ctx.admin.listAdvisors();
      table(
        advisors.map((a) => ({
          manager_id: a.id,
          name: a.name,
          category: a.category_id,
          price: formatCents(a.price_cents),
          telegram_id: a.telegram_id,
          active: a.is_active ? 'yes' : 'no',
          demo: a.is_demo ? 'yes' : 'no',
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
  'link-advisor': {
    usage: 'link-advisor <manager_id> <telegram_id>',
    summary: 'Link an advisor to a Telegram account (linking again moves the link)',
    async run(args, ctx) {
      const advisorId = wholeNumber(args[0], 'manager_id', INTEGER_ID_MAX);
      const telegramId = wholeNumber(args[1], 'telegram_id');
      await ctx.admin.linkAdvisor(CLI_ACTOR, advisorId, telegramId);
      ctx.out(`Advisor ${advisorId} is now linked to Telegram user ${telegramId}.`);
    },
  },
  'unlink-advisor': {
    usage: 'unlink-advisor <manager_id>',
    summary: 'Remove the Telegram link of an advisor',
    async run(args, ctx) {
      const advisorId = wholeNumber(args[0], 'manager_id', INTEGER_ID_MAX);
      await ctx.admin.unlinkAdvisor(CLI_ACTOR, advisorId);
      ctx.out(`Advisor ${advisorId} is no longer linked.`);
    },
  },
  'end-sessions': {
    usage: 'end-sessions <telegram_id>',
    summary:
      'End every session of a user and refuse init data signed before now (open apps must be reopened from Telegram)',
    async run(args, ctx) {
      const telegramId = wholeNumber(args[0], 'telegram_id');
      const ended = await ctx.auth.endAllSessions(telegramId, (tx, ended) =>
        ctx.admin.audit.audit(tx, CLI_ACTOR, 'end-sessions', { telegramId, ended }),
      );
      ctx.out(
        `Ended ${ended} session(s) of Telegram user ${telegramId}; init data signed before now is refused.`,
      );
    },
  },
  credit: {
    usage: 'credit <telegram_id> <dollars> <reason...>',
    summary: 'Credit (or, with negative dollars, debit) a balance; never below zero',
    async run(args, ctx) {
      const telegramId = wholeNumber(args[0], 'telegram_id');
      if (!args[1]) throw new UsageError('dollars is required, e.g. 10 or -2.50');
      const reason = args.slice(2).join(' ');
      if (!reason.trim()) throw new UsageError('a reason is required');
      const result = await ctx.admin.credit(CLI_ACTOR, telegramId, args[1], reason);
      ctx.out(
        `${result.amountCents > 0 ? 'Credited' : 'Debited'} $${formatCents(Math.abs(result.amountCents))}; balance of ${telegramId} is now $${formatCents(result.balanceCents)}.`,
      );
    },
  },
  ledger: {
    usage: 'ledger <telegram_id>',
    summary: "A user's ledger, newest first",
    async run(args, ctx) {
      const rows = await ctx.admin.ledgerOf(wholeNumber(args[0], 'telegram_id'));
      table(
        rows.map((r) => ({
          id: r.id,
          amount: formatCents(r.amount_cents),
          reason: r.reason,
          note: r.note,
          reference: r.reference,
          at: r.created_at.toISOString(),
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
  deposits: {
    usage: 'deposits [all]',
    summary: 'TON deposits no user could be matched to (all: every deposit)',
    async run(args, ctx) {
      const deposits =
        args[0] === 'all'
          ? await ctx.payments.listDeposits({ limit: 200 })
          : await ctx.payments.listUnmatchedDeposits(200);
      table(
        deposits.map((d) => ({
          deposit_id: d.id,
          status: d.status,
          usd: formatCents(d.amount_cents),
          nanotons: d.amount_nanotons,
          memo: d.comment,
          user: d.user_id,
          from: d.source,
          at: d.tx_time.toISOString(),
          hash: d.tx_hash,
          note: d.note,
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
  'assign-deposit': {
    usage: 'assign-deposit <deposit_id> <telegram_id>',
    summary: 'Credit an unmatched deposit to a user, at the rate stored with it (once)',
    async run(args, ctx) {
      const depositId = wholeNumber(args[0], 'deposit_id');
      const telegramId = wholeNumber(args[1], 'telegram_id');
      const result = await ctx.payments.assignDeposit(
        CLI_ACTOR,
        depositId,
        telegramId,
        (tx, action, details) => ctx.admin.audit.audit(tx, CLI_ACTOR, action, details),
      );
      ctx.out(
        `Deposit ${depositId} credited $${formatCents(result.creditedCents)} to ${telegramId}; balance is now $${formatCents(result.balanceCents)}.`,
      );
    },
  },
  'stars-payments': {
    usage: 'stars-payments [telegram_id]',
    summary: 'Telegram Stars payments, newest first',
    async run(args, ctx) {
      const payments = await ctx.payments.listStarsPayments({
        userId: args[0] ? wholeNumber(args[0], 'telegram_id') : undefined,
        limit: 200,
      });
      table(
        payments.map((p) => ({
          charge_id: p.telegram_payment_charge_id,
          user: p.user_id,
          stars: p.stars,
          usd: formatCents(p.amount_cents),
          refunded: p.refunded_at?.toISOString() ?? '',
          at: p.created_at.toISOString(),
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
  'crypto-payments': {
    usage: 'crypto-payments [status] [telegram_id]',
    summary:
      'Crypto (NOWPayments) payments, most recently updated first (status: e.g. partially_paid)',
    async run(args, ctx) {
      const status = args.find((a) => !/^\d+$/.test(a));
      const user = args.find((a) => /^\d+$/.test(a));
      const payments = await ctx.crypto.listPayments({
        status,
        userId: user ? wholeNumber(user, 'telegram_id') : undefined,
      });
      table(
        payments.map((p) => ({
          payment_id: p.payment_id,
          status: p.status,
          user: p.user_id ?? 'unmatched',
          invoice_usd: p.invoice_cents === null ? '' : formatCents(p.invoice_cents),
          credited_usd: formatCents(p.credited_cents),
          paid: [p.actually_paid, p.pay_currency].filter(Boolean).join(' '),
          updated: p.updated_at.toISOString(),
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
  'refund-stars': {
    usage: 'refund-stars <telegram_payment_charge_id>',
    summary: 'Refund a Stars payment through Telegram and debit what it credited',
    async run(args, ctx) {
      if (!args[0]) throw new UsageError('telegram_payment_charge_id is required');
      const result = await ctx.payments.refundStarsPayment(
        CLI_ACTOR,
        args[0],
        (tx, action, details) => ctx.admin.audit.audit(tx, CLI_ACTOR, action, details),
      );
      ctx.out(
        `Refunded ${result.payment.stars} Stars to ${result.payment.user_id}; debited $${formatCents(result.debitedCents)}.`,
      );
    },
  },
  audit: {
    usage: 'audit',
    summary: 'Recent admin actions',
    async run(_args, ctx) {
      const rows = await ctx.admin.audit.recent(50);
      table(
        rows.map((r) => ({
          id: r.id,
          actor: r.actor_telegram_id,
          action: r.action,
          details: JSON.stringify(r.details),
          at: r.created_at.toISOString(),
        })),
      ).forEach((line) => ctx.out(line));
    },
  },
};

export function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Uses DATABASE_URL, or the embedded database in DATA_DIR (default ./data), like the server.',
  ].join('\n');
}

/** Runs one command; returns the exit status. */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out = console.log,
  err = console.error,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    out(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    err(error instanceof ConfigError ? error.message : String(error));
    return 2;
  }
  // Without DATABASE_URL the command line uses the embedded database in DATA_DIR; it never creates
  // one, so a wrong DATA_DIR is said instead of answered from a new, empty database.
  if (!config.databaseUrl && !embeddedDatabaseExists(config.dataDir)) {
    err(
      `No Seer database in DATA_DIR=${config.dataDir}. Use the DATA_DIR (or DATABASE_URL) the server ` +
        'runs with; the server creates its embedded database on its first start.',
    );
    return 2;
  }
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    adoptRunning: false,
    poolSize: 2,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  // Changes made here (a credit, say) reach a running server's open apps through the same transport.
  const warn = (message: string) => err(`admin: ${message}`);
  const events = new EventBus(
    config.redisUrl
      ? new RedisTransport(config.redisUrl, redisChannelFor(db.url), { warn })
      : new PostgresTransport(db.url, { warn }),
  );
  try {
    await events.start();
    // The same services as the server, without its socket presence or the bot's intake.
    const { admin, payments, crypto, auth } = await loadServices(MODULES, { config, db, events });
    await command.run(args, { config, db, events, admin, payments, crypto, auth, out });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\nUsage: npm run admin -- ${command.usage}`);
      return 2;
    }
    if (error instanceof AppError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await events.stop();
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2), process.env)
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
