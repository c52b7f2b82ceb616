import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { clearDataCache, setCachedData, useData } from './use-data';

function Probe({ loader, name = 'probe' }: { loader: () => Promise<string>; name?: string }) {
  const state = useData(name, loader);
  return (
    <div>
      <span data-testid="status">{state.status}</span>
      <span data-testid="data">{state.data ?? ''}</span>
      <button type="button" onClick={state.retry}>
        retry
      </button>
    </div>
  );
}

const status = () => screen.getByTestId('status').textContent;

describe('useData', () => {
  beforeEach(() => clearDataCache());

  it('goes from loading to content', async () => {
    render(<Probe loader={() => Promise.resolve('hello')} />);
    expect(status()).toBe('loading');
    expect(await screen.findByText('hello')).toBeTruthy();
    expect(status()).toBe('success');
  });

  it('shows the error, and loads again on retry', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    render(<Probe loader={loader} />);
    await act(async () => {});
    expect(status()).toBe('error');
    await act(async () => screen.getByText('retry').click());
    expect(await screen.findByText('back')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shares one request between two users of the same key, and takes cache updates', async () => {
    const loader = vi.fn().mockResolvedValue('shared');
    render(
      <>
        <Probe loader={loader} />
        <Probe loader={loader} />
      </>,
    );
    expect((await screen.findAllByText('shared')).length).toBe(2);
    expect(loader).toHaveBeenCalledTimes(1);
    act(() => setCachedData('probe', 'updated'));
    expect(screen.getAllByText('updated').length).toBe(2);
  });

  it('keeps a local write made while a refresh was in flight: the refresh answers older figures', async () => {
    let answer: (value: string) => void = () => {};
    const loader = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('balance 0')
      .mockImplementationOnce(() => new Promise<string>((resolve) => (answer = resolve)));
    function Refresher() {
      const state = useData('user', loader);
      return (
        <div>
          <span data-testid="data">{state.data ?? ''}</span>
          <button type="button" onClick={() => void state.refetch()}>
            refetch
          </button>
        </div>
      );
    }
    render(<Refresher />);
    expect(await screen.findByText('balance 0')).toBeTruthy();
    act(() => screen.getByText('refetch').click()); // GetUser asked before the credit...
    act(() => setCachedData('user', 'balance 25')); // ...the credit's socket frame arrives...
    await act(async () => answer('balance 0')); // ...then the stale answer.
    expect(screen.getByTestId('data').textContent).toBe('balance 25');
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
