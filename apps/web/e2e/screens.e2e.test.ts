/**
 * The README's gallery (docs/screens/*.png): home, an advisor, a chat, the balance, tarot, the
 * payment history and Settings, in English light, Russian light and English dark, on a 390×844 phone. Runs only when asked
 * (`npm run screens`, which sets SEER_SCREENS=1), so ordinary test runs leave the files alone.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, skipReason, type Lang, type Theme } from './browser';
import { expectHealthy, go, openApp } from './app';

const OUT_DIR = path.join(import.meta.dirname, '../../../docs/screens');
const ROWS: ReadonlyArray<readonly [Lang, Theme]> = [
  ['en', 'light'],
  ['ru', 'light'],
  ['en', 'dark'],
];
/** Each screen and its path (go() then waits until nothing is loading). */
const SCREENS = [
  ['home', '/'],
  ['advisor', '/operator/1'],
  ['chat', '/chat/1'],
  ['balance', '/balance'],
  ['tarot', '/tarot'],
  ['payments', '/payments'],
  ['settings', '/settings'],
] as const;
/** The gallery's budget: small enough for the repository. */
const MAX_TOTAL_BYTES = 2_000_000;

describe.skipIf(skipReason() || !process.env.SEER_SCREENS)('README gallery', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes home, advisor, chat, balance, tarot, payments and settings in each row', async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    let total = 0;
    for (const [lang, theme] of ROWS) {
      const app = await openApp(browser, lang, theme);
      for (const [name, to] of SCREENS) {
        await go(app, to, (page) => page.locator('main h1, main h2'));
        await expectHealthy(app, `${lang}-${theme}-${name}`);
        const file = path.join(OUT_DIR, `${lang}-${theme}-${name}.png`);
        await app.page.screenshot({ path: file });
        total += statSync(file).size;
      }
      await app.context.close();
    }
    expect(total).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
  });
});
