/**
 * Light or dark theme, stored under localStorage `theme`. Inside Telegram, without a stored
 * choice, Seer follows Telegram's colour scheme and its theme colours.
 */
import { useSyncExternalStore } from 'react';
import {
  onTelegramThemeChange,
  setTelegramColors,
  telegramColorScheme,
  telegramThemeParams,
} from './telegram';
import { PALETTE_VARIABLES, telegramPalette } from './palette';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

const listeners = new Set<() => void>();
let current: Theme = 'light';

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function apply(theme: Theme): void {
  current = theme;
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  // Telegram's background and text colours with Seer's violet as the accent (decision 053), while
  // the scheme matches Telegram's; otherwise Seer's own palette for that scheme.
  const params = telegramThemeParams();
  const palette = params && telegramColorScheme() === theme ? telegramPalette(params, theme) : null;
  for (const variable of PALETTE_VARIABLES) {
    const value = palette?.variables[variable];
    if (value) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
  const style = getComputedStyle(root);
  const color = (variable: string) => style.getPropertyValue(variable).trim();
  if (color('--color-bg').startsWith('#'))
    setTelegramColors({
      background: color('--color-bg'),
      button: color('--color-accent'),
      buttonText: color('--color-on-accent'),
      secondaryButton: color('--color-surface'),
      secondaryButtonText: color('--color-accent'),
    });
  for (const listener of listeners) listener();
}

function resolveTheme(): Theme {
  return storedTheme() ?? telegramColorScheme() ?? systemTheme();
}

/** Applies the theme at start and keeps following Telegram until the user picks one. */
export function startTheme(): void {
  apply(resolveTheme());
  onTelegramThemeChange(() => apply(resolveTheme()));
  // Outside Telegram, without a stored choice, follow the system switching between light and dark.
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () =>
      apply(resolveTheme()),
    );
  }
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Lasts for this page only.
  }
  apply(theme);
}

export function currentTheme(): Theme {
  return current;
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentTheme,
    currentTheme,
  );
}
