import { describe, expect, it } from 'vitest';
import { drawAnswer } from './yesno-answer';

describe('yes/no draw', () => {
  it('answers Yes for the lower half of the random range and Wait for the upper half', () => {
    expect(drawAnswer(() => 0)).toBe('yes');
    expect(drawAnswer(() => 0.4999)).toBe('yes');
    expect(drawAnswer(() => 0.5)).toBe('wait');
    expect(drawAnswer(() => 0.9999)).toBe('wait');
  });

  it('only ever gives the two outcomes', () => {
    const seen = new Set(Array.from({ length: 200 }, () => drawAnswer()));
    expect([...seen].sort()).toEqual(['wait', 'yes']);
  });
});
