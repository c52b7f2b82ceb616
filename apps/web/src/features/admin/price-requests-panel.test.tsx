import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { PriceRequestsPanel } from './price-requests-panel';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const request = {
  id: 9,
  manager_id: 4,
  advisor_name: 'Aurora',
  current_price_cents: 200,
  price_cents: 350,
  status: 'pending' as const,
  created_at: '2026-11-26T10:00:00Z',
  decided_at: null,
};

beforeEach(() => {
  callApi.mockReset();
  clearDataCache();
});

describe("the admin's price requests", () => {
  it('lists a pending change and approves it after a confirmation', async () => {
    callApi.mockImplementation((call: string) =>
      Promise.resolve(
        call === 'AdminPriceRequests'
          ? { status: 'success', requests: [request] }
          : { status: 'success', request: { ...request, status: 'approved' } },
      ),
    );
    render(<PriceRequestsPanel />);
    expect((await screen.findByTestId('price-request')).textContent).toContain('$2.00');
    expect(screen.getByTestId('price-request').textContent).toContain('$3.50');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByText("Change Aurora's price from $2.00 to $3.50?")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('AdminDecidePriceRequest', {
        body: { id: 9, approve: true },
      }),
    );
  });

  it('says when nothing waits', async () => {
    callApi.mockResolvedValue({ status: 'success', requests: [] });
    render(<PriceRequestsPanel />);
    expect(await screen.findByText('No price requests waiting.')).toBeTruthy();
  });
});
