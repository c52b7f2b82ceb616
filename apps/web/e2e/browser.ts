/**
 * Browser side of the end-to-end tests: Debian's Chromium through playwright-core, a phone-sized
 * page per language and theme, client-side navigation, screenshots, and a record of page errors.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './seer-server.mjs';

const SCREENSHOT_DIR = path.join(import.meta.dirname, 'screenshots');

export type Lang = 'en' | 'ru';
export type Theme = 'light' | 'dark';

/** Why this run skips the browser tests ('' when it does not); printed once per file. */
export function skipReason(): string {
  const reason = inject('e2eSkipReason');
  if (reason) console.warn(`[e2e] skipped: ${reason}`);
  return reason;
}

export function baseUrl(): string {
  return inject('e2eBaseUrl');
}

/**
 * Playwright's launch() already gives every browser a fresh temporary profile
 * (--user-data-dir of its own choosing), so nothing leaks between runs.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: 60_000,
  });
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  lang: Lang;
  theme: Theme;
  /** Uncaught exceptions, console errors and failed HTTP answers seen so far. */
  errors: string[];
}

/**
 * A new visitor on a 390×844 phone: its own storage (so a new demo user), the browser language
 * set to `lang` and the system colour scheme to `theme` (the app follows it without a stored choice).
 */
export async function newVisitor(browser: Browser, lang: Lang, theme: Theme): Promise<AppPage> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'ru' ? 'ru-RU' : 'en-US',
    colorScheme: theme,
    baseURL: baseUrl(),
  });
  // Sounds are generated with WebAudio; nothing plays in headless Chromium, but keep it quiet anyway.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Failed loads are recorded below with their URL, which the console line lacks.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { context, page, lang, theme, errors };
}

/** Navigates inside the single-page app the way a link does (no reload, no second splash). */
export async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
}

export async function screenshot(app: AppPage, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${app.lang}-${app.theme}-${name}.png`);
  await app.page.screenshot({ path: file });
  return file;
}

/** Errors seen on the page except those a test provoked on purpose. */
export function unexpectedErrors(app: AppPage, allowed: RegExp[] = []): string[] {
  return app.errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
}
