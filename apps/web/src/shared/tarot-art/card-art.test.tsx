import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CardBack, CardFace } from './card-art';
import { TAROT_CARD_IDS } from '@seer/contract';

function illustration(container: HTMLElement): string {
  const art = container.querySelector('[data-testid="tarot-illustration"]');
  if (!art) throw new Error('no illustration');
  return art.innerHTML;
}

describe('tarot card art', () => {
  it('gives each of the 8 cards its own illustration and numeral', () => {
    const pictures = new Set<string>();
    const numerals = new Set<string>();
    for (const card of TAROT_CARD_IDS) {
      const { container, unmount } = render(<CardFace card={card} label={card} />);
      const art = illustration(container);
      expect(art.length).toBeGreaterThan(100);
      pictures.add(art);
      numerals.add(container.querySelector('text')?.textContent ?? '');
      unmount();
    }
    expect(TAROT_CARD_IDS).toHaveLength(8);
    expect(pictures.size).toBe(8);
    expect(numerals.size).toBe(8);
  });

  it('draws a reversed card rotated by 180°, an upright one not rotated', () => {
    const upright = render(<CardFace card="star" label="The Star, upright" />);
    const uprightArt = upright.container.querySelector('[data-testid="tarot-face-art"]');
    expect(uprightArt?.getAttribute('transform')).toBeNull();
    expect(uprightArt?.getAttribute('data-reversed')).toBe('false');
    upright.unmount();

    const reversed = render(<CardFace card="star" label="The Star, reversed" reversed />);
    const reversedArt = reversed.container.querySelector('[data-testid="tarot-face-art"]');
    expect(reversedArt?.getAttribute('transform')).toBe('rotate(180 60 100)');
    expect(reversedArt?.getAttribute('data-reversed')).toBe('true');
    expect(reversed.getByRole('img').getAttribute('aria-label')).toBe('The Star, reversed');
  });

  it('shares one back, hidden from screen readers and showing no card', () => {
    const { container } = render(<CardBack />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('[data-testid="tarot-illustration"]')).toBeNull();
    expect(container.querySelector('text')).toBeNull();
  });
});
