import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentTheme,
  currentThemeChoice,
  setTheme,
  setThemeChoice,
  startTheme,
  THEME_KEY,
} from './theme';

describe('theme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the stored choice under the theme key', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    startTheme();
    expect(currentTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('follows the system without a stored choice, and stores a choice the user makes', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark'),
      addEventListener: () => {},
    }));
    startTheme();
    expect(currentTheme()).toBe('dark');
    setTheme('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('Auto forgets the stored theme and follows the system again; Light and Dark are kept', () => {
    let dark = true;
    const changes: (() => void)[] = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark') && dark,
      addEventListener: (_: string, listener: () => void) => changes.push(listener),
    }));
    localStorage.setItem(THEME_KEY, 'light');
    startTheme();
    expect(currentThemeChoice()).toBe('light');
    expect(currentTheme()).toBe('light');

    setThemeChoice('auto');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(currentThemeChoice()).toBe('auto');
    expect(currentTheme()).toBe('dark');
    // The system switches to light: Auto follows it.
    dark = false;
    for (const change of changes) change();
    expect(currentTheme()).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(currentThemeChoice()).toBe('dark');
    // A chosen theme stays when the system switches.
    dark = false;
    for (const change of changes) change();
    expect(currentTheme()).toBe('dark');
  });
});
