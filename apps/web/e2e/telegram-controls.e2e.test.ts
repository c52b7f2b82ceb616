/**
 * Opened the way Telegram opens a Mini App (decision 053): the launch parameters in the URL's hash
 * (init data, version, platform, theme parameters for Telegram's light or dark theme), Telegram's
 * own telegram-web-app.js (served from the @twa-dev/sdk package in place of telegram.org) and a
 * stand-in for the host's TelegramWebviewProxy.postEvent recording every method the app calls.
 * Telegram's side answers through Telegram.WebView.receiveEvent, as the host does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, navigate, newVisitor, screenshot, skipReason } from './browser';
import { afterSplash, expectHealthy, heading, settle, tr } from './app';
import { demoSession } from './live';
import { hostEvents, hostSends, lastSetup, openInTelegram } from './telegram-stand-in';
import { contrast, MIN_CONTRAST } from '../src/lib/palette';
import { TELEGRAM_THEMES } from '../src/test/telegram-themes';

const SCHEMES = [
  { lang: 'en', theme: 'light', telegramTheme: 'iOS light' },
  { lang: 'ru', theme: 'dark', telegramTheme: 'Desktop dark' },
] as const;

describe.skipIf(skipReason())("inside Telegram: Telegram's controls and colours", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(SCHEMES)(
    '$lang, $telegramTheme: colours, MainButton on the profile and the blocked chat, BackButton closes a modal first',
    async ({ lang, theme, telegramTheme }) => {
      const session = await demoSession(baseUrl(), { languageCode: lang });
      const params = TELEGRAM_THEMES[telegramTheme]!.params;
      // The browser's own scheme is the other one: the app must follow Telegram's.
      const app = await newVisitor(browser, lang, theme === 'light' ? 'dark' : 'light');
      app.theme = theme;
      const { page } = app;
      await openInTelegram(page, { initData: session.initData, themeParams: params });
      await afterSplash(page);
      const types = (await hostEvents(page)).map((event) => event.type);
      expect(types).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));

      // Colours: Telegram's background and text, Seer's violet accent, 4.5:1 everywhere text sits.
      const colors = await page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        const read = (name: string) => style.getPropertyValue(`--color-${name}`).trim();
        return {
          scheme: document.documentElement.dataset.theme,
          bg: read('bg'),
          surface: read('surface'),
          text: read('text'),
          muted: read('muted'),
          link: read('link'),
          accent: read('accent'),
          onAccent: read('on-accent'),
          accentSoft: read('accent-soft'),
        };
      });
      expect(colors.scheme).toBe(theme);
      expect(colors.bg).toBe(params.secondary_bg_color);
      expect(colors.text).toBe(params.text_color);
      expect(colors.accent).not.toBe(params.button_color);
      for (const [fg, bg] of [
        ['text', 'bg'],
        ['text', 'surface'],
        ['muted', 'bg'],
        ['muted', 'surface'],
        ['link', 'surface'],
        ['accent', 'surface'],
        ['onAccent', 'accent'],
        ['text', 'accentSoft'],
      ] as const) {
        expect(contrast(colors[fg], colors[bg]), `${fg} on ${bg}`).toBeGreaterThanOrEqual(
          MIN_CONTRAST,
        );
      }
      expect(await lastSetup(page, 'web_app_set_header_color')).toEqual({ color: colors.bg });
      expect(await lastSetup(page, 'web_app_set_background_color')).toEqual({ color: colors.bg });
      expect(await lastSetup(page, 'web_app_set_bottom_bar_color')).toEqual({ color: colors.bg });
      // "Settings" in the Mini App's menu.
      expect(await lastSetup(page, 'web_app_setup_settings_button')).toEqual({ is_visible: true });
      await screenshot(app, 'telegram-home');

      // The advisor's profile: "Message" is Telegram's MainButton in Seer's violet, not a page button.
      await navigate(page, '/operator/5');
      await page.getByTestId('advisor-hero').waitFor();
      await settle(page);
      const message = tr(lang, 'common.startForFree');
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_main_button'))
        .toMatchObject({
          is_visible: true,
          is_active: true,
          text: message,
          color: colors.accent,
          text_color: colors.onAccent,
        });
      expect(await page.getByRole('link', { name: message }).count()).toBe(0);
      expect(await lastSetup(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
      // Telegram's bottom bar takes the place of the in-page one.
      expect(await page.locator('.bottom-bar').isVisible()).toBe(false);
      await expectHealthy(app, 'telegram profile');
      await screenshot(app, 'telegram-profile');

      // Pressing it opens the chat; the chat has no main action while messages can be sent.
      await hostSends(page, 'main_button_pressed');
      await page.waitForURL((url) => url.pathname === '/chat/5');
      const input = page.getByRole('textbox', { name: tr(lang, 'chat.placeholder') });
      await input.waitFor();
      await expect
        .poll(async () => (await lastSetup(page, 'web_app_setup_main_button'))?.is_visible)
        .toBe(false);

      // The BackButton closes an open modal first, and only then leaves the chat.
      await page.getByRole('button', { name: tr(lang, 'chat.menu') }).click();
      await page.getByRole('menuitem', { name: tr(lang, 'chat.rate') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await screenshot(app, 'telegram-modal');
      await hostSends(page, 'back_button_pressed');
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/chat/5');
      // So do the chat's menu and a confirmation opened from it.
      const menuButton = page.getByRole('button', { name: tr(lang, 'chat.menu') });
      await menuButton.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await hostSends(page, 'back_button_pressed');
      await menu.waitFor({ state: 'detached' });
      await menuButton.click();
      await page.getByRole('menuitem', { name: tr(lang, 'safety.block.blockAdvisor') }).click();
      const confirmation = page.getByRole('alertdialog');
      await confirmation.waitFor();
      await hostSends(page, 'back_button_pressed');
      await confirmation.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/chat/5');

      // Three free messages, then too little balance: the reply box shuts and "Add balance" is
      // Telegram's MainButton.
      for (const text of ['One', 'Two', 'Three']) {
        await input.fill(`${text} question`);
        await input.press('Enter');
        await page.getByText(`${text} question`).first().waitFor();
      }
      const addBalance = tr(lang, 'chat.addBalance');
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_main_button'))
        .toMatchObject({
          is_visible: true,
          text: addBalance,
          color: colors.accent,
        });
      expect(
        await page
          .getByRole('link', { name: addBalance })
          .or(page.getByRole('button', { name: addBalance }))
          .count(),
      ).toBe(0);
      await screenshot(app, 'telegram-chat-no-funds');
      // Pressing it opens the top-up (a screen, or a sheet over the chat); one BackButton press
      // returns to the chat with nothing left open over it, a second leaves the chat.
      await hostSends(page, 'main_button_pressed');
      await page
        .getByRole('dialog')
        .or(heading(page, tr(lang, 'balance.title')))
        .first()
        .waitFor();
      await screenshot(app, 'telegram-top-up');
      await hostSends(page, 'back_button_pressed');
      await page.waitForURL((url) => url.pathname === '/chat/5');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await hostSends(page, 'back_button_pressed');
      await page.waitForURL((url) => url.pathname === '/operator/5');

      // Settings from Telegram's menu.
      await hostSends(page, 'settings_button_pressed');
      await heading(page, tr(lang, 'settings.title')).waitFor();
      await settle(page);
      await screenshot(app, 'telegram-settings');

      // Settings' short screens: the limits are saved with the MainButton; Edit Profile's locked
      // fields, saved with the MainButton, cancelled with the SecondaryButton.
      await navigate(page, '/settings/limits');
      await page.getByLabel(tr(lang, 'spending.label.daily')).waitFor();
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_main_button'))
        .toMatchObject({ is_visible: true, text: tr(lang, 'spending.save') });
      await screenshot(app, 'telegram-settings-limits');
      await navigate(page, '/profile-settings');
      await page
        .getByRole('button', {
          name: tr(lang, 'profileSettings.editField', { field: tr(lang, 'profileSettings.name') }),
        })
        .waitFor();
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_main_button'))
        .toMatchObject({ is_visible: true, text: tr(lang, 'profileSettings.update') });
      await expect
        .poll(() => lastSetup(page, 'web_app_setup_secondary_button'))
        .toMatchObject({ is_visible: true, text: tr(lang, 'common.cancel') });
      await screenshot(app, 'telegram-profile-settings');
      await page.setViewportSize({ width: 360, height: 740 });
      await screenshot(app, 'telegram-profile-settings-360');
      await hostSends(page, 'secondary_button_pressed');
      await heading(page, tr(lang, 'settings.title')).waitFor();
      await expect
        .poll(async () => (await lastSetup(page, 'web_app_setup_secondary_button'))?.is_visible)
        .toBe(false);
      await settle(page);
      await screenshot(app, 'telegram-settings-360');
      await page.setViewportSize({ width: 390, height: 844 });

      // Fullscreen: Telegram's safe area and its own controls' area push the page down.
      await hostSends(page, 'safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 });
      await hostSends(page, 'content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 });
      await expect
        .poll(() =>
          page.evaluate(() => getComputedStyle(document.querySelector('.app-shell')!).paddingTop),
        )
        .toBe('93px');
      expect((await page.locator('.page-header').first().boundingBox())!.y).toBeGreaterThanOrEqual(
        93,
      );
      await screenshot(app, 'telegram-fullscreen-settings');
      await expectHealthy(app, 'telegram settings', [/Telegram\.WebView/]);
      await app.context.close();
    },
  );
});
