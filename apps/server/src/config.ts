/** Parses the environment once, at start, with errors that name the variable. */
import { isIP } from 'node:net';
import path from 'node:path';
import { Address } from '@ton/core';
import { z } from 'zod';
import type { PhonePaymentsPolicy } from '@seer/contract';

/**
 * A TON address of the basechain or masterchain, in raw (0:<64 hex>) or user-friendly form with
 * a valid checksum (@ton/core); null otherwise.
 */
function tonAddress(text: string): { address: Address; testOnly: boolean } | null {
  let parsed: { address: Address; testOnly: boolean } | null = null;
  try {
    if (Address.isRaw(text)) parsed = { address: Address.parseRaw(text), testOnly: false };
    else if (Address.isFriendly(text)) {
      const friendly = Address.parseFriendly(text);
      parsed = { address: friendly.address, testOnly: friendly.isTestOnly };
    }
  } catch {
    return null; // a bad checksum
  }
  return parsed && (parsed.address.workChain === 0 || parsed.address.workChain === -1)
    ? parsed
    : null;
}

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const url = (name: string) =>
  optionalString.refine((value) => value === undefined || URL.canParse(value), {
    message: `${name} must be a URL`,
  });

const positiveNumber = (name: string) =>
  optionalString.refine(
    (value) => value === undefined || (Number.isFinite(Number(value)) && Number(value) > 0),
    {
      message: `${name} must be a positive number`,
    },
  );

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `none`, or comma-separated addresses, CIDR ranges and the names loopback /
 * linklocal / uniquelocal; null when it is neither. (No hop count: Fastify trusts nobody with one,
 * as a count cannot tell a proxy from a client that sends enough X-Forwarded-For entries.)
 */
