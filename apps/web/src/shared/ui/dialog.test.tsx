import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { overlayCount } from '../../lib/overlays';
import { ConfirmDialog, Dialog } from './dialog';

function Screen({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete chat
      </button>
      {open && (
        <ConfirmDialog
          title="Delete this chat?"
          message="The messages go for good."
          confirmLabel="Delete"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

describe('dialogs', () => {
  it('a confirmation is an alert dialog with Cancel focused; it is an overlay while open', () => {
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete chat' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this chat?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('The messages go for good.').id,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(overlayCount()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('Escape, a tap on the backdrop and Cancel each close it, and the focus goes back', () => {
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Delete chat' });
    const ways = [
      () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }),
      () => fireEvent.click(document.querySelector('.modal-backdrop')!),
      () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
    ];
    for (const close of ways) {
      opener.focus();
      fireEvent.click(opener);
      expect(screen.getByRole('alertdialog')).toBeTruthy();
      close();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(overlayCount()).toBe(0);
    }
  });

  it('a tap inside does not close it; without its own focus the dialog itself takes it', () => {
    const onClose = vi.fn();
    render(
      <Dialog labelledBy="report-title" onClose={onClose}>
        <h2 id="report-title">Report this advisor</h2>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Report this advisor' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.click(screen.getByRole('heading'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('while not dismissible, neither Escape nor the backdrop closes it', () => {
    const onClose = vi.fn();
    render(
      <Dialog labelledBy="busy-title" dismissible={false} onClose={onClose}>
        <h2 id="busy-title">Deleting</h2>
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(document.querySelector('.modal-backdrop')!);
    expect(onClose).not.toHaveBeenCalled();
  });
});
