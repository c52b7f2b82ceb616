import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { setLocale } from '../../lib/i18n';
import { SpendingLimits } from './spending-limits';

const limits = {
  status: 'success',
  daily: {
    limit_cents: 500,
    spent_cents: 120,
    pending: { limit_cents: 2000, applies_at: '2026-11-26T18:02:00.000Z' },
    resets_at: '2026-11-26T00:00:00.000Z',
  },
  monthly: {
    limit_cents: null,
    spent_cents: 4210,
    pending: null,
    resets_at: '2026-12-01T00:00:00.000Z',
  },
};

const posted: unknown[] = [];
function serve() {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('SetSpendingLimits')) {
      const body = JSON.parse(String(init?.body)) as { daily?: string };
      posted.push(body);
      const daily = {
        ...limits.daily,
        limit_cents: Math.round(Number(body.daily) * 100),
        pending: null,
      };
      return new Response(JSON.stringify({ ...limits, daily }), { status: 200 });
    }
    return new Response(JSON.stringify(limits), { status: 200 });
  });
}

describe('settings: spending limits', () => {
  beforeEach(() => {
    clearDataCache();
    posted.length = 0;
    localStorage.setItem('seer.initData', 'test');
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the limits, what was spent and a waiting raise', async () => {
    render(<SpendingLimits />);
    expect(((await screen.findByLabelText('Daily limit')) as HTMLInputElement).value).toBe('5.00');
    expect((screen.getByLabelText('Monthly limit') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Spent today: $1.20 of $5.00')).toBeTruthy();
    expect(screen.getByText('Spent this month: $42.10')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Will rise to \$20\.00 on /);
  });

  it('in Russian, reads "7,50" as $7.50 and sends only the field that changed', async () => {
    await setLocale('ru', 'all');
    try {
      render(<SpendingLimits />);
      const daily = (await screen.findByLabelText('Лимит на день')) as HTMLInputElement;
      expect(daily.value).toBe('5,00');
      fireEvent.change(daily, { target: { value: '1.250' } });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить лимиты' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(/двояко/);
      expect(posted).toEqual([]);

      fireEvent.change(daily, { target: { value: '7,50' } });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить лимиты' }));
      await screen.findByText('Потрачено сегодня: 1,20 $ из 7,50 $');
      expect(posted).toEqual([{ daily: '7.50' }]);
    } finally {
      await setLocale('en', 'all');
    }
  });
});
