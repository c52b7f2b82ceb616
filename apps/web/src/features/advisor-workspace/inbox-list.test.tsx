import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AdvisorDialog } from '@seer/contract';
import { InboxList } from './inbox-list';
import { sortInbox } from './inbox-order';

const dialog = (id: number, name: string, unread: number, date: string | null): AdvisorDialog => ({
  telegram_user_id: id,
  name,
  last_message: `last from ${name}`,
  message_date: date,
  unread,
});

const dialogs = [
  dialog(1, 'Old read', 0, '2026-01-01T10:00:00Z'),
  dialog(2, 'New read', 0, '2026-03-01T10:00:00Z'),
  dialog(3, 'Old unread', 2, '2026-01-02T10:00:00Z'),
  dialog(4, 'Never written', 0, null),
  dialog(5, 'New unread', 1, '2026-02-01T10:00:00Z'),
];

describe('workspace inbox', () => {
  it('lists dialogs with unread messages first, each group newest first', () => {
    render(<InboxList dialogs={dialogs} />);
    const rows = within(screen.getByRole('list', { name: 'Dialogs' })).getAllByRole('link');
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual([
      'New unread',
      'Old unread',
      'New read',
      'Old read',
      'Never written',
    ]);
  });

  it("shows the user's name, last message, an unread badge only where there is something unread, and links to the dialog", () => {
    render(<InboxList dialogs={dialogs} />);
    const first = screen.getByRole('link', { name: /New unread/ });
    expect(first.getAttribute('href')).toBe('/workspace/chat/5');
    expect(within(first).getByText('last from New unread')).toBeTruthy();
    expect(within(first).getByLabelText('1 unread message').textContent).toBe('1');
    expect(
      within(screen.getByRole('link', { name: /New read/ })).queryByLabelText(/unread message/),
    ).toBeNull();
  });

  it('says so when there are no dialogs', () => {
    render(<InboxList dialogs={[]} />);
    expect(screen.getByText(/No dialogs yet/)).toBeTruthy();
  });

  it('orders without changing the given list', () => {
    const copy = [...dialogs];
    sortInbox(dialogs);
    expect(dialogs).toEqual(copy);
  });
});
