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
  type ThemeParams,
} from './telegram';

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

/** Telegram's colours mapped onto Seer's variables; only used while the scheme matches Telegram's. */
const TELEGRAM_VARIABLES: Array<[keyof ThemeParams, string]> = [
  ['bg_color', '--color-bg'],
  ['secondary_bg_color', '--color-surface-2'],
  ['section_bg_color', '--color-surface'],
  ['text_color', '--color-text'],
  ['link_color', '--color-link'],
  ['button_color', '--color-accent'],
  ['button_text_color', '--color-on-accent'],
  ['destructive_text_color', '--color-danger'],
];

function apply(theme: Theme): void {
  current = theme;
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  const params = telegramThemeParams();
  const followTelegram = params && telegramColorScheme() === theme;
  for (const [param, variable] of TELEGRAM_VARIABLES) {
    const value = followTelegram ? params[param] : undefined;
    if (value) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
  const background = getComputedStyle(root).getPropertyValue('--color-bg').trim();
  if (background.startsWith('#')) setTelegramColors(background);
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
