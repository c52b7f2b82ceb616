/** The trial's share of users and its price cap (decision 046). */
import { describe, expect, it } from 'vitest';
import { checkTrialPrice, seesTrialAdvisor, trialBucket } from './trial.js';

describe('trial share', () => {
  it('shows an advisor on trial to about the configured share of users, always the same ones', () => {
    // Sequential ids (as new accounts get) and Telegram's larger ids past 2^32.
    for (const first of [1_000_000, 7_000_000_000]) {
      const users = Array.from({ length: 10_000 }, (_, i) => first + i);
      for (const advisor of [1, 42, 43, 9_999]) {
        const seeing = users.filter((user) => seesTrialAdvisor(user, advisor, 20));
        expect(seeing.length).toBeGreaterThan(1800);
        expect(seeing.length).toBeLessThan(2200);
        // Stable: the same users each time.
        expect(users.filter((user) => seesTrialAdvisor(user, advisor, 20))).toEqual(seeing);
      }
      // Another advisor reaches another sample: about 20% of 20% see both.
      const both = users.filter(
        (user) => seesTrialAdvisor(user, 42, 20) && seesTrialAdvisor(user, 43, 20),
      );
      expect(both.length).toBeGreaterThan(250);
      expect(both.length).toBeLessThan(550);
      expect(users.some((user) => seesTrialAdvisor(user, 42, 0))).toBe(false);
      expect(users.every((user) => seesTrialAdvisor(user, 42, 100))).toBe(true);
    }
  });

  it('spreads users evenly over the 100 places', () => {
    const counts = new Array<number>(100).fill(0);
    for (let user = 0; user < 100_000; user++) counts[trialBucket(5_000_000 + user, 7)]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(850);
    expect(Math.max(...counts)).toBeLessThan(1150);
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
