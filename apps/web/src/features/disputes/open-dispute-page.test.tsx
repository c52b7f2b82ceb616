import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Dispute } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { setLocale } from '../../lib/i18n';
import OpenDisputePage from './open-dispute-page';

const MESSAGES = [
  {
    id: 12,
    text: 'And my partner?',
    created_at: '2026-11-26T10:05:00.000Z',
    refundable_cents: 199,
  },
  {
    id: 11,
    text: 'The job in Lisbon?',
    created_at: '2026-11-26T10:00:00.000Z',
    refundable_cents: 150,
  },
];

const OPEN: Dispute = {
  id: 5,
  manager_id: 3,
  advisor_name: 'Luna',
  status: 'open',
  text: 'Wrong question answered',
  messages: [{ ...MESSAGES[1]!, refunded_cents: 0 }],
  claimed_cents: 150,
  refunded_cents: 0,
  resolution_note: null,
  created_at: '2026-11-26T11:00:00.000Z',
  resolved_at: null,
};

let openDispute: Dispute | null;
const posted: unknown[] = [];

function serve() {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('OpenDispute')) {
      posted.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ status: 'success', dispute: OPEN }), { status: 200 });
    }
    if (url.includes('GetDisputableMessages')) {
      expect(url).toContain('manager_id=3');
      const answer = {
        status: 'success',
        messages: openDispute ? [] : MESSAGES,
        window_days: 14,
        open_dispute: openDispute,
      };
      return new Response(JSON.stringify(answer), { status: 200 });
    }
    return new Response(JSON.stringify({ status: 'success', disputes: [] }), { status: 200 });
  });
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path, record: true });
  render(
    <Router hook={hook}>
      <Route path="/disputes/new/:id">
        <OpenDisputePage />
      </Route>
    </Router>,
  );
}

describe('opening a case from the chat', () => {
  beforeEach(async () => {
    clearDataCache();
    posted.length = 0;
    openDispute = null;
    localStorage.setItem('seer.initData', 'test');
    serve();
    await setLocale('en', 'all');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the chosen paid messages and the text; the button says how many and what they cost', async () => {
    renderAt('/disputes/new/3');
    const lisbon = await screen.findByRole('checkbox', { name: /The job in Lisbon\?/ });
    const open = screen.getByRole('button', { name: 'Open a case' }) as HTMLButtonElement;
    expect(open.disabled).toBe(true);
    fireEvent.click(lisbon);
    fireEvent.click(screen.getByRole('checkbox', { name: /And my partner\?/ }));
    fireEvent.change(screen.getByLabelText('What went wrong?'), {
      target: { value: 'Wrong question answered' },
    });
    const send = screen.getByRole('button', { name: 'Open a case about 2 messages ($3.49)' });
    fireEvent.click(send);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      manager_id: 3,
      message_ids: [11, 12],
      text: 'Wrong question answered',
    });
  }, 15_000);

  it('shows the chat’s open case instead of the form', async () => {
    openDispute = OPEN;
    renderAt('/disputes/new/3');
    expect(await screen.findByText('Being reviewed')).toBeTruthy();
    expect(screen.getByText('Wrong question answered')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says when no paid message can be disputed', async () => {
    openDispute = null;
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/session') {
        const expires_at = Math.floor(Date.now() / 1000) + 3600;
        return new Response(
          JSON.stringify({
            status: 'success',
            token: 't',
            telegram_user_id: 1,
            expires_at,
            ends_at: expires_at,
          }),
        );
      }
      return new Response(
        JSON.stringify({ status: 'success', messages: [], window_days: 1, open_dispute: null }),
      );
    });
    renderAt('/disputes/new/3');
    expect(
      await screen.findByText(
        'There are no paid messages of the last 1 day in this chat that a case could be about.',
      ),
    ).toBeTruthy();
  });
});