function trustProxySetting(text: string): false | string[] | null {
  if (text === 'none') return false;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).optional(),
  PORT: optionalString.refine(
    (v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) < 65536),
    {
      message: 'PORT must be a port number (0-65535)',
    },
  ),
  HOST: optionalString,
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'METRICS_TOKEN must be at least 16 characters',
  }),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must be a postgres:// URL',
  }),
  REDIS_URL: optionalString.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'REDIS_URL must be a redis:// URL',
  }),
  BOT_TOKEN: optionalString.refine((v) => v === undefined || /^\d+:[\w-]{20,}$/.test(v), {
    message: 'BOT_TOKEN must look like 123456:ABC-DEF... (from @BotFather)',
  }),
  BOT_API_URL: url('BOT_API_URL'),
  BOT_WEBHOOK_SECRET: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{1,256}$/.test(v),
    {
      message: 'BOT_WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and - (1-256 characters)',
    },
  ),
  ADMIN_TELEGRAM_IDS: optionalString.refine(
    (v) => v === undefined || /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v),
    {
      message: 'ADMIN_TELEGRAM_IDS must be a comma-separated list of Telegram ids',
    },
  ),
  TON_WALLET_ADDRESS: optionalString.refine((v) => v === undefined || tonAddress(v) !== null, {
    message:
      'TON_WALLET_ADDRESS must be a TON address (raw 0:<64 hex>, or the 48-character user-friendly form with a valid checksum)',
  }),
  TON_API_URL: url('TON_API_URL'),
  TON_API_KEY: optionalString,
  TON_USD_RATE: positiveNumber('TON_USD_RATE').refine(
    (v) => v === undefined || (Number(v) >= 0.000001 && Number(v) <= 1_000_000_000),
    { message: 'TON_USD_RATE must be dollars per TON between 0.000001 and 1000000000' },
  ),
  TON_RATE_API_URL: url('TON_RATE_API_URL'),
  TON_RATE_API_KEY: optionalString,
  TON_RATE_REFRESH_SECONDS: optionalString.refine(
    (v) => v === undefined || /^[1-9]\d{0,5}$/.test(v),
    { message: 'TON_RATE_REFRESH_SECONDS must be a whole number of seconds (1 or more)' },
  ),
  TON_RATE_MAX_AGE_SECONDS: optionalString.refine(
    (v) => v === undefined || /^[1-9]\d{0,5}$/.test(v),
    { message: 'TON_RATE_MAX_AGE_SECONDS must be a whole number of seconds (1 or more)' },
  ),
  TON_POLL_INTERVAL_MS: positiveNumber('TON_POLL_INTERVAL_MS'),
  STARS_PER_USD: positiveNumber('STARS_PER_USD'),
  PUBLIC_URL: url('PUBLIC_URL'),
  TON_NETWORK: z.enum(['mainnet', 'testnet']).optional(),
  TELEGRAM_APP_URL: optionalString.refine(
    (v) => v === undefined || /^https:\/\/t\.me\/[\w/?=&.-]+$/.test(v),
    { message: 'TELEGRAM_APP_URL must be a https://t.me/... link to the bot or its Mini App' },
  ),
  SUPPORT_URL: url('SUPPORT_URL'),
  NOWPAYMENTS_API_KEY: optionalString,
  NOWPAYMENTS_IPN_SECRET: optionalString,
  NOWPAYMENTS_API_URL: url('NOWPAYMENTS_API_URL'),
  SATISFACTION_MAX_CENTS: optionalString.refine((v) => v === undefined || /^\d{1,9}$/.test(v), {
    message: 'SATISFACTION_MAX_CENTS must be a whole number of cents',
  }),
  SATISFACTION_MONTHLY_CLAIMS: optionalString.refine(
    (v) => v === undefined || /^\d{1,4}$/.test(v),
    { message: 'SATISFACTION_MONTHLY_CLAIMS must be a whole number (0-9999)' },
  ),
  SATISFACTION_MONTHLY_CENTS: optionalString.refine((v) => v === undefined || /^\d{1,9}$/.test(v), {
    message: 'SATISFACTION_MONTHLY_CENTS must be a whole number of cents',
  }),
  DISPUTE_WINDOW_DAYS: optionalString.refine(
    (v) => v === undefined || /^([1-9]|[1-9]\d|[1-3]\d\d)$/.test(v),
    {
      message: 'DISPUTE_WINDOW_DAYS must be a whole number of days from 1 to 399',
    },
  ),
  IMAGE_JOBS: optionalString.refine((v) => v === undefined || /^[1-8]$/.test(v), {
    message: 'IMAGE_JOBS must be a whole number from 1 to 8 (image decodings at once)',
  }),
  IMAGE_QUEUE: optionalString.refine((v) => v === undefined || /^\d{1,3}$/.test(v), {
    message: 'IMAGE_QUEUE must be a whole number from 0 to 999 (image jobs that may wait)',
  }),
  PAID_SEND_BATCH: optionalString.refine(
    (v) => v === undefined || /^([1-9]|[1-5]\d|6[0-3])$/.test(v),
    {
      message: 'PAID_SEND_BATCH must be a whole number from 1 to 63 (1: no group commit)',
    },
  ),
  FREE_MESSAGES: optionalString.refine((v) => v === undefined || /^\d{1,4}$/.test(v), {
    message: 'FREE_MESSAGES must be a whole number (0-9999)',
  }),
  REFERRAL_FREE_MESSAGES: optionalString.refine((v) => v === undefined || /^\d{1,3}$/.test(v), {
    message: 'REFERRAL_FREE_MESSAGES must be a whole number (0-999)',
  }),
  REFERRAL_MONTHLY_CAP: optionalString.refine((v) => v === undefined || /^\d{1,5}$/.test(v), {
    message: 'REFERRAL_MONTHLY_CAP must be a whole number (0-99999)',
  }),
  REFERRAL_MIN_TOP_UP_CENTS: optionalString.refine(
    (v) => v === undefined || /^[1-9]\d{0,8}$/.test(v),
    { message: 'REFERRAL_MIN_TOP_UP_CENTS must be a whole number of cents, 1 or more' },
  ),
  INIT_DATA_MAX_AGE_SECONDS: optionalString.refine((v) => v === undefined || /^\d{1,9}$/.test(v), {
    message: 'INIT_DATA_MAX_AGE_SECONDS must be a whole number of seconds',
  }),
  SESSION_TOKEN_SECONDS: optionalString.refine((v) => v === undefined || /^[1-9]\d{0,8}$/.test(v), {
    message: 'SESSION_TOKEN_SECONDS must be a whole number of seconds',
  }),
  SESSION_MAX_AGE_SECONDS: optionalString.refine(
    (v) => v === undefined || /^[1-9]\d{0,8}$/.test(v),
    { message: 'SESSION_MAX_AGE_SECONDS must be a whole number of seconds' },
  ),
  PHONE_PAYMENTS: z
    .enum(['stars-only', 'all'], {
      message: 'PHONE_PAYMENTS must be stars-only or all (decision 038)',
    })
    .optional(),
  TRUST_PROXY: optionalString.refine((v) => v === undefined || trustProxySetting(v) !== null, {
    message:
      'TRUST_PROXY must be none, or comma-separated addresses / CIDR ranges of the proxy (loopback, linklocal, uniquelocal also allowed)',
  }),
  DATABASE_STATEMENT_TIMEOUT_MS: optionalString.refine(
    (v) => v === undefined || (/^\d{1,8}$/.test(v) && (Number(v) === 0 || Number(v) >= 100)),
    { message: 'DATABASE_STATEMENT_TIMEOUT_MS must be 0 (off) or a whole number of ms from 100' },
  ),
  API_DOCS: z.enum(['0', '1'], { message: 'API_DOCS must be 1 (on) or 0 (off)' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  DEMO: z.enum(['0', '1'], { message: 'DEMO must be 1 (demo data on) or 0 (off)' }).optional(),
  DEMO_REPLY_DELAY_MS: optionalString,
  RESPONSE_TIMES_REFRESH_SECONDS: optionalString.refine(
    (v) => v === undefined || /^[1-9]\d{0,5}$/.test(v),
    { message: 'RESPONSE_TIMES_REFRESH_SECONDS must be a whole number of seconds (1 or more)' },
  ),
  TRIAL_SHARE_PERCENT: optionalString.refine(
    (v) => v === undefined || (/^\d{1,3}$/.test(v) && Number(v) <= 100),
    { message: 'TRIAL_SHARE_PERCENT must be a whole number from 0 to 100' },
  ),
  REPORT_HIDE_THRESHOLD: optionalString.refine((v) => v === undefined || /^\d{1,4}$/.test(v), {
    message: 'REPORT_HIDE_THRESHOLD must be a whole number (0 turns holding off)',
  }),
  TRIAL_PRICE_CAP_CENTS: optionalString.refine((v) => v === undefined || /^[1-9]\d{0,8}$/.test(v), {
    message: 'TRIAL_PRICE_CAP_CENTS must be a whole number of cents (1 or more)',
  }),
  PAYOUT_HOLD_DAYS: optionalString.refine(
    (v) => v === undefined || (/^\d{1,3}$/.test(v) && Number(v) <= 365),
    { message: 'PAYOUT_HOLD_DAYS must be a whole number of days from 0 to 365' },
  ),
  PAYOUT_MINIMUM_CENTS: optionalString.refine((v) => v === undefined || /^[1-9]\d{0,8}$/.test(v), {
    message: 'PAYOUT_MINIMUM_CENTS must be a whole number of cents (1 or more)',
  }),
  PAYOUT_CONFIRM_MINUTES: optionalString.refine(
    (v) => v === undefined || (/^[1-9]\d{0,4}$/.test(v) && Number(v) <= 10_080),
    { message: 'PAYOUT_CONFIRM_MINUTES must be a whole number of minutes from 1 to 10080' },
  ),
  PAYOUT_EXPLORER_URL: url('PAYOUT_EXPLORER_URL'),
});

