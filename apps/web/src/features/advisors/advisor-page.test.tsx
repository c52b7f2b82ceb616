import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../lib/api-client';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import AdvisorPage from './advisor-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

/** The server's answers: GetManager fails with `managerError`; the user loads. */
function answering(managerError: ApiError) {
  callApi.mockImplementation((name: string) =>
    name === 'GetManager'
      ? Promise.reject(managerError)
      : Promise.resolve({ status: 'success', data: { name: null, first_name: 'Ann' } }),
  );
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <Route path="/operator/:id">
        <AdvisorPage />
      </Route>
    </Router>,
  );
}

describe('advisor page of a missing advisor', () => {
  beforeEach(async () => {
    clearDataCache();
    callApi.mockReset();
    await setLocale('en', 'all');
  });
  afterEach(() => setLocale('en', 'all'));

  it("says 'not found' for the server's 404 not_found and offers the advisors list", async () => {
    answering(new ApiError(404, 'not_found', 'Advisor 99999 not found'));
    renderAt('/operator/99999');
    expect(await screen.findByRole('heading', { name: 'Advisor not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show advisors' }).getAttribute('href')).toBe(
      '/operators',
    );
    expect(screen.queryByText('Error loading data')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(callApi).toHaveBeenCalledWith('GetManager', { query: { id: 99999, lang: 'en' } });
  });

  it('says it in Russian in Russian', async () => {
    await setLocale('ru', 'all');
    answering(new ApiError(404, 'not_found', 'Advisor 99999 not found'));
    renderAt('/operator/99999');
    expect(await screen.findByRole('heading', { name: 'Эксперт не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все эксперты' })).toBeTruthy();
  });

  it('says it for a malformed id without asking the server', async () => {
    answering(new ApiError(404, 'not_found', 'unused'));
    renderAt('/operator/abc');
    expect(await screen.findByRole('heading', { name: 'Advisor not found' })).toBeTruthy();
    expect(callApi).not.toHaveBeenCalledWith('GetManager', expect.anything());
  });

  it('keeps "try again" for a failure that is not a missing advisor', async () => {
    answering(new ApiError(503, 'unavailable', 'down'));
    renderAt('/operator/5');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Advisor not found' })).toBeNull();
  });
});
