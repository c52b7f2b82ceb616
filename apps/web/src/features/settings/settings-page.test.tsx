/** The language choice in Settings: it switches the app and tells the server (decision 042). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { localeChoice, setLocale } from '../../lib/i18n';
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
    fireEvent.click(screen.getByRole('button', { name: 'Auto' }));
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
