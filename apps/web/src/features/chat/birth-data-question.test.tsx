import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { BirthDataQuestion } from './birth-data-question';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

function serve(answered: boolean) {
  callApi.mockImplementation(async (name: string, input?: { body?: { allowed: boolean } }) => {
    if (name === 'GetBirthDataSharing')
      return { status: 'success', sharing: { allowed: false, answered } };
    return { status: 'success', sharing: { allowed: input!.body!.allowed, answered: true } };
  });
}

beforeEach(() => {
  callApi.mockReset();
  clearDataCache();
});

describe("the chat's birth-data question", () => {
  it.each([
    ['Allow', true],
    ['Not now', false],
  ])('is asked until answered; "%s" answers it and it goes', async (button, allowed) => {
    serve(false);
    render(<BirthDataQuestion />);
    await screen.findByText('Let advisors see your birth date and time?');
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() =>
      expect(screen.queryByText('Let advisors see your birth date and time?')).toBeNull(),
    );
    expect(callApi).toHaveBeenCalledWith('SetBirthDataSharing', { body: { allowed } });
  });

  it('is not asked again once answered', async () => {
    serve(true);
    render(<BirthDataQuestion />);
    await waitFor(() => expect(callApi).toHaveBeenCalledWith('GetBirthDataSharing'));
    // Let the answer render: an unanswered question would be on screen by now.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Let advisors see your birth date and time?')).toBeNull();
  });
});
