import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is told, before any schema is built, not to compile parsers with new Function', async () => {
    await import('./zod-without-eval');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
