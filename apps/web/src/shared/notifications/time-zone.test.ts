import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../../lib/api-client', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));

const { reportTimeZone } = await import('./time-zone');

const KEY = 'seer.timeZoneReported';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reportTimeZone', () => {
  beforeEach(() => {
    localStorage.clear();
    callApi.mockReset().mockResolvedValue({ status: 'success' });
    vi.stubGlobal('Worker', undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

  it('tells the server the zone on a first launch and remembers it with the offset', async () => {
    reportTimeZone();
    await flush();
    expect(callApi).toHaveBeenCalledWith('SetTimeZone', { body: { time_zone: zone() } });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      zone: zone(),
      offset: new Date().getTimezoneOffset(),
    });
  });

  it('reads nothing and calls nothing while the offset is the one reported', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ zone: 'Asia/Tokyo', offset: new Date().getTimezoneOffset() }),
    );
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    reportTimeZone();
    await flush();
    expect(intl).not.toHaveBeenCalled();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('asks again when the offset moved, and calls only when the zone changed', async () => {
    const offset = new Date().getTimezoneOffset();
    localStorage.setItem(KEY, JSON.stringify({ zone: zone(), offset: offset + 60 }));
    reportTimeZone();
    await flush();
    expect(callApi).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ zone: zone(), offset });

    localStorage.setItem(KEY, JSON.stringify({ zone: 'Pacific/Kiritimati', offset: offset + 60 }));
    reportTimeZone();
    await flush();
    expect(callApi).toHaveBeenCalledWith('SetTimeZone', { body: { time_zone: zone() } });
  });

  it('takes an earlier version’s plain record as unreported, and keeps nothing when the call fails', async () => {
    localStorage.setItem(KEY, zone());
    callApi.mockRejectedValueOnce(new Error('offline'));
    reportTimeZone();
    await flush();
    expect(callApi).toHaveBeenCalledOnce();
    expect(localStorage.getItem(KEY)).toBe(zone());
  });
});
