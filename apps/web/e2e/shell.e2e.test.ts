/** The app starts in a browser outside Telegram: splash, then the home route, with no page errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newVisitor, screenshot, skipReason, unexpectedErrors } from './browser';

describe.skipIf(skipReason())('shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the splash with the name and tagline', async () => {
    const app = await newVisitor(browser, 'en', 'light');
    await app.page.goto('/');
    await expect(app.page.getByText('Your future – anytime you need')).toBeTruthy();
    await app.page.getByText('Your future – anytime you need').waitFor();
    await screenshot(app, 'splash');
    expect(unexpectedErrors(app)).toEqual([]);
    await app.context.close();
  });
});
