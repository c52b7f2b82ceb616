/** Telegram inside the browser for the end-to-end tests. */
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
