/**
 * The one bridge to Telegram's Mini App API (window.Telegram.WebApp), with plain-browser
 * fallbacks so every screen also works outside Telegram. See docs/decisions/004-telegram-bridge.md.
 */

type HapticImpact = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
type HapticNotice = 'error' | 'success' | 'warning';
export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';
export type ColorScheme = 'light' | 'dark';

interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface ThemeParams {
  bg_color?: string;
  text_color?: string;
  hint_color?: string;
  link_color?: string;
  button_color?: string;
  button_text_color?: string;
  secondary_bg_color?: string;
  header_bg_color?: string;
  bottom_bar_bg_color?: string;
  accent_text_color?: string;
  section_bg_color?: string;
  section_header_text_color?: string;
  section_separator_color?: string;
  subtitle_text_color?: string;
  destructive_text_color?: string;
}

/** Telegram's MainButton and SecondaryButton (Bot API 7.10 names). */
interface TelegramBottomButton {
  setParams(params: {
    text?: string;
    color?: string;
    text_color?: string;
    is_active?: boolean;
    is_visible?: boolean;
    has_shine_effect?: boolean;
  }): unknown;
  showProgress(leaveActive?: boolean): unknown;
  hideProgress(): unknown;
  onClick(handler: () => void): unknown;
  offClick(handler: () => void): unknown;
}

/** The part of Telegram's WebApp object Seer uses (Bot API 8.0 names). */
export interface TelegramWebApp {
  initData: string;
  initDataUnsafe?: {
    user?: { id: number; language_code?: string; photo_url?: string };
    /** The Mini App link's startapp parameter (t.me/<bot>/<app>?startapp=...). */
    start_param?: string;
  };
  version: string;
  platform: string;
  colorScheme: ColorScheme;
  themeParams: ThemeParams;
  viewportHeight: number;
  viewportStableHeight: number;
  safeAreaInset?: Insets;
  contentSafeAreaInset?: Insets;
  isVersionAtLeast(version: string): boolean;
  ready(): void;
  expand(): void;
  close?(): void;
  setHeaderColor?(color: string): void;
  setBackgroundColor?(color: string): void;
  setBottomBarColor?(color: string): void;
  disableVerticalSwipes?(): void;
  enableVerticalSwipes?(): void;
  requestWriteAccess?(callback?: (allowed: boolean) => void): void;
  openInvoice?(url: string, callback?: (status: InvoiceStatus) => void): void;
  openTelegramLink(url: string): void;
  /** Bot API 8.0: shares a message the bot prepared with savePreparedInlineMessage. */
  shareMessage?(id: string, callback?: (sent: boolean) => void): void;
  /** Bot API 7.8: opens the story editor with a picture; the widget link shows for Premium users. */
  shareToStory?(
    mediaUrl: string,
    params?: { text?: string; widget_link?: { url: string; name?: string } },
  ): void;
  openLink(url: string): void;
  onEvent(event: string, handler: (...args: unknown[]) => void): void;
  offEvent(event: string, handler: (...args: unknown[]) => void): void;
  BackButton: {
    show(): void;
    hide(): void;
    onClick(handler: () => void): void;
    offClick(handler: () => void): void;
  };
  MainButton?: TelegramBottomButton;
  SecondaryButton?: TelegramBottomButton;
  SettingsButton?: {
    show(): void;
    hide(): void;
    onClick(handler: () => void): void;
    offClick(handler: () => void): void;
  };
  HapticFeedback?: {
    impactOccurred(style: HapticImpact): void;
    notificationOccurred(type: HapticNotice): void;
    selectionChanged(): void;
  };
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

const SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';
const INIT_DATA_KEY = 'seer.tgWebAppData';

// Telegram puts the launch parameters in the URL hash; the router drops the hash on the
// first navigation, so read it once at start and keep it for this tab.
const launchParams = readLaunchParams();

function readLaunchParams(): URLSearchParams {
  if (typeof window === 'undefined') return new URLSearchParams();
  const params = new URLSearchParams(window.location.hash.slice(1));
  try {
    const data = params.get('tgWebAppData');
    if (data) sessionStorage.setItem(INIT_DATA_KEY, data);
    else {
      const kept = sessionStorage.getItem(INIT_DATA_KEY);
      if (kept) params.set('tgWebAppData', kept);
    }
  } catch {
    // sessionStorage can be blocked; the hash we read is still good for this page.
  }
  return params;
}

/** The WebApp object when Telegram's script is loaded (or the host injected it). */
function webApp(): TelegramWebApp | null {
  const app = typeof window === 'undefined' ? undefined : window.Telegram?.WebApp;
  return app && (app.initData || launchParams.has('tgWebAppData')) ? app : null;
}

/** True when Seer was opened from Telegram (launch parameters present), even before the script loads. */
export function isInTelegram(): boolean {
  return launchParams.has('tgWebAppData') || Boolean(window.Telegram?.WebApp?.initData);
}

/**
 * Telegram's platform name (`Telegram.WebApp.platform`: ios, android, tdesktop, macos, weba, webk,
 * unknown...) when opened from Telegram, also before its script has loaded (the launch URL's
 * tgWebAppPlatform); null in a plain browser.
 */
export function telegramPlatform(): string | null {
  if (!isInTelegram()) return null;
  return window.Telegram?.WebApp?.platform || launchParams.get('tgWebAppPlatform') || 'unknown';
}

/** Closes the Mini App inside Telegram (so it can be opened again with fresh init data); reloads the page elsewhere. */
export function closeOrReload(): void {
  const app = webApp();
  if (app?.close) app.close();
  else window.location.reload();
}

/** Telegram's init data for this launch, or '' in a plain browser. */
export function launchInitData(): string {
  return window.Telegram?.WebApp?.initData || launchParams.get('tgWebAppData') || '';
}

/** The language code of the Telegram user, when opened from Telegram. */
export function telegramLanguageCode(): string | null {
  const fromApp = window.Telegram?.WebApp?.initDataUnsafe?.user?.language_code;
  if (fromApp) return fromApp;
  try {
    const raw = new URLSearchParams(launchInitData()).get('user');
    const user = raw ? (JSON.parse(raw) as { language_code?: unknown }) : null;
    return typeof user?.language_code === 'string' ? user.language_code : null;
  } catch {
    return null;
  }
}

/**
 * Loads Telegram's script only when launched from Telegram: a plain browser (and the
 * offline tests) never waits for telegram.org. Resolves even if the script fails or is slow.
 */
export function loadTelegramScript(timeoutMs = 4000): Promise<void> {
  if (!isInTelegram() || window.Telegram?.WebApp) return Promise.resolve();
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    script.onload = done;
    script.onerror = done;
    document.head.appendChild(script);
  });
}

