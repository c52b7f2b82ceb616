/**
 * For the tests that start a Seer server of their own (staff ids, a linked advisor, money): demo
 * sessions, pages signed in as one, calls a page makes as its session, the operator's command line
 * on the server's database, and a picture to upload.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT, type SeerServer } from './seer-server.mjs';
import { newVisitor, type AppPage, type Lang, type Theme } from './browser';

const execFileAsync = promisify(execFile);

export interface DemoSession {
  /** Telegram's init data, signed by the server's demo bot token. */
  initData: string;
  telegramUserId: number;
}

/** A session from the demo endpoint: a new Telegram user, or the one with `telegramUserId`. */
export async function demoSession(
  base: string,
  options: { telegramUserId?: number; languageCode?: string } = {},
): Promise<DemoSession> {
  const response = await fetch(`${base}/api/demo/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(options.telegramUserId ? { telegram_user_id: options.telegramUserId } : {}),
      ...(options.languageCode ? { language_code: options.languageCode } : {}),
    }),
  });
  const answer = (await response.json()) as { init_data: string; telegram_user_id: number };
  return { initData: answer.init_data, telegramUserId: answer.telegram_user_id };
}

/** A Telegram id from `from` up, random so that a test's staff or advisor is new on every run. */
export function aTelegramId(from: number): number {
  return from + Math.floor(Math.random() * 1_000_000);
}

/** Every page of `context` starts signed in with `initData`, as the app stores it. */
export async function signIn(context: BrowserContext, initData: string): Promise<void> {
  await context.addInitScript((stored) => localStorage.setItem('seer.initData', stored), initData);
}

/** A new visitor on a phone (see newVisitor) signed in as `session`. */
export async function signedIn(
  browser: Browser,
  lang: Lang,
  session: { initData: string },
  theme: Theme = 'light',
): Promise<AppPage> {
  const app = await newVisitor(browser, lang, theme);
  await signIn(app.context, session.initData);
  return app;
}

/** A call the page makes itself, with the session it signed in with; a POST when given a body. */
export function callAs<T>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url as string, {
        method: payload ? 'POST' : 'GET',
        headers: {
          authorization: localStorage.getItem('seer.initData') ?? '',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      return response.json();
    },
    [path, body ?? null] as const,
  ) as Promise<T>;
}

/** Waits for the splash to go and for nothing to be loading (no spinner, no skeleton). */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') && !document.querySelector('[data-testid=splash]'),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForFunction(() => !document.querySelector('.spinner, .skeleton'), undefined, {
    timeout: 15_000,
  });
}

/** `npm run admin -- <args>` against the running server's embedded database. */
export async function admin(server: SeerServer, ...args: Array<string | number>): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const { stdout } = await execFileAsync(
    'npm',
    ['run', '--silent', 'admin', '--', ...args.map(String)],
    { cwd: REPO_ROOT, env, timeout: 60_000 },
  );
  return stdout;
}

export interface CatalogueAdvisor {
  id: number;
  name: string;
  price_cents: number;
}

/**
 * Links the first catalogue advisor `pick` accepts to the Telegram user `telegramId`, the
 * operator's way (`npm run admin -- link-advisor`); answers that advisor.
 */
export async function linkAdvisor(
  server: SeerServer,
  telegramId: number,
  pick: (advisor: CatalogueAdvisor, index: number) => boolean = () => true,
): Promise<CatalogueAdvisor> {
  const probe = await demoSession(server.url);
  const catalogue = (await (
    await fetch(`${server.url}/api/GetAllManagers.php`, {
      headers: { authorization: probe.initData },
    })
  ).json()) as { data: { managers: CatalogueAdvisor[] } };
  const advisor = catalogue.data.managers.find(pick);
  if (!advisor) throw new Error('No advisor in the catalogue fits');
  expect(await admin(server, 'link-advisor', advisor.id, telegramId)).toContain(
    `Advisor ${advisor.id} is now linked to Telegram user ${telegramId}`,
  );
  return advisor;
}

/** A new user, signed in once so they exist, whom the operator credits with `dollars`. */
export async function aUserWithBalance(server: SeerServer, dollars: number): Promise<DemoSession> {
  const user = await demoSession(server.url);
  await fetch(`${server.url}/api/GetUser.php`, { headers: { authorization: user.initData } });
  expect(await admin(server, 'credit', user.telegramUserId, dollars, 'e2e', 'top-up')).toContain(
    dollars.toFixed(2),
  );
  return user;
}

/** A real PNG (a violet gradient, 48×32 unless told) that Chromium can show, as a phone's picture. */
export function pngPicture(width = 48, height = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows[row + 1 + x * 3] = 90 + x * 3;
      rows[row + 2 + x * 3] = 60;
      rows[row + 3 + x * 3] = 200 - y * 2;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
