import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from './logger.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];

function logFile(): { fd: number; read(): string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'seer-logger-'));
  dirs.push(dir);
  const file = path.join(dir, 'log');
  const fd = openSync(file, 'w');
  return {
    fd,
    read: () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
  };
}

/** Stops the logger's periodic writes and closes its file. */
function close(log: Logger): Promise<void> {
  type Destination = { once(event: 'close', listener: () => void): void; end(): void };
  const stream = (log as unknown as Record<symbol, Destination>)[pino.symbols.streamSym]!;
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.end();
  });
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the buffered logger (the server process)', () => {
  it('holds info lines, and a warning writes them out with itself at once', async () => {
    const file = logFile();
    // No periodic write within the test: any line in the file was written by the warning.
    const log = createLogger('info', { buffered: true, fd: file.fd, flushMs: 60_000 });
    log.info('first request');
    log.child({ module: 'http' }).info('second request');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(file.read()).toEqual([]);

    log.child({ module: 'money' }).warn('something to look at');
    await expect
      .poll(() => file.read(), { timeout: 5_000 })
      .toEqual(['first request', 'second request', 'something to look at']);
    await close(log);
  });

  it('writes held lines at the latest after its interval', async () => {
    const file = logFile();
    const log = createLogger('info', { buffered: true, fd: file.fd, flushMs: 100 });
    log.info('a request');
    expect(file.read()).toEqual([]);
    await expect.poll(() => file.read(), { timeout: 5_000 }).toEqual(['a request']);
    await close(log);
  });

  it('writes what it holds when the process exits', () => {
    const script = [
      `import { createLogger } from ${JSON.stringify(path.join(here, 'logger.ts'))};`,
      `const log = createLogger('info', { buffered: true, flushMs: 60_000 });`,
      `for (let i = 0; i < 3; i++) log.info('line ' + i);`,
      `process.exit(0);`,
    ].join('\n');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.status, child.stderr).toBe(0);
    const lines = child.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(lines).toEqual(['line 0', 'line 1', 'line 2']);
  });
});
