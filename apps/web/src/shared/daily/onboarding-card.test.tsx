import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { OnboardingCard } from './onboarding-card';

const USER = {
  telegram_user_id: 5,
  username: null,
  name: null,
  first_name: 'Test',
  last_name: null,
  email: null,
  description: null,
  birthdate: '1990-08-10',
  time_of_birth: null,
  birth_place: null,
  horoscope: 'leo',
  balance: 0,
  balance_cents: 0,
  free_minutes: 0,
  free_messages: 0,
  language_code: 'en',
  photo_url: null,
  userInfo: { photo_url: null },
  created_at: '2024-01-01T00:00:00.000Z',
  preferences: { sound: true, theme: 'system', language: null },
  allows_write_to_pm: true,
  advisor_id: null,
  is_admin: false,
};

function serve(onboarding: boolean) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 5, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = url.includes('GetDailyRitual')
      ? {
          status: 'success',
          onboarding,
          morning: { enabled: false, hour: 8, time_zone: null },
          bot_can_write: true,
        }
      : url.includes('UpdateUser')
        ? { status: 'success', message: 'ok', user: USER }
        : { status: 'success' };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return calls;
}

describe('the first-open onboarding', () => {
  beforeEach(() => {
    localStorage.setItem('seer.initData', 'test');
    clearDataCache();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves the birth data through UpdateUser and closes for good', async () => {
    const calls = serve(true);
    render(<OnboardingCard />);
    await screen.findByTestId('onboarding', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('UpdateUser'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-08-10' } });
    const [hour, minute] = screen
      .getAllByRole('combobox')
      .filter((el) => el.closest('[data-testid="time-input"]'));
    fireEvent.change(hour!, { target: { value: '07' } });
    fireEvent.change(minute!, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).toBeNull());
    expect(calls.find((c) => c.url.includes('UpdateUser'))?.body).toEqual({
      dateOfBirth: '1990-08-10',
      timeOfBirth: '07:30',
      birthPlace: null,
    });
    expect(calls.find((c) => c.url.includes('CloseOnboarding'))?.body).toEqual({
      outcome: 'done',
    });
  });

  it('"Not now" closes it without touching the profile', async () => {
    const calls = serve(true);
    render(<OnboardingCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByTestId('onboarding')).toBeNull());
    expect(calls.find((c) => c.url.includes('CloseOnboarding'))?.body).toEqual({
      outcome: 'skipped',
    });
    expect(calls.some((c) => c.url.includes('UpdateUser'))).toBe(false);
  });

  it('is not shown once closed', async () => {
    const calls = serve(false);
    render(<OnboardingCard />);
    await waitFor(() => expect(calls.some((c) => c.url.includes('GetDailyRitual'))).toBe(true));
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(screen.queryByTestId('onboarding-placeholder')).toBeNull();
  });
});
