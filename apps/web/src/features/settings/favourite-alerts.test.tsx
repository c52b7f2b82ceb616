import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearDataCache, getCachedData, setCachedData } from '../../lib/use-data';
import { USER_DATA_KEY, type CurrentUser } from '../../lib/user';
import { FavouriteAlerts } from './favourite-alerts';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const telegram = { inside: true, allows: true };
const requestWriteAccess = vi.fn(async () => telegram.allows);
vi.mock('../../lib/telegram', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/telegram')>()),
  isInTelegram: () => telegram.inside,
  requestWriteAccess: () => requestWriteAccess(),
}));

const user = (allows: boolean) => ({ allows_write_to_pm: allows }) as unknown as CurrentUser;
const toggle = () => screen.getByRole('switch', { name: 'Tell me when they are online' });

function serve(alerts = false) {
  callApi.mockImplementation(async (name: string, input?: { body?: { enabled?: boolean } }) => {
    if (name === 'GetFavourites') return { status: 'success', manager_ids: [], alerts };
    if (name === 'SetFavouriteAlerts') return { status: 'success', alerts: input!.body!.enabled };
    return { status: 'success' };
  });
}

describe('favourite alerts in Settings', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
    requestWriteAccess.mockClear();
    telegram.inside = true;
    telegram.allows = true;
  });

  it('is off by default and turns on without asking when the bot may already write', async () => {
    serve();
    render(<FavouriteAlerts user={user(true)} />);
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('SetFavouriteAlerts', { body: { enabled: true } }),
    );
    expect(requestWriteAccess).not.toHaveBeenCalled();
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });

  it("asks for the bot's write access first, and stays off when it is refused", async () => {
    serve();
    setCachedData(USER_DATA_KEY, user(false));
    telegram.allows = false;
    render(<FavouriteAlerts user={user(false)} />);
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('SetWriteAccess', { body: { allowed: false } }),
    );
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    expect(callApi).not.toHaveBeenCalledWith('SetFavouriteAlerts', expect.anything());

    telegram.allows = true;
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('SetFavouriteAlerts', { body: { enabled: true } }),
    );
    expect(getCachedData<CurrentUser>(USER_DATA_KEY)?.allows_write_to_pm).toBe(true);
  });

  it('goes back when the server refuses', async () => {
    serve(true);
    render(<FavouriteAlerts user={user(true)} />);
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    callApi.mockRejectedValueOnce(new Error('offline'));
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().hasAttribute('disabled')).toBe(false));
    expect(toggle().getAttribute('aria-checked')).toBe('true');
  });
});
