import { describe, expect, it } from 'vitest';
import { soundEnabled } from './chat-sound';

describe('message sound preference', () => {
  it("plays unless localStorage 'sound' is exactly 'false'", () => {
    expect(soundEnabled()).toBe(true);
    localStorage.setItem('sound', 'true');
    expect(soundEnabled()).toBe(true);
    localStorage.setItem('sound', 'false');
    expect(soundEnabled()).toBe(false);
  });
});
