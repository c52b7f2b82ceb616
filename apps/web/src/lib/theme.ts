/**
 * Light or dark theme. The user's choice is Auto, Light or Dark: Light and Dark are stored under
 * localStorage `theme`; Auto (nothing stored) follows Telegram's colour scheme and its theme
 * colours inside Telegram, the system's light or dark outside it, live as they switch.
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
/** What the user chose in Settings: a theme, or Auto (follow Telegram or the system). */
export type ThemeChoice = Theme | 'auto';
export const THEME_KEY = 'theme';

const listeners = new Set<() => void>();
let current: Theme = 'light';
let choice: ThemeChoice = 'auto';

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
  choice = storedTheme() ?? 'auto';
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
  setThemeChoice(theme);
}

/** Auto forgets the stored theme and follows Telegram or the system again at once. */
export function setThemeChoice(next: ThemeChoice): void {
  try {
    if (next === 'auto') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
  } catch {
    // Lasts for this page only.
  }
  apply(next === 'auto' ? (telegramColorScheme() ?? systemTheme()) : next);
  // Where storage is refused, the choice still holds for this page.
  choice = next;
  for (const listener of listeners) listener();
}

export function currentThemeChoice(): ThemeChoice {
  return choice;
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

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentThemeChoice,
    currentThemeChoice,
  );
}
