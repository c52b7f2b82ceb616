import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import TarotPage from './tarot-page';

function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderPage() {
  const { hook } = memoryLocation({ path: '/tarot' });
  return render(
    <Router hook={hook}>
      <TarotPage />
    </Router>,
  );
}

describe('tarot page motion', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', async () =>
      Response.json({ status: 'success', data: { managers: [] } }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turns the card over with an animation when motion is allowed', () => {
    motion(false);
    renderPage();
    const card = screen.getByTestId('tarot-card');
    expect(card.dataset.motion).toBe('flip');
    expect(card.className).not.toMatch(/still/);
  });

  it('shows the face at once, without the flip, when the user asks for less motion', () => {
    motion(true);
    const frame = vi.spyOn(globalThis, 'requestAnimationFrame');
    renderPage();
    const card = screen.getByTestId('tarot-card');
    expect(card.dataset.motion).toBe('off');
    expect(card.className).toMatch(/still/);
    fireEvent.click(card);
    expect(card.className).toMatch(/flipped/);
    expect(frame).not.toHaveBeenCalled();
    expect(card.querySelector('[data-testid="tarot-face-art"]')).not.toBeNull();
  });
});
