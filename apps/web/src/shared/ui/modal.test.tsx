import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ModalHost, closeModal, openModal } from './modal';

describe('modal system', () => {
  it('shows the variant texts from modals.{variant} and runs the action, then closes', async () => {
    const onAction = vi.fn();
    render(<ModalHost />);
    act(() => openModal({ variant: 'warn', onAction }));
    expect(screen.getByRole('dialog').textContent).toContain(
      "Oops! Looks like you don't have enough funds to continue",
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Top up' })));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('review starts at 3 stars and submits the chosen rating with "Submit"', async () => {
    const onReviewSubmit = vi.fn();
    render(<ModalHost />);
    act(() => openModal({ variant: 'review', onReviewSubmit }));
    expect(screen.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('3 stars');
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(onReviewSubmit).toHaveBeenCalledWith(5, '');
  });

  it('keeps the modal open with the message when the action fails', async () => {
    render(<ModalHost />);
    act(() =>
      openModal({
        variant: 'review',
        onReviewSubmit: () => Promise.reject(new Error('Write at least one message first')),
      }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(screen.getByRole('alert').textContent).toBe('Write at least one message first');
    act(() => closeModal());
  });

  it('tonWallet closes with "Close"', async () => {
    render(<ModalHost />);
    act(() => openModal({ variant: 'tonWallet' }));
    await act(async () =>
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
