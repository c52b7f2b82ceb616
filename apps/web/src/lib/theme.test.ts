import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTheme, setTheme, startTheme, THEME_KEY } from './theme';

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
});
