import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Message } from '@seer/contract';
import { ApiError } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { ModalHost, closeModal } from '../../shared/ui/modal';
import { Toasts } from '../../shared/ui/toast';
import { Composer } from './composer';
import { useDraft } from './draft';
import { useOutbox } from './outbox';

const sendChatMessage = vi.fn();
vi.mock('../../shared/live-dialog/send-message', () => ({
  sendPaidMessage: (...args: unknown[]) => sendChatMessage(...args),
}));

const sent: Message = {
  id: 7,
  message_text: 'Hi',
  sender: 'user',
  manager_id: 3,
  telegram_user_id: 42,
  message_date: new Date().toISOString(),
  kind: 'text',
  image_url: null,
  read: false,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The composer as the chat page wires it: the chat's draft and outbox. */
function Harness({
  outOfFunds,
  offerSendNow,
  onSent,
  onNeedsTopUp,
}: {
  outOfFunds: boolean;
  offerSendNow: boolean;
  onSent: (message: Message) => void;
  onNeedsTopUp: () => void;
}) {
  const draft = useDraft(3);
  const outbox = useOutbox(3, onSent);
  return (
    <>
      <Composer
        outOfFunds={outOfFunds}
        text={draft.text}
        setText={draft.setText}
        send={outbox.send}
        onNeedsTopUp={onNeedsTopUp}
        offerSendNow={offerSendNow}
      />
      <ul data-testid="outbox">
        {outbox.items.map((item) => (
          <li key={item.clientId} data-state={item.state}>
            {item.text}
          </li>
        ))}
      </ul>
    </>
  );
}

function setup(outOfFunds = false, offerSendNow = false) {
  const onSent = vi.fn();
  const onNeedsTopUp = vi.fn();
  render(
    <>
      <Harness
        outOfFunds={outOfFunds}
        offerSendNow={offerSendNow}
        onSent={onSent}
        onNeedsTopUp={onNeedsTopUp}
      />
      <ModalHost />
      <Toasts />
    </>,
  );
  const input = screen.getByRole('textbox', { name: t('chat.placeholder') }) as HTMLInputElement;
  return { onSent, onNeedsTopUp, input };
}

afterEach(() => {
  sendChatMessage.mockReset();
  sessionStorage.clear();
  act(() => closeModal());
});

describe('chat composer', () => {
  it('shows the counter outside the input, described to screen readers, and live near the limit', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    const counter = screen.getByText('5/50');
    // Not drawn inside the input's box: a sibling of the row, not of the input.
    expect(input.parentElement!.contains(counter)).toBe(false);
    expect(input.getAttribute('aria-describedby')).toContain(counter.id);
    expect(counter.getAttribute('aria-live')).toBe('off');
    fireEvent.change(input, { target: { value: 'x'.repeat(42) } });
    expect(screen.getByText('42/50').getAttribute('aria-live')).toBe('polite');
  });

  it('tells the user when a paste was cut, and sends nothing by itself', () => {
    const { input } = setup();
    const long = 'I want to know whether my new job will work out well this year';
    fireEvent.paste(input);
    fireEvent.change(input, { target: { value: long } });
    expect(input.value).toBe(long.slice(0, 50));
    const notice = screen.getByText(t('chat.pasteCut', { max: 50 }));
    expect(notice.getAttribute('role')).toBe('status');
    expect(input.getAttribute('aria-describedby')).toContain(notice.id);
    expect(sendChatMessage).not.toHaveBeenCalled();
    // Shortening the text (the user edits it) takes the notice away.
    fireEvent.change(input, { target: { value: long.slice(0, 30) } });
    expect(screen.queryByText(t('chat.pasteCut', { max: 50 }))).toBeNull();
  });

  it('typing past the limit stops without the paste notice', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'x'.repeat(50) } });
    fireEvent.change(input, { target: { value: 'x'.repeat(51) } });
    expect(input.value).toHaveLength(50);
    expect(screen.queryByText(t('chat.pasteCut', { max: 50 }))).toBeNull();
  });

  it('stops the text at 50 characters', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'x'.repeat(70) } });
    expect(input.value).toHaveLength(50);
    expect(screen.getByText('50/50')).toBeTruthy();
  });

  it('counts emoji as people see them: 26 emoji are 26 of 50, and 50 flags fit', () => {
    const { input } = setup();
    const emoji = ['👨‍👩‍👧‍👦', '🇺🇦', '👍🏽', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🧑🏽‍🚀', '❤️'];
    const text = Array.from({ length: 26 }, (_, i) => emoji[i % emoji.length]).join('');
    fireEvent.change(input, { target: { value: text } });
    expect(input.value).toBe(text);
    expect(screen.getByText('26/50')).toBeTruthy();
    fireEvent.change(input, { target: { value: '🇺🇦'.repeat(60) } });
    expect(input.value).toBe('🇺🇦'.repeat(50));
    expect(screen.getByText('50/50')).toBeTruthy();
  });

  it('does not send a text of zero-width and filler characters', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '\u200B\u200B\u3164\u2800' } });
    const send = screen.getByRole('button', { name: t('chat.send') }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.submit(input.form!);
    expect(sendChatMessage).not.toHaveBeenCalled();
  });

  it('sends the trimmed text and hands the saved message over', async () => {
    sendChatMessage.mockResolvedValue(sent);
    const { input, onSent } = setup();
    fireEvent.change(input, { target: { value: '  Hi  ' } });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(sendChatMessage).toHaveBeenCalledWith(3, {
      text: 'Hi',
      imageId: undefined,
      clientId: expect.stringMatching(UUID),
    });
    expect(input.value).toBe('');
  });

  it('sends a message written while the previous one is on its way right after it, in order', async () => {
    let answerFirst: (message: Message) => void = () => {};
    sendChatMessage.mockImplementationOnce(
      () => new Promise<Message>((resolve) => (answerFirst = resolve)),
    );
    sendChatMessage.mockResolvedValueOnce({ ...sent, id: 8, message_text: 'Two' });
    const { input, onSent } = setup();
    fireEvent.change(input, { target: { value: 'One' } });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(sendChatMessage).toHaveBeenCalledTimes(1));
    fireEvent.change(input, { target: { value: 'Two' } });
    fireEvent.submit(input.form!);
    expect(sendChatMessage).toHaveBeenCalledTimes(1);
    await act(async () => answerFirst({ ...sent, message_text: 'One' }));
    await waitFor(() => expect(sendChatMessage).toHaveBeenCalledTimes(2));
    expect(sendChatMessage.mock.calls.map((call) => (call[1] as { text: string }).text)).toEqual([
      'One',
      'Two',
    ]);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    expect(input.value).toBe('');
  });

  it('does not send blank text', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.form!);
    expect(sendChatMessage).not.toHaveBeenCalled();
  });

  it("shows the server's message when a send fails, and gives the text back", async () => {
    sendChatMessage.mockRejectedValue(
      new ApiError(400, 'bad_request', 'message must be at most 50 characters'),
    );
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.submit(input.form!);
    await screen.findByText('message must be at most 50 characters');
    // The toast renders from the failed send; the text comes back just after it.
    await waitFor(() => expect(input.value).toBe('Hello'));
  });

  it("says in the user's language why an advisor's own account cannot pay that advisor", async () => {
    sendChatMessage.mockRejectedValue(
      new ApiError(403, 'own_advisor', 'You are linked to this advisor: ...'),
    );
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.submit(input.form!);
    await screen.findByText(t('common.errors.own_advisor'));
  });

  it('keeps a message the server could not be reached for as a failed bubble, not a toast', async () => {
    sendChatMessage.mockRejectedValue(new ApiError(0, 'network', 'Failed to fetch'));
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.submit(input.form!);
    await waitFor(() =>
      expect(screen.getByTestId('outbox').querySelector('[data-state=failed]')?.textContent).toBe(
        'Hello',
      ),
    );
    expect(screen.queryByText(t('chat.sendError'))).toBeNull();
    expect(input.value).toBe('');
  });

  it('opens the top-up when the server refuses to charge, and gives the draft back', async () => {
    sendChatMessage.mockRejectedValue(
      new ApiError(402, 'insufficient_funds', 'Insufficient funds'),
    );
    const { input, onNeedsTopUp } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.submit(input.form!);
    await waitFor(() => expect(onNeedsTopUp).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(input.value).toBe('Hello'));
    expect(screen.getByTestId('outbox').children).toHaveLength(0);
  });

  it('explains why a picture was not sent: wrong type or larger than 5 MB', async () => {
    setup();
    const picker = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(picker, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    await screen.findByText(t('chat.uploadError', { reason: t('chat.imageType') }));
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [huge] } });
    await screen.findByText(t('chat.uploadError', { reason: t('chat.imageTooLarge') }));
    expect(sendChatMessage).not.toHaveBeenCalled();
  });

  it('without free messages or balance: the draft can be written, a send and "Add Balance" open the top-up', () => {
    const { input, onNeedsTopUp } = setup(true);
    expect(input.disabled).toBe(false);
    fireEvent.change(input, { target: { value: 'My question' } });
    fireEvent.submit(input.form!);
    expect(onNeedsTopUp).toHaveBeenCalledTimes(1);
    expect(sendChatMessage).not.toHaveBeenCalled();
    expect(input.value).toBe('My question');
    fireEvent.click(screen.getByRole('button', { name: t('chat.addBalance') }));
    expect(onNeedsTopUp).toHaveBeenCalledTimes(2);
    // The draft is kept for the session: the top-up may leave the app.
    expect(sessionStorage.getItem('seer:draft:3')).toBe('My question');
  });

  it('after a top-up with a draft waiting, "Send now" sends it', async () => {
    sendChatMessage.mockResolvedValue(sent);
    sessionStorage.setItem('seer:draft:3', 'Waiting question');
    const { input, onSent } = setup(false, true);
    expect(input.value).toBe('Waiting question');
    fireEvent.click(screen.getByRole('button', { name: t('chat.sendNow') }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(sendChatMessage).toHaveBeenCalledWith(
      3,
      expect.objectContaining({ text: 'Waiting question' }),
    );
    expect(screen.queryByRole('button', { name: t('chat.sendNow') })).toBeNull();
  });
});
