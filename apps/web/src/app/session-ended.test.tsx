import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { callApi } from '../lib/api-client';
import { resetSessionForTests } from '../lib/session';
import { setLocale } from '../lib/i18n';
import { SessionEnded } from './session-ended';

describe('the "please reopen Seer" screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    resetSessionForTests();
    await setLocale('en', 'all');
  });

  it('shows nothing while the session lives, and asks to reopen Seer (en and ru) once it has ended', async () => {
    const close = vi.fn();
    vi.stubGlobal('Telegram', {
      WebApp: {
        initData: 'too-old',
        onEvent: () => {},
        offEvent: () => {},
        isVersionAtLeast: () => true,
        close,
      },
    });
    // Every sign-in is refused: the init data is too old and there is no session to renew.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 'error', code: 'unauthorized', message: 'x' }), {
            status: 401,
          }),
      ),
    );
    const { container } = render(<SessionEnded />);
    expect(container.textContent).toBe('');
    await act(async () => {
      await callApi('GetUser').catch(() => {});
    });
    expect(screen.getByRole('alertdialog').textContent).toContain('Please reopen Seer');
    act(() => screen.getByRole('button', { name: 'Close Seer' }).click());
    expect(close).toHaveBeenCalled();
    await act(async () => {
      await setLocale('ru', 'all');
    });
    expect(screen.getByRole('alertdialog').textContent).toContain('Откройте Seer заново');
  });
});
