/** The trial's share of users and its price cap. */
import { describe, expect, it } from 'vitest';
import { checkTrialPrice, seesTrialAdvisor } from './trial.js';

describe('trial share', () => {
  it('shows an advisor on trial to about the configured share of users, always the same ones', () => {
    const users = Array.from({ length: 10_000 }, (_, i) => 1_000_000 + i);
    const seeing = users.filter((user) => seesTrialAdvisor(user, 42, 20));
    expect(seeing.length).toBeGreaterThan(1800);
    expect(seeing.length).toBeLessThan(2200);
    expect(users.filter((user) => seesTrialAdvisor(user, 42, 20))).toEqual(seeing);
    // Another advisor reaches another sample.
    expect(users.filter((user) => seesTrialAdvisor(user, 43, 20))).not.toEqual(seeing);
    expect(users.some((user) => seesTrialAdvisor(user, 42, 0))).toBe(false);
    expect(users.every((user) => seesTrialAdvisor(user, 42, 100))).toBe(true);
  });
});

describe('trial price cap', () => {
  it('takes a price up to the cap and refuses one above it with a 400', () => {
    expect(() => checkTrialPrice(199, 199)).not.toThrow();
    expect(() => checkTrialPrice(200, 199)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: expect.stringMatching(/at most \$1\.99/),
      }),
    );
  });
});
