/**
 * What a server domain is to the rest of Seer: one module description, exported by the domain's
 * `index.ts` and listed once in `modules.ts`. The loader (loader.ts) builds the modules in the
 * order their `needs` give, then registers what they contribute — HTTP routes, socket delivery
 * rules and access checks, bot handlers, background workers — and runs the workers under one
 * lifecycle. docs/adding-a-domain.md walks through one real module.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Sql, Tx } from '../db/database.js';
import type { Logger, LogFunction } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { DeliveryRule } from '../realtime/fan-out.js';
import type { PresenceSource } from '../realtime/presence.js';
import type { SocketAccess, SocketHub } from '../realtime/socket-hub.js';
import type { SocketPresence } from '../realtime/socket-presence.js';
import type { UserSockets } from '../realtime/user-sockets.js';
import type { UpdateHandlers } from '../bot/index.js';

/**
 * Every module's services by name, as `services.<name>` in other modules and in tests. Each
 * domain adds its own in its `index.ts`:
 *
 *     declare module '../kernel/module.js' {
 *       interface Services { chat: ChatService }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' index.ts
export interface Services {}

/**
 * Settings a module takes from whoever builds the app (tests shorten timers with them); each
 * domain adds its own in its `index.ts`, as for Services.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' index.ts
export interface ModuleTuning {}

/** Parts that exist only when an HTTP server is built (not for the command line). */
export interface ServerParts {
  /** The live socket's connections on this instance. */
  sockets: SocketHub;
  /** Whether a user has a socket open on any instance. */
  userSockets: UserSockets;
  /** Advisors' sockets deciding presence; null when a test gives its own presence. */
  socketPresence: SocketPresence | null;
  metrics: Metrics;
  /** Per-user call limits for routes. */
  limits: RateLimiter;
}

/** What a module is given: the platform, and the services of the modules it declared. */
export interface ModuleContext {
  config: Config;
  db: Database;
  sql: Sql;
  events: EventBus;
  /** Whether an advisor is online. */
  presence: PresenceSource;
  /** This module's logger: its lines carry `module: <name>`. */
  log: Logger;
  /** The same logger as a function, for classes that take one. */
  logTo: LogFunction;
  /**
   * The services of the modules named in `needs` (while building) or in `needs` and `uses`
   * (routes, handlers, workers), and the module's own. Reading another one throws, so the
   * declared dependencies stay true.
   */
  services: Services;
  /** Null when the command line builds the modules. */
  server: ServerParts | null;
  tuning: Partial<ModuleTuning>;
  /**
   * Every module's part in a user's own data (`personalData`), in build order; complete once every
   * module is built, so read it from routes, handlers and workers (privacy/ does).
   */
  personalData(): readonly ModulePersonalData[];
}

/** Who is being erased: the person's Telegram id, and the tombstone id their kept records move to. */
export interface Erasure {
  telegramId: number;
  /** A negative users id with no personal fields (privacy/, decision 050). */
  tombstoneId: number;
}

/**
 * A module's part in a user's own data (privacy/, docs/decisions/050-your-data.md): what the
 * user's data export holds of it, and how an account deletion treats its rows. A module whose
 * tables hold a user id, a user's words or their birth data declares one; the privacy test finds
 * such columns in the schema and fails when a deleted user's id or words are left anywhere.
 */
export interface PersonalData {
  /** Sections of the export file, by name (JSON values); absent: nothing to export. */
  export?(sql: Sql, telegramId: number): Promise<Record<string, unknown>>;
  /**
   * Deletes the module's rows of the person, or moves records that must be kept (payments) to
   * `erasure.tombstoneId` with their personal fields cleared — in the deletion's transaction,
   * where the user's row is locked. Modules erase in reverse build order (a module before those it
   * needs), before the user's row itself is removed.
   */
  erase(tx: Tx, erasure: Erasure): Promise<void>;
}

export interface ModulePersonalData {
  module: string;
  part: PersonalData;
}

/** A context where a server is built: what routes, socket rules and workers are given. */
export interface ServerModuleContext extends ModuleContext {
  server: ServerParts;
}

/** Work that runs in the background; stop() must be safe to call when start() was not. */
export interface Worker {
  name: string;
  /**
   * `app` (default): runs wherever the app is built, tests included. `process`: only in the
   * server process, started by main.ts once the server listens (tests start what they need).
   */
  scope?: 'app' | 'process';
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface ServerModule {
  /** Also the folder's name, and the `module` field of its log lines. */
  readonly name: string;
  /** Modules whose services `create` uses: they are built first. */
  readonly needs?: readonly string[];
  /** Modules used only once every module is built: by routes, bot handlers and workers. */
  readonly uses?: readonly string[];
  /** Builds the module's services; what it returns is added to `services`. */
  create(context: ModuleContext): Partial<Services> | Promise<Partial<Services>>;
  /** Registers the module's HTTP calls. */
  routes?(app: FastifyInstance, context: ServerModuleContext): void | Promise<void>;
  /** Which domain events reach which sockets (realtime/fan-out.ts). */
  deliveries?: readonly DeliveryRule[];
  /** The answers the socket asks this module for (who is connecting, who may watch a dialog). */
  socketAccess?(context: ServerModuleContext): Partial<SocketAccess>;
  /** Handlers for the Telegram bot's updates, when the bot runs. */
  botHandlers?(updates: UpdateHandlers, context: ServerModuleContext): void;
  /** Background work (server only). */
  workers?(context: ServerModuleContext): Worker[];
  /** The module's part in a user's data export and account deletion (privacy/). */
  personalData?(context: ModuleContext): PersonalData;
}

/** Declares a module; the identity function only gives the object its type. */
export function defineModule(module: ServerModule): ServerModule {
  return module;
}