const root = () => document.documentElement.style;

function applyInsets(): void {
  const app = webApp();
  const style = root();
  const safe = app?.safeAreaInset;
  const content = app?.contentSafeAreaInset;
  // Telegram's insets add to the browser's own env(safe-area-inset-*), which covers plain browsers.
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    style.setProperty(`--tg-safe-${side}`, `${(safe?.[side] ?? 0) + (content?.[side] ?? 0)}px`);
  }
}

function applyViewport(): void {
  const app = webApp();
  // The stable height does not jump while the keyboard animates; without Telegram, dvh does the job.
  if (app?.viewportStableHeight)
    root().setProperty('--app-height', `${app.viewportStableHeight}px`);
  else root().removeProperty('--app-height');
}

const themeListeners = new Set<() => void>();

/** Calls back when Telegram's colour scheme or theme colours change. */
export function onTelegramThemeChange(listener: () => void): () => void {
  themeListeners.add(listener);
  return () => themeListeners.delete(listener);
}

let started = false;

/** Tells Telegram the app is ready, expands it and starts following viewport, insets and theme. */
export function startTelegram(): void {
  const app = webApp();
  if (!app || started) return;
  started = true;
  app.ready();
  app.expand();
  applyInsets();
  applyViewport();
  app.onEvent('viewportChanged', applyViewport);
  app.onEvent('safeAreaChanged', applyInsets);
  app.onEvent('contentSafeAreaChanged', applyInsets);
  app.onEvent('themeChanged', () => {
    for (const listener of themeListeners) listener();
  });
}

export function telegramColorScheme(): ColorScheme | null {
  return webApp()?.colorScheme ?? null;
}

export function telegramThemeParams(): ThemeParams | null {
  return webApp()?.themeParams ?? null;
}

/** The colours Seer hands to Telegram (decision 053): its header, background, bottom bar and buttons. */
export interface TelegramColors {
  background: string;
  button: string;
  buttonText: string;
  secondaryButton: string;
  secondaryButtonText: string;
}

let colors: TelegramColors | null = null;

/**
 * Paints Telegram's header, the background behind the page and the bottom bar in the page's own
 * background, and its MainButton/SecondaryButton in Seer's accent, so no Telegram blue sits on violet.
 */
export function setTelegramColors(next: TelegramColors): void {
  colors = next;
  const app = webApp();
  if (!app || !app.isVersionAtLeast('6.1')) return;
  app.setHeaderColor?.(next.background);
  app.setBackgroundColor?.(next.background);
  if (app.isVersionAtLeast('7.10')) app.setBottomBarColor?.(next.background);
  for (const kind of BOTTOM_BUTTON_KINDS) applyBottomButton(kind);
}

