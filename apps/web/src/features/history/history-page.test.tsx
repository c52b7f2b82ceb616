import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ChatSummary } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import HistoryPage from './history-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));
vi.mock('../../lib/socket', () => ({
  onSocketFrame: () => () => {},
  onConnectionState: () => () => {},
}));

const chat = (managerId: number, unread: number): ChatSummary =>
  ({
    manager_id: managerId,
    name: `Advisor ${managerId}`,
    avatar: null,
    isOnline: false,
    last_message: 'Hello there',
    message_date: new Date().toISOString(),
    unread,
  }) as unknown as ChatSummary;

function renderPage() {
  const { hook } = memoryLocation({ path: '/history' });
  return render(
    <Router hook={hook}>
      <HistoryPage />
    </Router>,
  );
}

describe('chats list', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
  });
  afterEach(() => vi.clearAllMocks());

  it('shows rows shaped like chats while loading, then the chats in their place', async () => {
    let answer: (value: unknown) => void = () => {};
    callApi.mockReturnValueOnce(new Promise((done) => (answer = done)));
    renderPage();
    const skeleton = screen.getByTestId('chats-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    // The rows are the real rows' (avatar, two lines), and none of them is read out as a list.
    const rows = skeleton.querySelectorAll('.chat-list .row-link.chat-row');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows[0]!.querySelectorAll('.skeleton-circle')).toHaveLength(1);
    expect(rows[0]!.querySelectorAll('.skeleton-line')).toHaveLength(2);
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.querySelector('.spinner')).toBeNull();

    await act(async () => answer({ status: 'success', chats: [chat(3, 2), chat(5, 0)] }));
    expect(callApi).toHaveBeenCalledWith('GetAllChats');
    expect(screen.queryByTestId('chats-skeleton')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/chat/3', '/chat/5']);
    expect(links[0]!.textContent).toContain('Advisor 3');
  });

  it('says there are no chats yet once an empty list has loaded', async () => {
    callApi.mockResolvedValue({ status: 'success', chats: [] });
    renderPage();
    expect(screen.getByTestId('chats-skeleton')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Choose Your Advisor' })).toBeTruthy();
    expect(screen.queryByTestId('chats-skeleton')).toBeNull();
  });
});
