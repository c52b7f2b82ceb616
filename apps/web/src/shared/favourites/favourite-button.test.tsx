import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { clearDataCache, getCachedData } from '../../lib/use-data';
import { FavouriteButton } from './favourite-button';
import { FAVOURITES_KEY, type Favourites } from './favourites';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const heart = () => screen.getByRole('button', { name: 'Favourite: Luna' });

describe('favourite button', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('is a pressed toggle that changes at once and tells the server', async () => {
    callApi.mockImplementation(async (name: string) =>
      name === 'GetFavourites'
        ? { status: 'success', manager_ids: [], alerts: false }
        : { status: 'success', manager_id: 3, favourite: name === 'AddFavourite' },
    );
    render(<FavouriteButton advisorId={3} name="Luna" />);
    await waitFor(() => expect(callApi).toHaveBeenCalledWith('GetFavourites'));
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(callApi).toHaveBeenCalledWith('AddFavourite', { body: { manager_id: 3 } });
    await act(async () => {});
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(callApi).toHaveBeenCalledWith('RemoveFavourite', { body: { manager_id: 3 } });
  });

  it('goes back and says so when the server refuses', async () => {
    let refuse: (error: unknown) => void = () => {};
    callApi.mockImplementation((name: string) =>
      name === 'GetFavourites'
        ? Promise.resolve({ status: 'success', manager_ids: [7], alerts: false })
        : new Promise((_, reject) => (refuse = reject)),
    );
    render(<FavouriteButton advisorId={3} name="Luna" />);
    await waitFor(() =>
      expect(getCachedData<Favourites>(FAVOURITES_KEY)?.manager_ids).toEqual([7]),
    );
    fireEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(getCachedData<Favourites>(FAVOURITES_KEY)?.manager_ids).toEqual([3, 7]);
    await act(async () => refuse(new ApiError(0, 'network', 'offline')));
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(getCachedData<Favourites>(FAVOURITES_KEY)?.manager_ids).toEqual([7]);
  });
});
