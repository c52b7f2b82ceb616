/** The language choice in Settings: it switches the app and tells the server (decision 042). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { localeChoice, setLocale } from '../../lib/i18n';
import { THEME_KEY, currentThemeChoice } from '../../lib/theme';
import SettingsPage from './settings-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

/** The server keeps the choice; every other call of the page fails (offline), which it survives. */
function serve(options: { saves: boolean }) {
  callApi.mockImplementation(async (name: string, input?: { body?: object }) => {
    if (name === 'UpdatePreferences' && options.saves)
      return { status: 'success', preferences: { sound: true, theme: 'system', ...input?.body } };
    throw new Error('offline');
  });
}

const preferencesOf = () =>
  callApi.mock.calls.filter(([name]) => name === 'UpdatePreferences').map(([, input]) => input);

describe('the language in Settings', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
  });
  afterEach(async () => {
    await setLocale('en', 'all');
  });

  it('sends the chosen language to the server, and null for Auto', async () => {
    serve({ saves: true });
    render(<SettingsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Русский' }));
    await screen.findByRole('heading', { name: 'Настройки' });
    expect(preferencesOf()).toEqual([{ body: { language: 'ru' } }]);

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { name: 'Settings' });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'Auto' }),
    );
    await waitFor(() => expect(preferencesOf()).toHaveLength(3));
    expect(preferencesOf().slice(1)).toEqual([
      { body: { language: 'en' } },
      { body: { language: null } },
    ]);
    expect(localeChoice()).toBe('auto');
  });

  it('switches the app and keeps the choice when the server cannot be told', async () => {
    serve({ saves: false });
    render(<SettingsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Русский' }));
    await screen.findByRole('heading', { name: 'Настройки' });
    expect(preferencesOf()).toEqual([{ body: { language: 'ru' } }]);
    expect(localeChoice()).toBe('ru');
    expect(screen.getByRole('button', { name: 'Русский' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});

describe('the theme in Settings', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
    localStorage.removeItem(THEME_KEY);
  });

  it('offers Auto, Light and Dark, and tells the server (Auto as system)', async () => {
    serve({ saves: true });
    render(<SettingsPage />);
    const theme = within(screen.getByRole('group', { name: 'Theme' }));
    expect(theme.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Auto',
      'Light',
      'Dark',
    ]);
    // Nothing stored: Auto is the choice shown.
    expect(theme.getByRole('button', { name: 'Auto' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(theme.getByRole('button', { name: 'Dark' }));
    expect(theme.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    fireEvent.click(theme.getByRole('button', { name: 'Auto' }));
    expect(currentThemeChoice()).toBe('auto');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    await waitFor(() => expect(preferencesOf()).toHaveLength(2));
    expect(preferencesOf()).toEqual([{ body: { theme: 'dark' } }, { body: { theme: 'system' } }]);
  });
});
