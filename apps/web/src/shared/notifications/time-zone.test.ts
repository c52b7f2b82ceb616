import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../../lib/api-client', () => ({ callApi: (...args: unknown[]) => callApi(...args) }));

const { reportTimeZone } = await import('./time-zone');
const { deviceTimeZone } = await import('../../lib/device-time-zone');

const KEY = 'seer.timeZoneReported';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reportTimeZone', () => {
  beforeEach(() => {
    localStorage.clear();
    callApi.mockReset().mockResolvedValue({ status: 'success' });
  });

  it('tells the server the device’s zone once, and again only when it changed', async () => {
    reportTimeZone();
    await flush();
    expect(callApi).toHaveBeenCalledWith('SetTimeZone', { body: { time_zone: deviceTimeZone() } });
    expect(localStorage.getItem(KEY)).toBe(deviceTimeZone());

    reportTimeZone();
    await flush();
    expect(callApi).toHaveBeenCalledOnce();

    localStorage.setItem(KEY, 'Pacific/Kiritimati');
    reportTimeZone();
    await flush();
    expect(callApi).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing when the call fails, so the next launch tells it again', async () => {
    callApi.mockRejectedValueOnce(new Error('offline'));
    reportTimeZone();
    await flush();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
