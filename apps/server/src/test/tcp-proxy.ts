/**
 * A TCP proxy on 127.0.0.1 in front of the test PostgreSQL, to take "the database" away and bring
 * it back without touching the server other test files share: cut() drops every connection and
 * stops listening (new ones are refused, as by a stopped server) until restore(); hangUp() drops
 * every connection and closes each new one as soon as it says anything, without a word (as a
 * database still starting or a pooler in front of a dead one may), until restore().
 */
import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase } from './harness.js';

export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  cut(): void;
  hangUp(): void;
  restore(): void;
  /** Connections accepted since the proxy started. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let hangingUp = false;
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    if (hangingUp) {
      client.on('error', () => {});
      client.once('data', () => client.end());
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  let listening: Promise<void> = Promise.resolve();
  return {
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    get accepted() {
      return accepted;
    },
    cut() {
      server.close();
      for (const socket of open) socket.destroy();
    },
    hangUp() {
      hangingUp = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      if (hangingUp) {
        hangingUp = false;
        return;
      }
      listening = new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      await listening;
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A fresh test database with a proxy in front of it, for the describe block this is called in
 * (made before its tests, closed after them).
 */
export function databaseBehindProxy(): { readonly db: Database; readonly proxy: TcpProxy } {
  const held = {} as { db: Database; proxy: TcpProxy };
  beforeAll(async () => {
    held.db = await createTestDatabase();
    const url = new URL(held.db.url);
    held.proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
  });
  afterAll(async () => {
    await held.proxy?.close();
    await held.db?.close();
  });
  return held;
}
