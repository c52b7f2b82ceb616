import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ClientCard, Message } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { ClientCardView } from './client-card';
import { ReplyComposer } from './reply-composer';
import { WorkspaceMessages } from './workspace-messages';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const card = (overrides: Partial<ClientCard> = {}): ClientCard => ({
  telegram_user_id: 42,
  name: 'Maria S',
  username: 'maria_s',
  language: 'ru',
  shares_birth_data: false,
  astrology: null,
  requests: [],
  note: null,
  ...overrides,
});

beforeEach(() => {
  callApi.mockReset();
  clearDataCache();
});

describe('client card', () => {
  it("shows the client's name, and says the birth data is not shared instead of a sign", () => {
    render(<ClientCardView card={card()} />);
    const summary = screen.getByText('Maria S').closest('summary')!;
    expect(within(summary).getByText('@maria_s')).toBeTruthy();
    expect(summary.textContent).not.toMatch(/Leo/);
    expect(
      screen.getByText('The client has not allowed advisors to see their birth data.'),
    ).toBeTruthy();
    expect(screen.queryByText('Sun')).toBeNull();
  });

  it('shows sign, Sun, Moon, birth date, time and place when the client shares them', () => {
    render(
      <ClientCardView
        card={card({
          shares_birth_data: true,
          astrology: {
            birth_date: '1990-08-05',
            birth_time: '14:30',
            birth_place: 'moscow',
            sign: 'leo',
            sun: 'leo',
            moon: ['capricorn'],
            exact: true,
          },
        })}
      />,
    );
    const facts = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(facts('Sign')).toBe('Leo');
    expect(facts('Sun')).toBe('Leo');
    expect(facts('Moon')).toBe('Capricorn');
    expect(facts('Born')).toBe('August 5, 1990, 14:30');
    expect(facts('Place')).toBe('Moscow');
    expect(screen.getByText('Maria S').closest('summary')!.textContent).toContain('Leo');
  });

  it('lists earlier tarot and dream requests', () => {
    render(
      <ClientCardView
        card={card({
          requests: [
            { id: 9, kind: 'dream', text: 'A river', date: '2026-03-02T10:00:00Z' },
            { id: 4, kind: 'tarot', text: 'Work?', date: '2026-03-01T10:00:00Z' },
          ],
        })}
      />,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Dream · .*A river$/),
      expect.stringMatching(/^Tarot · .*Work\?$/),
    ]);
  });

  it('saves the private note', async () => {
    callApi.mockResolvedValue({
      status: 'success',
      note: { text: 'Likes short answers', updated_at: '2026-03-02T10:00:00Z' },
    });
    render(<ClientCardView card={card()} />);
    fireEvent.change(screen.getByLabelText('Private note'), {
      target: { value: 'Likes short answers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('ManagerSaveClientNote', {
        body: { telegram_user_id: 42, text: 'Likes short answers' },
      }),
    );
  });
});

describe('quick replies in the reply box', () => {
  it('puts the chosen reply into the reply box', () => {
    render(
      <ReplyComposer
        onSend={async () => {}}
        quickReplies={[{ id: 1, text: 'Thank you for your question!' }]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Insert: Thank you for your question!' }));
    expect((screen.getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe(
      'Thank you for your question!',
    );
  });
});

describe('workspace dialog days', () => {
  const message = (id: number, date: Date): Message => ({
    id,
    message_text: `message ${id}`,
    sender: id % 2 ? 'user' : 'manager',
    manager_id: 1,
    telegram_user_id: 42,
    message_date: date.toISOString(),
    kind: 'text',
    image_url: null,
    read: false,
  });

  it('puts one separator before each day and shows only the time on each message', () => {
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 5);
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 21, 40);
    const older = new Date(2024, 1, 3, 9, 15);
    render(
      <WorkspaceMessages
        messages={[message(1, older), message(2, older), message(3, yesterday), message(4, today)]}
      />,
    );
    const separators = screen.getAllByRole('separator');
    expect(separators.map((s) => s.textContent)).toEqual([
      'February 3, 2024',
      'Yesterday',
      'Today',
    ]);
    const list = screen.getByRole('list', { name: 'Messages' });
    const order = Array.from(list.children).map((child) =>
      child.getAttribute('role') === 'separator' ? 'day' : child.getAttribute('data-sender'),
    );
    expect(order).toEqual(['day', 'user', 'manager', 'day', 'user', 'day', 'manager']);
    const time = list.querySelector('[data-sender] time')!;
    expect(time.textContent).toMatch(/^\d{2}:\d{2}( [AP]M)?$/);
  });
});
