import { afterEach, describe, expect, it, vi } from 'vitest';

describe('deviceTimeZone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('names the zone once per launch', async () => {
    const { deviceTimeZone } = await import('./device-time-zone');
    const expected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    const first = deviceTimeZone();
    expect(first).toBe(expected);
    expect(format).toHaveBeenCalledOnce();
    const calls = format.mock.calls.length;
    expect(deviceTimeZone()).toBe(first);
    expect(format.mock.calls.length).toBe(calls);
  });

  it('says UTC when the runtime cannot tell', async () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new Error('no Intl');
    });
    const { deviceTimeZone } = await import('./device-time-zone');
    expect(deviceTimeZone()).toBe('UTC');
  });
});
