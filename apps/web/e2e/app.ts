/** Helpers for walking the Mini App: its texts from the locale files, start, navigation, settling, checks. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  navigate,
  newVisitor,
  screenshot,
  unexpectedErrors,
  type AppPage,
  type Lang,
  type Theme,
} from './browser';

const LOCALES_DIR = path.join(import.meta.dirname, '../src/locales');

function loadTexts(lang: Lang): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const file of readdirSync(path.join(LOCALES_DIR, lang))) {
    if (file.endsWith('.json'))
      texts[file.slice(0, -5)] = JSON.parse(
        readFileSync(path.join(LOCALES_DIR, lang, file), 'utf8'),
      );
  }
  return texts;
}
const TEXTS = { en: loadTexts('en'), ru: loadTexts('ru') };

function lookup(lang: Lang, key: string): unknown {
  let node: unknown = TEXTS[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/**
 * The app's own text for `key` (e.g. 'history.empty'), so tests follow the locale files. With a
 * numeric `count`, the plural form the language needs (`key_one`, `key_few`...), as the app picks it.
 */
export function tr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const { count } = params;
  let node = lookup(lang, key);
  if (typeof count === 'number' && typeof node !== 'string') {
    const form = new Intl.PluralRules(lang === 'ru' ? 'ru-RU' : 'en-US').select(count);
    node = lookup(lang, `${key}_${form}`) ?? lookup(lang, `${key}_other`);
    params = {
      ...params,
      count: new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US').format(count),
    };
  }
  if (typeof node !== 'string') throw new Error(`No ${lang} text for ${key}`);
  return node.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Opens the app as a new visitor and waits until the 2.5 s splash has gone. */
export async function openApp(
  browser: Browser,
  lang: Lang,
  theme: Theme,
  start = '/',
): Promise<AppPage> {
  const app = await newVisitor(browser, lang, theme);
  await app.page.goto(start);
  await afterSplash(app.page);
  return app;
}

/** Reloads the page (the app starts again, splash included) and waits until it is usable. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await afterSplash(page);
}

/** Waits until the splash has gone and the app is usable. */
export async function afterSplash(page: Page): Promise<void> {
  // index.html paints a static splash at once; the app replaces it with its own for the rest of the 2.5 s.
  await page.waitForFunction(
    () =>
      !document.getElementById('boot-splash') &&
      !document.querySelector('[data-testid=splash]') &&
      Boolean(document.querySelector('#root')?.childElementCount),
    undefined,
    { timeout: 10_000 },
  );
  await settle(page);
}

/**
 * Waits until nothing is loading any more (no spinner, no skeleton standing in for content) and
 * the network has been quiet for a moment.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.spinner, .skeleton'), undefined, {
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

/** Goes to `to` inside the app (as a link would) and waits for `ready` to be visible. */
export async function go(
  app: AppPage,
  to: string,
  ready: Locator | ((page: Page) => Locator),
): Promise<void> {
  await navigate(app.page, to);
  const locator = typeof ready === 'function' ? ready(app.page) : ready;
  await locator.first().waitFor({ state: 'visible' });
  await settle(app.page);
}

/**
 * The test machine has no internet: the TON Connect widget's request for its public wallets list
 * (on the balance screens) fails, and the widget reports that on the console. Nothing else may.
 */
const OFFLINE_NOISE = [/\[TON_CONNECT_SDK\].*Failed to fetch/];

/** A screen is healthy when no error boundary, "not found" page or failed call shows. */
export async function expectHealthy(
  app: AppPage,
  screen: string,
  allowed: RegExp[] = [],
): Promise<void> {
  const body = await app.page.locator('#root').innerText();
  expect(body, `${screen}: error boundary`).not.toContain(tr(app.lang, 'common.screenError'));
  expect(body, `${screen}: not found`).not.toContain(tr(app.lang, 'common.notFoundTitle'));
  expect(unexpectedErrors(app, [...OFFLINE_NOISE, ...allowed]), `${screen}: page errors`).toEqual(
    [],
  );
  // The horizontal scrollbar of a broken layout: nothing may be wider than the phone.
  const overflow = await app.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${screen}: horizontal overflow`).toBeLessThanOrEqual(0);
}

/** Checks the screen and saves its screenshot as <lang>-<theme>-<name>.png. */
export async function capture(app: AppPage, name: string, allowed: RegExp[] = []): Promise<void> {
  await expectHealthy(app, name, allowed);
  await screenshot(app, name);
}

export function heading(page: Page, text: string | RegExp): Locator {
  return page.getByRole('heading', { name: text, exact: typeof text === 'string' }).first();
}
