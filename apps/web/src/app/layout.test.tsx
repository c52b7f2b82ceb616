import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BottomBar } from './layout';

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <BottomBar />
    </Router>,
  );
}

describe('bottom bar', () => {
  it('lists the five entries in their fixed order', () => {
    renderAt('/');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/history', '/operators', '/notifications', '/settings']);
  });

  it('highlights only the entry whose path equals the current path exactly', () => {
    renderAt('/operators');
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/operators');
  });

  it('highlights nothing on an inner page such as a category', () => {
    renderAt('/operators/3');
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });
});
