import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdminApplication } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { setLocale } from '../../lib/i18n';
import { Toasts } from '../../shared/ui/toast';
import { ApplicationsSection } from './applications-section';

const APPLICATION: AdminApplication = {
  id: 7,
  stage: 'work_history',
  name: 'Anna Stars',
  category_ids: [1, 4],
  languages: ['en'],
  experience: 7,
  photo: '/api/images/x',
  about: { en: 'Tarot reader.' },
  sample_question: 'What should I consider?',
  sample_reading: 'The cards show a crossroads.',
  refusal_reason: null,
  advisor_id: null,
  notes: [
    {
      id: 1,
      from: 'staff',
      text: 'Checked references',
      internal: true,
      created_at: '2026-11-26T10:00:00.000Z',
    },
  ],
  created_at: '2026-11-26T09:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  telegram_user_id: 1234,
  username: 'anna',
};

let listed: AdminApplication;
const posted: Array<{ call: string; body: unknown }> = [];

function serve() {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (init?.body) {
      const call = /\/api\/(\w+)\.php/.exec(url)![1]!;
      const body = JSON.parse(String(init.body));
      posted.push({ call, body });
      if (call === 'AdminMoveApplication') listed = { ...listed, stage: body.stage };
      if (call === 'AdminApproveApplication' && body.price === '5.00')
        return new Response(
          JSON.stringify({
            status: 'error',
            code: 'bad_request',
            message: 'price: an advisor on trial charges at most $1.99 per message',
          }),
          { status: 400 },
        );
      if (call === 'AdminApproveApplication') listed = { ...listed, stage: 'trial', advisor_id: 9 };
      return new Response(JSON.stringify({ status: 'success', application: listed }), {
        status: 200,
      });
    }
    return new Response(JSON.stringify({ status: 'success', applications: [listed] }), {
      status: 200,
    });
  });
}

describe('admin: advisor applications', () => {
  beforeEach(async () => {
    clearDataCache();
    posted.length = 0;
    listed = APPLICATION;
    localStorage.setItem('seer.initData', 'test');
    serve();
    await setLocale('en', 'all');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('moves an application one step forward, then approves it with a price and one of its categories', async () => {
    render(
      <>
        <ApplicationsSection />
        <Toasts />
      </>,
    );
    expect(await screen.findByText('Anna Stars')).toBeTruthy();
    expect(screen.getByText('Checked references')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Move to: Interview' }));
    await screen.findByRole('button', { name: 'Approve and start the trial' });
    expect(posted[0]).toEqual({
      call: 'AdminMoveApplication',
      body: { id: 7, stage: 'interview' },
    });
    expect(screen.queryByRole('button', { name: /Move to/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Price per message, $ (at most the trial cap)'), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve and start the trial' }));
    expect(await screen.findByText(/on trial charges at most \$1\.99/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Price per message, $ (at most the trial cap)'), {
      target: { value: '1.50' },
    });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve and start the trial' }));
    await screen.findByRole('button', { name: 'End the trial' });
    expect(posted.at(-1)).toEqual({
      call: 'AdminApproveApplication',
      body: { id: 7, price: '1.50', category_id: 4 },
    });
    // Approved: its outcome, and no stage controls.
    expect(screen.getByTestId('outcome-7').textContent).toContain('Approved: advisor #9, on trial');
    expect(screen.queryByRole('button', { name: /Move to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuse' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows a refused application by its outcome and reason, with no stage controls (ru)', async () => {
    listed = { ...APPLICATION, stage: 'refused', refusal_reason: 'Образец слишком общий.' };
    await setLocale('ru', 'all');
    render(<ApplicationsSection />);
    const outcome = await screen.findByTestId('outcome-7');
    expect(outcome.textContent).toContain('Причина, которую сообщили заявителю:');
    expect(outcome.textContent).toContain('Образец слишком общий.');
    expect(screen.queryByRole('button', { name: /Перевести|Move to/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Отклонить|Refuse/ })).toBeNull();
  });

  it('refuses with the reason typed', async () => {
    render(<ApplicationsSection />);
    fireEvent.change(await screen.findByLabelText('Reason for refusal (the applicant is told)'), {
      target: { value: 'The reading was too general.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { call: 'AdminRefuseApplication', body: { id: 7, reason: 'The reading was too general.' } },
      ]),
    );
  });
});
