import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';

let fail = true;
function Fragile() {
  if (fail) throw new Error('boom');
  return <p>All good</p>;
}

describe('ErrorBoundary', () => {
  it('shows a message and a retry instead of a blank screen, and renders again on retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fail = true;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on this screen.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeTruthy();
  });

  it('forgets the error when the reset key (the path) changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fail = true;
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    fail = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
  });
});
