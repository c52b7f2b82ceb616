import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import { buildOrder, loadModules, ModuleError, type Platform } from './loader.js';
import { defineModule, type ServerModule, type ServerParts } from './module.js';
import { MODULES } from '../modules.js';

/** A platform good enough for modules that only hand values around; log lines are kept. */
function platform(lines: object[] = [], server: ServerParts | null = null): Platform {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as object);
      done();
    },
  });
  return {
    log: pino({ level: 'debug' }, sink),
    server,
    tuning: {},
  } as unknown as Platform;
}
const SERVER = {} as ServerParts;

const named = (name: string, extra: Partial<ServerModule> = {}): ServerModule =>
  defineModule({ name, create: () => ({}), ...extra });

describe('build order', () => {
  it('builds a module after the ones it needs, and keeps list order otherwise', () => {
    const order = buildOrder([
      named('chat', { needs: ['money'] }),
      named('users'),
      named('money', { needs: ['users'] }),
      named('horoscope'),
    ]).map((m) => m.name);
    expect(order).toEqual(['users', 'money', 'chat', 'horoscope']);
  });

  it('says which modules need each other in a circle', () => {
    expect(() =>
      buildOrder([
        named('a', { needs: ['b'] }),
        named('b', { needs: ['c'] }),
        named('c', { needs: ['a'] }),
      ]),
    ).toThrow('modules need each other in a circle: a → b → c → a');
  });

  it('allows a circle through `uses`, which is read only once everything is built', () => {
    expect(
      buildOrder([named('a', { uses: ['b'] }), named('b', { needs: ['a'] })]).map((m) => m.name),
    ).toEqual(['a', 'b']);
  });

  it('refuses a name that is not in the list, and a name given twice', () => {
    expect(() => buildOrder([named('a', { needs: ['nobody'] })])).toThrow(
      'module a names nobody, which is not in the list',
    );
    expect(() => buildOrder([named('a'), named('a')])).toThrow('two modules are named a');
  });

  it("orders Seer's own modules", () => {
    const order = buildOrder(MODULES).map((m) => m.name);
    expect(order).toHaveLength(MODULES.length);
    for (const module of MODULES)
      for (const need of module.needs ?? [])
        expect(order.indexOf(need), `${module.name} needs ${need}`).toBeLessThan(
          order.indexOf(module.name),
        );
  });
});

describe('services a module may read', () => {
  const giver = (name: string, key: string) =>
    named(name, { create: () => ({ [key]: `${name}'s` }) as never });

  it('gives a module the services of the modules it needs', async () => {
    let seen: unknown;
    await loadModules(
      [
        giver('users', 'users'),
        named('reader', {
          needs: ['users'],
          create: ({ services }) => {
            seen = (services as unknown as Record<string, unknown>).users;
            return {};
          },
        }),
      ],
      platform(),
    );
    expect(seen).toBe("users's");
  });

  it('refuses, while building, a service the module did not declare', async () => {
    await expect(
      loadModules(
        [
          giver('users', 'users'),
          named('reader', {
            create: ({ services }) =>
              ({
                copy: (services as unknown as Record<string, unknown>).users,
              }) as never,
          }),
        ],
        platform(),
      ),
    ).rejects.toThrow(
      "module reader reads services.users of module users without declaring it: add 'users' to its needs",
    );
  });

  it('lets routes and workers read what `uses` names, built later', async () => {
    const read: unknown[] = [];
    const loaded = await loadModules(
      [
        named('reader', {
          uses: ['late'],
          workers: ({ services }) => {
            read.push((services as unknown as Record<string, unknown>).late);
            return [];
          },
        }),
        giver('late', 'late'),
      ],
      platform([], SERVER),
    );
    await loaded.startWorkers('app');
    expect(read).toEqual(["late's"]);
  });

  it('refuses two modules giving the same service', async () => {
    await expect(loadModules([giver('a', 'same'), giver('b', 'same')], platform())).rejects.toThrow(
      'modules a and b both give services.same',
    );
  });
});

describe('workers', () => {
  it('starts each scope in build order and stops every worker in reverse, past a failing one', async () => {
    const calls: string[] = [];
    const lines: object[] = [];
    const worker = (name: string, scope: 'app' | 'process', failStop = false) => ({
      name,
      scope,
      start: () => void calls.push(`start ${name}`),
      stop: () => {
        calls.push(`stop ${name}`);
        if (failStop) throw new Error(`${name} is stuck`);
      },
    });
    const loaded = await loadModules(
      [
        named('first', { workers: () => [worker('a', 'app'), worker('watcher', 'process')] }),
        named('second', { workers: () => [worker('b', 'app', true)] }),
      ],
      platform(lines, SERVER),
    );
    await loaded.startWorkers('app');
    expect(calls).toEqual(['start a', 'start b']);
    await loaded.startWorkers('process');
    expect(calls).toEqual(['start a', 'start b', 'start watcher']);
    calls.length = 0;
    await loaded.stopWorkers();
    expect(calls).toEqual(['stop b', 'stop watcher', 'stop a']);
    expect(lines).toContainEqual(
      expect.objectContaining({ worker: 'b', err: 'b is stuck', msg: 'did not stop cleanly' }),
    );
  });

  it('builds only services for the command line: no routes, workers or socket', async () => {
    const loaded = await loadModules(
      [named('chat', { create: () => ({ chat: 1 }) as never, workers: () => [] })],
      platform(),
    );
    expect((loaded.services as unknown as Record<string, unknown>).chat).toBe(1);
    await expect(loaded.startWorkers('app')).rejects.toThrow(ModuleError);
    await expect(loaded.stopWorkers()).resolves.toBeUndefined();
  });

  it('needs every answer of the socket from some module', async () => {
    const loaded = await loadModules(
      [named('auth', { socketAccess: () => ({ identify: async () => ({}) as never }) })],
      platform([], SERVER),
    );
    expect(() => loaded.socketAccess()).toThrow("no module answers the socket's advisorOf");
  });
});
