/**
 * Builds the modules listed in modules.ts: in the order their `needs` give, each given only the
 * services it declared; then registers their routes, socket rules and bot handlers, and starts
 * and stops their workers — one lifecycle, one logging and error policy for every background job.
 */
import type { FastifyInstance } from 'fastify';
import type { UpdateHandlers } from '../bot/index.js';
import { createLogger, logTo, type Logger } from '../logger.js';
import { NoConnections } from '../realtime/presence.js';
import type { DeliveryRule } from '../realtime/fan-out.js';
import type { SocketAccess } from '../realtime/socket-hub.js';
import type {
  ModuleContext,
  ModulePersonalData,
  ServerModule,
  ServerModuleContext,
  ServerParts,
  Services,
  Worker,
} from './module.js';

/** What every module is given besides its services and its logger. */
export type Platform = Omit<ModuleContext, 'services' | 'log' | 'logTo' | 'personalData'> & {
  log: Logger;
};

export class ModuleError extends Error {}

/** The modules in an order where each comes after those it needs; list order otherwise. */
export function buildOrder(modules: readonly ServerModule[]): ServerModule[] {
  const byName = new Map<string, ServerModule>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new ModuleError(`two modules are named ${module.name}`);
    byName.set(module.name, module);
  }
  for (const module of modules)
    for (const name of [...(module.needs ?? []), ...(module.uses ?? [])])
      if (!byName.has(name))
        throw new ModuleError(`module ${module.name} names ${name}, which is not in the list`);
  const order: ServerModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: ServerModule, path: string[]): void => {
    const seen = state.get(module.name);
    if (seen === 'done') return;
    if (seen === 'visiting')
      throw new ModuleError(
        `modules need each other in a circle: ${[...path, module.name].join(' → ')}; ` +
          'move the later use to `uses` (routes, handlers and workers run after every module is built)',
      );
    state.set(module.name, 'visiting');
    for (const name of module.needs ?? []) visit(byName.get(name)!, [...path, module.name]);
    state.set(module.name, 'done');
    order.push(module);
  };
  for (const module of modules) visit(module, []);
  return order;
}

/** The socket delivery rules of every module, in list order (the socket hub is built before them). */
export function deliveryRules(modules: readonly ServerModule[]): DeliveryRule[] {
  return modules.flatMap((module) => module.deliveries ?? []);
}

export interface LoadedModules {
  /** Every module's services, by name. */
  services: Services;
  /** Registers every module's HTTP calls, in build order. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Registers every module's bot handlers, in build order. */
  registerBotHandlers(updates: UpdateHandlers): void;
  /** The socket's questions, answered by the modules that contribute them. */
  socketAccess(): SocketAccess;
  /** Starts the workers of a scope, in build order. */
  startWorkers(scope: 'app' | 'process'): Promise<void>;
  /** Stops every worker, the last built first; a failure is logged and the rest still stop. */
  stopWorkers(): Promise<void>;
}

/**
 * Builds the modules. Without `platform.server` (the command line) only services are built:
 * routes, socket access, bot handlers and workers need a server.
 */
export async function loadModules(
  modules: readonly ServerModule[],
  platform: Platform,
): Promise<LoadedModules> {
  const order = buildOrder(modules);
  const services: Record<string, unknown> = {};
  /** Which module gave each service. */
  const owner = new Map<string, string>();
  const contexts = new Map<string, ModuleContext>();
  const personalData: ModulePersonalData[] = [];

  const restricted = (module: ServerModule, allowed: Set<string>): Services =>
    new Proxy(services, {
      get(target, key) {
        // Not services: what a promise check or a printer asks any object.
        if (typeof key !== 'string' || key === 'then' || key === 'toJSON') return undefined;
        const from = owner.get(key);
        if (from === undefined)
          throw new ModuleError(
            `module ${module.name} reads services.${key}, which no module gives`,
          );
        if (from !== module.name && !allowed.has(from))
          throw new ModuleError(
            `module ${module.name} reads services.${key} of module ${from} without declaring it: ` +
              `add '${from}' to its needs (used while building) or uses (used by routes, handlers, workers)`,
          );
        return target[key];
      },
    }) as unknown as Services;

  for (const module of order) {
    const log = platform.log.child({ module: module.name });
    const building: ModuleContext = {
      ...platform,
      log,
      logTo: logTo(log),
      services: restricted(module, new Set(module.needs ?? [])),
      personalData: () => personalData,
    };
    const provided = await module.create(building);
    for (const [key, value] of Object.entries(provided)) {
      const earlier = owner.get(key);
      if (earlier)
        throw new ModuleError(`modules ${earlier} and ${module.name} both give services.${key}`);
      owner.set(key, module.name);
      services[key] = value;
    }
    const context = {
      ...building,
      services: restricted(module, new Set([...(module.needs ?? []), ...(module.uses ?? [])])),
    };
    contexts.set(module.name, context);
    if (module.personalData)
      personalData.push({ module: module.name, part: module.personalData(context) });
  }

  const serverContext = (module: ServerModule): ServerModuleContext => {
    const context = contexts.get(module.name)!;
    if (!context.server)
      throw new ModuleError(`module ${module.name}: routes and workers need a server`);
    return context as ServerModuleContext;
  };
  const workers: Worker[] = [];
  let workersListed = false;
  const listWorkers = (): Worker[] => {
    if (!workersListed) {
      workersListed = true;
      for (const module of order) workers.push(...(module.workers?.(serverContext(module)) ?? []));
    }
    return workers;
  };
  const workerLog = platform.log.child({ module: 'workers' });

  return {
    services: services as unknown as Services,
    async registerRoutes(app) {
      for (const module of order) await module.routes?.(app, serverContext(module));
    },
    registerBotHandlers(updates) {
      for (const module of order) module.botHandlers?.(updates, serverContext(module));
    },
    socketAccess() {
      const parts: Partial<SocketAccess> = {};
      for (const module of order)
        Object.assign(parts, module.socketAccess?.(serverContext(module)));
      for (const key of ['identify', 'advisorOf', 'watchDialog', 'mayWrite'] as const)
        if (!parts[key]) throw new ModuleError(`no module answers the socket's ${key}`);
      return parts as SocketAccess;
    },
    async startWorkers(scope) {
      for (const worker of listWorkers())
        if ((worker.scope ?? 'app') === scope) {
          await worker.start();
          workerLog.debug({ worker: worker.name }, 'started');
        }
    },
    async stopWorkers() {
      if (!platform.server) return;
      for (const worker of [...listWorkers()].reverse()) {
        try {
          await worker.stop();
        } catch (error) {
          workerLog.warn(
            { worker: worker.name, err: error instanceof Error ? error.message : error },
            'did not stop cleanly',
          );
        }
      }
    },
  };
}

export type { ServerParts };

/**
 * The modules' services without a server, for the admin command line and the benchmarks: no
 * sockets (so no advisor counts as connected), no routes, no workers.
 */
export async function loadServices(
  modules: readonly ServerModule[],
  parts: Pick<Platform, 'config' | 'db' | 'events'>,
): Promise<Services> {
  const loaded = await loadModules(modules, {
    ...parts,
    sql: parts.db.sql,
    presence: new NoConnections(),
    log: createLogger('warn'),
    server: null,
    tuning: {},
  });
  return loaded.services;
}