/** Every environment variable Seer reads (listed in .env.example, checked by env-example.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** A fixed TON/USD rate, or the market's from a rates API (decision 037). */
export type TonRateSetting =
  | { kind: 'fixed'; microUsdPerTon: number }
  | {
      kind: 'market';
      apiUrl: string;
      apiKey: string | undefined;
      refreshMs: number;
      /** A rate older than this is never credited at. */
      maxAgeMs: number;
    };

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  botToken: string | undefined;
  botApiUrl: string;
  botWebhookSecret: string | undefined;
  adminTelegramIds: ReadonlySet<number>;
  tonWalletAddress: string | undefined;
  tonApiUrl: string;
  tonApiKey: string | undefined;
  /**
   * Where the TON/USD rate comes from (decision 037): TON_USD_RATE fixed, else CoinGecko's price
   * (TON_RATE_API_URL); with neither outside production, a fixed demo rate of $3.
   */
  tonRate: TonRateSetting;
  tonPollIntervalMs: number;
  starsPerUsd: number;
  /** Where users reach the app; required in production (the bot's button, manifests, callbacks). */
  publicUrl: string;
  /** TON Connect's network for deposits sent from a connected wallet. */
  tonNetwork: 'mainnet' | 'testnet';
  /**
   * The t.me link that opens the Mini App (TON Connect's twaReturnUrl); absent: derived from
   * the bot's username once the bot is known.
   */
  telegramAppUrl: string | undefined;
  /** Where people get help with a payment or a refund (the bot's /paysupport). */
  supportUrl: string;
  /** NOWPayments (crypto top-ups in 60+ coins): on when both the API key and IPN secret are set. */
  nowPayments: { apiKey: string; ipnSecret: string; apiUrl: string } | undefined;
  freeMessages: number;
  /** Most paid sends committed together (money/group-commit.ts); 1 turns group commit off. */
  paidSendBatch: number;
  /** Image decodings at once on this instance, and how many may wait before a 503 (decision 035). */
  imageJobs: { concurrent: number; queued: number };
  /** The most a satisfaction credit gives back, in cents (decision 028). */
  satisfactionMaxCents: number;
  /** Satisfaction credits one user may claim per calendar month (UTC), across advisors (decision 033). */
  satisfactionMonthlyMaxClaims: number;
  /** The most satisfaction credits pay one user per calendar month (UTC), in cents (decision 033). */
  satisfactionMonthlyMaxCents: number;
  /** How many days after a paid message its user may still open a dispute about it (decision 049). */
  disputeWindowDays: number;
  /** Free messages to inviter and invitee at the invitee's first top-up (0: referral rewards off). */
  referralFreeMessages: number;
  /** Rewarded invitees per inviter per calendar month (UTC); past it only the invitee is rewarded. */
  referralMonthlyCap: number;
  /** Real top-ups (Stars, TON, crypto) an invitee must have paid in, in cents, to qualify a referral (decision 033). */
  referralMinTopUpCents: number;
  initDataMaxAgeSeconds: number;
  /** How long one session token is accepted before the app renews it. */
  sessionTokenSeconds: number;
  /** A session's absolute life: no renewal goes past it. */
  sessionMaxAgeSeconds: number;
  /**
   * Which top-up methods Telegram's iOS and Android apps show (decision 038): `stars-only` keeps
   * digital goods paid in Stars there, as Telegram's rules ask; `all` offers TON and crypto too.
   */
  phonePayments: PhonePaymentsPolicy;
  /**
   * Whose X-Forwarded-For / X-Forwarded-Proto are believed (Fastify's trustProxy): nobody
   * (false), or peers at these addresses and ranges (decision 039).
   */
  trustProxy: false | string[];
  /** Longest a statement may run before PostgreSQL cancels it (503); 0 = no limit. */
  databaseStatementTimeoutMs: number;
  /** Serve the human-readable API page /api/docs (off in production unless API_DOCS=1). */
  apiDocs: boolean;
  logLevel: string;
  /**
   * Bearer token for GET /metrics. Without one the endpoint is open outside production and off
   * (404) in production.
   */
  metricsToken: string | undefined;
  /**
   * Demo advisors, their replies and (without a bot token) demo sign-in and test payments: on
   * with DEMO=1, or with neither a bot token nor NODE_ENV=production (decision 040).
   */
  demo: boolean;
  /**
   * Real users may be here: NODE_ENV=production, or a bot token without DEMO=1. /metrics is then
   * off without METRICS_TOKEN.
   */
  live: boolean;
  /** Demo advisors' reply delay [min, max] in ms. */
  demoReplyDelayMs: [number, number];
  /** How often advisors' median response times are recomputed (by one instance). */
  responseTimesRefreshMs: number;
  /** The share of users (percent) who see an advisor on trial in the catalogue (decision 046). */
  trialSharePercent: number;
  /** The highest price per message of an advisor on trial, in cents (decision 046). */
  trialPriceCapCents: number;
  /**
   * Distinct users with open reports about an advisor that hold the advisor out of the catalogue
   * (and hide the messages they reported) until staff review; 0 turns holding off (decision 048).
   */
  reportHideThreshold: number;
  /** Advisors paid in TON (decision 047). */
  payouts: {
    /** Earnings younger than this are not payable yet (a refund may still take them back). */
    holdDays: number;
    /** The smallest payout an advisor may request, in cents. */
    minimumCents: number;
    /**
     * How long after a batch's TON Connect validUntil its messages are waited for on the indexer;
     * a payout whose message has not appeared by then is returned to the advisor's balance.
     */
    confirmMs: number;
    /** A transaction's page on an explorer: this URL followed by the hash in hex. */
    explorerUrl: string;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const port = e.PORT === undefined ? 8080 : Number(e.PORT);
  const problems: string[] = [];
  if (nodeEnv === 'production' && e.BOT_TOKEN === undefined)
    problems.push(
      '  BOT_TOKEN: required in production (the token @BotFather gave for your bot; see docs/operations.md)',
    );
  else if (e.DEMO === '0' && e.BOT_TOKEN === undefined)
    problems.push(
      '  BOT_TOKEN: required with DEMO=0 (without a bot token Seer can only run the demo)',
    );
  if (nodeEnv === 'production' && e.PUBLIC_URL === undefined)
    problems.push(
      '  PUBLIC_URL: required in production (where users reach the app, e.g. https://seer.example.com)',
    );
  if (
    e.TON_WALLET_ADDRESS &&
    tonAddress(e.TON_WALLET_ADDRESS)?.testOnly &&
    (e.TON_NETWORK ?? 'mainnet') === 'mainnet'
  )
    problems.push(
      '  TON_WALLET_ADDRESS: a testnet-only address, but TON_NETWORK is mainnet (set TON_NETWORK=testnet, or give the mainnet address)',
    );
  if (Boolean(e.NOWPAYMENTS_API_KEY) !== Boolean(e.NOWPAYMENTS_IPN_SECRET))
    problems.push(
      '  NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET: set both (crypto top-ups) or neither',
    );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  // A bot token means real Telegram users, whatever NODE_ENV says: demo data only when asked.
  const demo = e.DEMO === '1' || (e.DEMO === undefined && !e.BOT_TOKEN && nodeEnv !== 'production');
  const delay = (e.DEMO_REPLY_DELAY_MS ?? '1500-4000').split('-').map(Number);
  if (delay.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_REPLY_DELAY_MS: must be "min-max" in milliseconds',
    );
  }
  return {
    env: nodeEnv,
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    botToken: e.BOT_TOKEN,
    botApiUrl: (e.BOT_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    botWebhookSecret: e.BOT_WEBHOOK_SECRET,
    adminTelegramIds: new Set(
      (e.ADMIN_TELEGRAM_IDS ?? '')
        .split(',')
        .filter((s) => s.trim())
        .map(Number),
    ),
    tonWalletAddress: e.TON_WALLET_ADDRESS,
    tonApiUrl: (e.TON_API_URL ?? 'https://toncenter.com').replace(/\/+$/, ''),
    tonApiKey: e.TON_API_KEY,
    tonRate:
      e.TON_USD_RATE !== undefined || (nodeEnv !== 'production' && e.TON_RATE_API_URL === undefined)
        ? { kind: 'fixed', microUsdPerTon: Math.round(Number(e.TON_USD_RATE ?? '3') * 1_000_000) }
        : {
            kind: 'market',
            apiUrl: (e.TON_RATE_API_URL ?? 'https://api.coingecko.com').replace(/\/+$/, ''),
            apiKey: e.TON_RATE_API_KEY,
            refreshMs: Number(e.TON_RATE_REFRESH_SECONDS ?? '60') * 1000,
            maxAgeMs: Number(e.TON_RATE_MAX_AGE_SECONDS ?? '600') * 1000,
          },
    tonPollIntervalMs: Number(e.TON_POLL_INTERVAL_MS ?? '10000'),
    starsPerUsd: Number(e.STARS_PER_USD ?? '50'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    tonNetwork: e.TON_NETWORK ?? 'mainnet',
    telegramAppUrl: e.TELEGRAM_APP_URL,
    supportUrl: e.SUPPORT_URL ?? 'https://t.me/seer_support',
    nowPayments:
      e.NOWPAYMENTS_API_KEY && e.NOWPAYMENTS_IPN_SECRET
        ? {
            apiKey: e.NOWPAYMENTS_API_KEY,
            ipnSecret: e.NOWPAYMENTS_IPN_SECRET,
            apiUrl: (e.NOWPAYMENTS_API_URL ?? 'https://api.nowpayments.io').replace(/\/+$/, ''),
          }
        : undefined,
    freeMessages: Number(e.FREE_MESSAGES ?? '3'),
    paidSendBatch: Number(e.PAID_SEND_BATCH ?? '32'),
    imageJobs: { concurrent: Number(e.IMAGE_JOBS ?? '1'), queued: Number(e.IMAGE_QUEUE ?? '10') },
    satisfactionMaxCents: Number(e.SATISFACTION_MAX_CENTS ?? '1000'),
    satisfactionMonthlyMaxClaims: Number(e.SATISFACTION_MONTHLY_CLAIMS ?? '3'),
    satisfactionMonthlyMaxCents: Number(e.SATISFACTION_MONTHLY_CENTS ?? '2000'),
    disputeWindowDays: Number(e.DISPUTE_WINDOW_DAYS ?? '14'),
    referralFreeMessages: Number(e.REFERRAL_FREE_MESSAGES ?? '3'),
    referralMonthlyCap: Number(e.REFERRAL_MONTHLY_CAP ?? '20'),
    referralMinTopUpCents: Number(e.REFERRAL_MIN_TOP_UP_CENTS ?? '500'),
    initDataMaxAgeSeconds: Number(e.INIT_DATA_MAX_AGE_SECONDS ?? String(24 * 3600)),
    sessionTokenSeconds: Number(e.SESSION_TOKEN_SECONDS ?? '3600'),
    sessionMaxAgeSeconds: Number(e.SESSION_MAX_AGE_SECONDS ?? String(7 * 24 * 3600)),
    phonePayments: e.PHONE_PAYMENTS ?? 'stars-only',
    trustProxy: trustProxySetting(e.TRUST_PROXY ?? 'loopback') ?? false,
    databaseStatementTimeoutMs: Number(e.DATABASE_STATEMENT_TIMEOUT_MS ?? '10000'),
    apiDocs: e.API_DOCS === undefined ? nodeEnv !== 'production' : e.API_DOCS === '1',
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    demo,
    live: nodeEnv === 'production' || !demo,
    demoReplyDelayMs: [delay[0] ?? 1500, delay[1] ?? delay[0] ?? 4000],
    responseTimesRefreshMs: Number(e.RESPONSE_TIMES_REFRESH_SECONDS ?? '600') * 1000,
    trialSharePercent: Number(e.TRIAL_SHARE_PERCENT ?? '20'),
    trialPriceCapCents: Number(e.TRIAL_PRICE_CAP_CENTS ?? '199'),
    reportHideThreshold: Number(e.REPORT_HIDE_THRESHOLD ?? '3'),
    payouts: {
      holdDays: Number(e.PAYOUT_HOLD_DAYS ?? '7'),
      minimumCents: Number(e.PAYOUT_MINIMUM_CENTS ?? '2000'),
      confirmMs: Number(e.PAYOUT_CONFIRM_MINUTES ?? '15') * 60_000,
      explorerUrl:
        e.PAYOUT_EXPLORER_URL ??
        ((e.TON_NETWORK ?? 'mainnet') === 'testnet'
          ? 'https://testnet.tonviewer.com/transaction/'
          : 'https://tonviewer.com/transaction/'),
    },
  };
}