export type BottomButtonKind = 'main' | 'secondary';
const BOTTOM_BUTTON_KINDS: readonly BottomButtonKind[] = ['main', 'secondary'];

export interface BottomButtonState {
  text: string;
  onClick: () => void;
  /** Greyed out and not pressable. */
  disabled?: boolean;
  /** Telegram's spinner on the button (and not pressable) while the action runs. */
  progress?: boolean;
  /** Hidden for now (an overlay is open over the screen). */
  hidden?: boolean;
}

const bottomButtons: Record<BottomButtonKind, BottomButtonState | null> = {
  main: null,
  secondary: null,
};
const bottomButtonClick: Record<BottomButtonKind, () => void> = {
  main: () => pressBottomButton('main'),
  secondary: () => pressBottomButton('secondary'),
};
// The Telegram buttons our click dispatchers are attached to.
const hookedButtons = new WeakSet<TelegramBottomButton>();

function pressBottomButton(kind: BottomButtonKind): void {
  const state = bottomButtons[kind];
  if (!state || state.disabled || state.progress || state.hidden) return;
  haptic.impact('light');
  state.onClick();
}

function telegramBottomButton(kind: BottomButtonKind): TelegramBottomButton | null {
  const app = webApp();
  if (!app) return null;
  if (kind === 'main') return app.isVersionAtLeast('6.1') ? (app.MainButton ?? null) : null;
  return app.isVersionAtLeast('7.10') ? (app.SecondaryButton ?? null) : null;
}

/** Whether Telegram draws this button (inside Telegram: MainButton 6.1+, SecondaryButton 7.10+). */
export function hasNativeBottomButton(kind: BottomButtonKind): boolean {
  return telegramBottomButton(kind) !== null;
}

function applyBottomButton(kind: BottomButtonKind): void {
  const button = telegramBottomButton(kind);
  if (!button) return;
  const state = bottomButtons[kind];
  if (!hookedButtons.has(button)) {
    button.onClick(bottomButtonClick[kind]);
    hookedButtons.add(button);
  }
  if (!state || state.hidden) {
    button.setParams({ is_visible: false });
  } else {
    button.setParams({
      text: state.text,
      ...(colors && {
        color: kind === 'main' ? colors.button : colors.secondaryButton,
        text_color: kind === 'main' ? colors.buttonText : colors.secondaryButtonText,
      }),
      is_active: !state.disabled && !state.progress,
      is_visible: true,
    });
    if (state.progress) button.showProgress(false);
    else button.hideProgress();
  }
  const shown = BOTTOM_BUTTON_KINDS.some((each) => {
    const current = bottomButtons[each];
    return current && !current.hidden && telegramBottomButton(each);
  });
  // Telegram's bottom bar takes the place of the in-page bottom bar while it shows a button.
  if (shown) document.documentElement.dataset.telegramBottomButton = '';
  else delete document.documentElement.dataset.telegramBottomButton;
}

/**
 * Shows Telegram's MainButton or SecondaryButton with `state` (null hides it). The caller
 * checks hasNativeBottomButton first; outside Telegram this does nothing.
 */
export function setBottomButton(kind: BottomButtonKind, state: BottomButtonState | null): void {
  bottomButtons[kind] = state;
  applyBottomButton(kind);
}

/** Shows "Settings" in the Mini App's menu calling `onOpen`; returns the cleanup. */
export function showSettingsButton(onOpen: () => void): () => void {
  const app = webApp();
  const button = app?.isVersionAtLeast('7.0') ? app.SettingsButton : undefined;
  if (!button) return () => {};
  button.onClick(onOpen);
  button.show();
  return () => {
    button.offClick(onOpen);
    button.hide();
  };
}

/** Shows Telegram's BackButton calling `onBack`; returns the cleanup. No-op in a browser. */
export function showBackButton(onBack: () => void): () => void {
  const app = webApp();
  if (!app || !app.isVersionAtLeast('6.1')) return () => {};
  app.BackButton.onClick(onBack);
  app.BackButton.show();
  return () => {
    app.BackButton.offClick(onBack);
    app.BackButton.hide();
  };
}

/** Whether screens should draw their own back arrow (Telegram draws one in its header). */
export function hasNativeBackButton(): boolean {
  return Boolean(webApp()?.isVersionAtLeast('6.1'));
}

export const haptic = {
  impact(style: HapticImpact = 'light'): void {
    const app = webApp();
    if (app?.isVersionAtLeast('6.1')) app.HapticFeedback?.impactOccurred(style);
  },
  notify(type: HapticNotice): void {
    const app = webApp();
    if (app?.isVersionAtLeast('6.1')) app.HapticFeedback?.notificationOccurred(type);
  },
  selection(): void {
    const app = webApp();
    if (app?.isVersionAtLeast('6.1')) app.HapticFeedback?.selectionChanged();
  },
};

