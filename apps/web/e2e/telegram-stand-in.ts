/** Telegram inside the browser for the end-to-end tests. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
/**
 * A stand-in for window.Telegram.WebApp (the object Telegram's script provides), recording every
 * call, for page.addInitScript: it is installed before any script of the page runs. Telegram's
 * user speaks `languageCode` (English unless told), whatever the browser says.
 */
export function telegramStandIn({
  initData,
  languageCode = 'en',
}: {
  initData: string;
  languageCode?: string;
}) {
  type Handler = (...args: unknown[]) => void;
  const calls: string[] = [];
  const handlers = new Map<string, Set<Handler>>();
  const backHandlers = new Set<Handler>();
  const app = {
    initData,
    // Telegram's user's language, whatever the browser says: the app must follow Telegram.
    initDataUnsafe: {
      user: {
        ...JSON.parse(new URLSearchParams(initData).get('user') ?? '{}'),
        language_code: languageCode,
      },
    },
    version: '8.0',
    platform: 'android',
    colorScheme: 'dark',
    themeParams: {
      bg_color: '#17212b',
      text_color: '#f5f5f5',
      button_color: '#5288c1',
      button_text_color: '#ffffff',
      secondary_bg_color: '#232e3c',
      hint_color: '#708499',
    },
    viewportHeight: 844,
    viewportStableHeight: 844,
    isVersionAtLeast: (version: string) => Number(version) <= 8,
    ready: () => calls.push('ready'),
    expand: () => calls.push('expand'),
    setHeaderColor: (color: string) => calls.push(`setHeaderColor:${color}`),
    setBackgroundColor: (color: string) => calls.push(`setBackgroundColor:${color}`),
    setBottomBarColor: () => calls.push('setBottomBarColor'),
    disableVerticalSwipes: () => calls.push('disableVerticalSwipes'),
    enableVerticalSwipes: () => calls.push('enableVerticalSwipes'),
    openTelegramLink: () => {},
    openLink: () => {},
    onEvent: (event: string, handler: Handler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    offEvent: (event: string, handler: Handler) => handlers.get(event)?.delete(handler),
    BackButton: {
      isVisible: false,
      show() {
        this.isVisible = true;
        calls.push('BackButton.show');
      },
      hide() {
        this.isVisible = false;
        calls.push('BackButton.hide');
      },
      onClick: (handler: Handler) => backHandlers.add(handler),
      offClick: (handler: Handler) => backHandlers.delete(handler),
    },
    HapticFeedback: {
      impactOccurred: (style: string) => calls.push(`haptic:${style}`),
      notificationOccurred: (type: string) => calls.push(`notify:${type}`),
      selectionChanged: () => calls.push('haptic:selection'),
    },
  };
  const test = {
    calls,
    pressBack: () => backHandlers.forEach((handler) => handler()),
    /** What Telegram does when the keyboard opens: a smaller stable viewport, then viewportChanged. */
    setStableHeight: (height: number) => {
      app.viewportHeight = height;
      app.viewportStableHeight = height;
      handlers.get('viewportChanged')?.forEach((handler) => handler({ isStateStable: true }));
    },
  };
  Object.assign(window, { Telegram: { WebApp: app }, __telegramTest: test });
}

// The package exports only its wrapper (dist/index.js); Telegram's script sits beside it.
const TELEGRAM_SCRIPT = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@twa-dev/sdk')),
    'telegram-web-apps.js',
  ),
  'utf8',
);

/** An event the app posted to Telegram's host (web_app_setup_main_button, ...). */
export interface HostEvent {
  type: string;
  data: Record<string, unknown> | null;
}

/** Installed before any script of the page: the host side of Telegram's bridge. */
function hostStandIn() {
  const events: Array<{ type: string; data: unknown }> = [];
  Object.assign(window, {
    __hostEvents: events,
    TelegramWebviewProxy: {
      postEvent(type: string, data?: string) {
        events.push({ type, data: data === undefined ? null : JSON.parse(data) });
      },
    },
  });
}

/**
 * Opens `path` the way Telegram opens a Mini App: the launch parameters in the URL's hash (init
 * data, version, platform, Telegram's theme), Telegram's own telegram-web-app.js (served from the
 * @twa-dev/sdk package in place of telegram.org) and a stand-in for the host's
 * TelegramWebviewProxy.postEvent recording every event the app posts (hostEvents).
 */
export async function openInTelegram(
  page: Page,
  {
    initData,
    themeParams,
    path: start = '/',
  }: { initData: string; themeParams: object; path?: string },
): Promise<void> {
  await page.route('https://telegram.org/js/telegram-web-app.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: TELEGRAM_SCRIPT }),
  );
  await page.addInitScript(hostStandIn);
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(themeParams),
  });
  await page.goto(`${start}#${hash.toString()}`);
}

/** Every event the app has posted to the host so far (after openInTelegram). */
export const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hostEvents: HostEvent[] }).__hostEvents);

/** The last setup of a Telegram control (web_app_setup_main_button, ...), or null. */
export async function lastSetup(page: Page, type: string): Promise<Record<string, unknown> | null> {
  const all = (await hostEvents(page)).filter((event) => event.type === type);
  return all[all.length - 1]?.data ?? null;
}

/** What Telegram's host sends: a press of a button, a new safe area... */
export const hostSends = (page: Page, type: string, data?: unknown) =>
  page.evaluate(
    ([eventType, eventData]) =>
      (
        window as unknown as {
          Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } };
        }
      ).Telegram.WebView.receiveEvent(eventType as string, eventData),
    [type, data] as const,
  );
