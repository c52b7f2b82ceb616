import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { MorningMessageSetting } from './morning-message-setting';

function serve() {
  const bodies: unknown[] = [];
  let morning = { enabled: false, hour: 8, time_zone: null as string | null };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 5, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('SetMorningMessage')) {
      const body = JSON.parse(String(init?.body)) as typeof morning;
      bodies.push(body);
      morning = body;
      return new Response(JSON.stringify({ status: 'success', morning }), { status: 200 });
    }
    return new Response(
      JSON.stringify({ status: 'success', onboarding: false, morning, bot_can_write: true }),
      { status: 200 },
    );
  });
  return bodies;
}

describe('the morning message setting', () => {
  beforeEach(() => {
    localStorage.setItem('seer.initData', 'test');
    clearDataCache();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turns on at the chosen hour in the device time zone, and changes the hour', async () => {
    const bodies = serve();
    render(<MorningMessageSetting />);
    const toggle = await screen.findByRole('switch', { name: 'Send every morning' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toggle);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() => expect(bodies).toEqual([{ enabled: true, hour: 8, time_zone: zone }]));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));

    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '7' } });
    await waitFor(() => expect(bodies[1]).toEqual({ enabled: true, hour: 7, time_zone: zone }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '05:00',
      '06:00',
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
    ]);
  });
});
