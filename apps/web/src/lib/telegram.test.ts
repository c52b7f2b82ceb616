import { afterEach, describe, expect, it, vi } from 'vitest';
import { disableVerticalSwipes, launchInitData, showBackButton, startTelegram } from './telegram';
import { currentTheme, startTheme } from './theme';

function fakeWebApp() {
  return {
    initData: 'query_id=1&user=%7B%22id%22%3A5%7D&hash=abc',
    version: '8.0',
    platform: 'ios',
    colorScheme: 'dark' as const,
    themeParams: {
      bg_color: '#101020',
      text_color: '#fafafa',
      button_color: '#8774e1',
      button_text_color: '#ffffff',
    },
    viewportHeight: 700,
    viewportStableHeight: 640,
    safeAreaInset: { top: 44, bottom: 34, left: 0, right: 0 },
    contentSafeAreaInset: { top: 10, bottom: 0, left: 0, right: 0 },
    isVersionAtLeast: () => true,
    ready: vi.fn(),
    expand: vi.fn(),
    setHeaderColor: vi.fn(),
    setBackgroundColor: vi.fn(),
    setBottomBarColor: vi.fn(),
    disableVerticalSwipes: vi.fn(),
    enableVerticalSwipes: vi.fn(),
    openTelegramLink: vi.fn(),
    openLink: vi.fn(),
    onEvent: vi.fn(),
    offEvent: vi.fn(),
    BackButton: { show: vi.fn(), hide: vi.fn(), onClick: vi.fn(), offClick: vi.fn() },
  };
}

describe('inside Telegram', () => {
  afterEach(() => {
    delete window.Telegram;
  });

  it('signals ready, expands, and publishes the stable height and safe areas as CSS variables', () => {
    const app = fakeWebApp();
    window.Telegram = { WebApp: app };
    expect(launchInitData()).toBe(app.initData);
    startTelegram();
    expect(app.ready).toHaveBeenCalled();
    expect(app.expand).toHaveBeenCalled();
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--app-height')).toBe('640px');
    expect(style.getPropertyValue('--tg-safe-top')).toBe('54px');
    expect(style.getPropertyValue('--tg-safe-bottom')).toBe('34px');
  });

  it("follows Telegram's colour scheme and colours when the user chose none, with Seer's violet as the accent", () => {
    const app = fakeWebApp();
    window.Telegram = { WebApp: app };
    startTheme();
    expect(currentTheme()).toBe('dark');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-bg')).toBe('#101020');
    expect(style.getPropertyValue('--color-text')).toBe('#fafafa');
    // Not Telegram's button colour: Seer's violet, with its own computed on-colour.
    expect(style.getPropertyValue('--color-accent')).toBe('#a58bff');
    expect(style.getPropertyValue('--color-on-accent')).toBe('#140c2e');
    expect(app.setHeaderColor).toHaveBeenCalledWith('#101020');
    expect(app.setBottomBarColor).toHaveBeenCalledWith('#101020');
  });

  it('shows the BackButton with its handler and hides it on cleanup; swipes come back after chatting', () => {
    const app = fakeWebApp();
    window.Telegram = { WebApp: app };
    const onBack = () => {};
    const hide = showBackButton(onBack);
    expect(app.BackButton.onClick).toHaveBeenCalledWith(onBack);
    expect(app.BackButton.show).toHaveBeenCalled();
    hide();
    expect(app.BackButton.offClick).toHaveBeenCalledWith(onBack);
    expect(app.BackButton.hide).toHaveBeenCalled();
    const restore = disableVerticalSwipes();
    expect(app.disableVerticalSwipes).toHaveBeenCalled();
    restore();
    expect(app.enableVerticalSwipes).toHaveBeenCalled();
  });
});

describe('in a plain browser', () => {
  it('has no init data and every Telegram-only call is a harmless no-op', () => {
    expect(launchInitData()).toBe('');
    expect(() => showBackButton(() => {})()).not.toThrow();
    expect(() => disableVerticalSwipes()()).not.toThrow();
  });
});