/** Stops the swipe-down-to-close gesture (used while chatting); returns the undo. */
export function disableVerticalSwipes(): () => void {
  const app = webApp();
  if (!app || !app.isVersionAtLeast('7.7')) return () => {};
  app.disableVerticalSwipes?.();
  return () => app.enableVerticalSwipes?.();
}

/** Asks the user to let the bot write to them. Resolves false in a browser. */
export function requestWriteAccess(): Promise<boolean> {
  const app = webApp();
  if (!app?.requestWriteAccess || !app.isVersionAtLeast('6.9')) return Promise.resolve(false);
  return new Promise((resolve) => app.requestWriteAccess!((allowed) => resolve(Boolean(allowed))));
}

/** Opens a Telegram invoice (Stars). In a browser the link opens in a new tab and the status is unknown. */
export function openInvoice(url: string): Promise<InvoiceStatus> {
  const app = webApp();
  if (!app?.openInvoice || !app.isVersionAtLeast('6.1')) {
    window.open(url, '_blank', 'noopener');
    return Promise.resolve('pending');
  }
  return new Promise((resolve) => app.openInvoice!(url, (status) => resolve(status)));
}

/** Opens a t.me link inside Telegram, or in a new tab in a browser. */
export function openTelegramLink(url: string): void {
  const app = webApp();
  if (app) app.openTelegramLink(url);
  else window.open(url, '_blank', 'noopener');
}

/** Opens an outside link (Telegram's in-app browser when available). */
export function openExternalLink(url: string): void {
  const app = webApp();
  if (app) app.openLink(url);
  else window.open(url, '_blank', 'noopener');
}

/**
 * Calls back when the user returns to the app: Telegram's `activated` (Bot API 8.0) inside
 * Telegram, the page becoming visible or the network coming back anywhere.
 */
export function onAppActive(listener: () => void): () => void {
  const app = webApp();
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', listener);
  app?.onEvent('activated', listener);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', listener);
    app?.offEvent('activated', listener);
  };
}

let startParamTaken = false;

/**
 * The start parameter this launch came with (a Mini App link's `startapp`), once: later calls
 * answer null, so the app acts on a deep link only at launch. Telegram gives it in
 * initDataUnsafe.start_param, in the launch URL (tgWebAppStartParam) and inside the init data.
 */
export function takeStartParam(): string | null {
  if (startParamTaken) return null;
  startParamTaken = true;
  const fromApp = window.Telegram?.WebApp?.initDataUnsafe?.start_param;
  if (fromApp) return fromApp;
  const fromUrl = launchParams.get('tgWebAppStartParam');
  if (fromUrl) return fromUrl;
  return new URLSearchParams(launchInitData()).get('start_param');
}

/**
 * Shares a message the bot prepared (Telegram.WebApp.shareMessage, Bot API 8.0); false when
 * this Telegram cannot, so the caller falls back to a share link.
 */
export function shareMessage(preparedMessageId: string): boolean {
  const app = webApp();
  if (!app?.shareMessage || !app.isVersionAtLeast('8.0')) return false;
  app.shareMessage(preparedMessageId);
  return true;
}

/** Whether shareMessage can work here (inside Telegram 8.0 or newer). */
export function canShareMessage(): boolean {
  const app = webApp();
  return Boolean(app?.shareMessage && app.isVersionAtLeast('8.0'));
}

/** Telegram's apps that post stories (the phone apps); desktop and web clients do not. */
const STORY_PLATFORMS = new Set(['android', 'android_x', 'ios']);

/** Whether shareToStory can work here (Telegram 7.8 or newer on a phone). */
export function canShareToStory(): boolean {
  const app = webApp();
  return Boolean(
    app?.shareToStory && app.isVersionAtLeast('7.8') && STORY_PLATFORMS.has(app.platform),
  );
}

/**
 * Opens Telegram's story editor with the picture at `mediaUrl` (HTTPS, reachable by Telegram),
 * a caption, and a link widget (e.g. the invite's startapp=ref_… link); false when this Telegram
 * cannot.
 */
export function shareToStory(
  mediaUrl: string,
  options: { text?: string; link?: { url: string; name: string } } = {},
): boolean {
  const app = webApp();
  if (!canShareToStory() || !app?.shareToStory) return false;
  app.shareToStory(mediaUrl, {
    ...(options.text ? { text: options.text } : {}),
    ...(options.link ? { widget_link: { url: options.link.url, name: options.link.name } } : {}),
  });
  return true;
}
