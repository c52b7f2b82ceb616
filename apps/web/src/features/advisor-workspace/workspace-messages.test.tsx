import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Message } from '@seer/contract';
import { WorkspaceMessages } from './workspace-messages';

const message = (id: number, sender: Message['sender'], extra: Partial<Message> = {}): Message => ({
  id,
  message_text: `text ${id}`,
  sender,
  manager_id: 7,
  telegram_user_id: 42,
  message_date: '2026-11-26T10:00:00Z',
  kind: 'text',
  image_url: null,
  read: false,
  ...extra,
});

describe('workspace messages', () => {
  it("opens a client's picture in the app's viewer, not in a browser tab", async () => {
    render(
      <WorkspaceMessages
        messages={[
          message(1, 'user', { kind: 'image', message_text: '', image_url: '/api/images/abc' }),
        ]}
      />,
    );
    const link = screen.getByRole('img', { name: 'Picture' }).closest('a')!;
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(link);
    const viewer = await screen.findByTestId('image-viewer');
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/api/images/abc');
    fireEvent.click(screen.getByRole('button', { name: 'Close the picture' }));
    expect(screen.queryByTestId('image-viewer')).toBeNull();
  });

  it("offers to report the client's message on a tap, never the advisor's own", () => {
    const onReport = vi.fn();
    render(
      <WorkspaceMessages
        messages={[message(1, 'user'), message(2, 'manager')]}
        onReport={onReport}
      />,
    );
    fireEvent.click(screen.getByText('text 2'));
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    fireEvent.click(screen.getByText('text 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(onReport).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
