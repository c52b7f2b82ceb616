import { describe, expect, it } from 'vitest';
import { sizedImage, variantWidth } from './image-sizes';

const uploaded = '/api/images/0b5f3a9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('image sizes', () => {
  it('picks the smallest served width that covers the shown size', () => {
    expect(variantWidth(64)).toBe(64);
    expect(variantWidth(65)).toBe(96);
    expect(variantWidth(224)).toBe(256);
    expect(variantWidth(5000)).toBe(1024);
  });

  it('gives uploaded images a 1× and a 2× WebP copy, and leaves other pictures alone', () => {
    expect(sizedImage(uploaded, 112)).toEqual({
      src: `${uploaded}?w=128`,
      srcSet: `${uploaded}?w=128 1x, ${uploaded}?w=256 2x`,
    });
    expect(sizedImage('/avatars/luna.svg', 64)).toEqual({ src: '/avatars/luna.svg' });
    expect(sizedImage('https://t.me/i/userpic/320/a.jpg', 64)).toEqual({
      src: 'https://t.me/i/userpic/320/a.jpg',
    });
  });
});
