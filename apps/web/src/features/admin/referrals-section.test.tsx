import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { setLocale } from '../../lib/i18n';
import { ReferralsSection } from './referrals-section';

const credit = {
  created_at: '2026-11-20T10:00:00.000Z',
  invitee_id: 200,
  inviter_id: 100,
  free_messages: 3,
  reversed_free_messages: null as number | null,
};
const credits = [
  { ...credit, ledger_id: 11, telegram_user_id: 100, user_name: 'Anna', role: 'inviter' },
  { ...credit, ledger_id: 10, telegram_user_id: 200, user_name: null, role: 'invitee' },
];

const requests: Array<{ url: string; body: unknown }> = [];
function serve() {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('AdminReverseReferral.php')) {
      credits[1]!.reversed_free_messages = 1;
      return new Response(JSON.stringify({ status: 'success', taken_back: 1, already_used: 2 }), {
        status: 200,
      });
    }
    return new Response(JSON.stringify({ status: 'success', credits }), { status: 200 });
  });
}

describe('admin: referral credits', () => {
  beforeEach(() => {
    clearDataCache();
    requests.length = 0;
    credits[1]!.reversed_free_messages = null;
    localStorage.setItem('seer.initData', 'test');
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists both sides of a referral and reverses one with a reason', async () => {
    render(<ReferralsSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Anna (#100)')).toBeTruthy();
    expect(within(items[0]!).getByText(/Inviter of #200/)).toBeTruthy();
    expect(within(items[1]!).getByText(/Invited by #100/)).toBeTruthy();
    expect(within(items[1]!).getByText('3 free messages')).toBeTruthy();

    // No reason, no reversal.
    const reverse = within(items[1]!).getByRole('button', { name: 'Reverse' }) as HTMLButtonElement;
    expect(reverse.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for a reversal'), {
      target: { value: 'two accounts' },
    });
    fireEvent.click(reverse);
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Reversed: 1 free message taken back');
    expect(requests.find((r) => r.url.includes('AdminReverseReferral.php'))?.body).toEqual({
      ledger_id: 10,
      reason: 'two accounts',
    });
  });

  it('speaks Russian with Russian plurals', async () => {
    await setLocale('ru', 'all');
    try {
      render(<ReferralsSection />);
      const items = await screen.findAllByRole('listitem');
      expect(within(items[0]!).getByText('3 бесплатных сообщения')).toBeTruthy();
      expect(within(items[1]!).getByText(/Приглашён #100/)).toBeTruthy();
    } finally {
      await setLocale('en', 'all');
    }
  });
});
