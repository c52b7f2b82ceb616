/**
 * Telegram's BackButton over an open modal, sheet, dialog or menu (decision 053): the first press
 * closes the top one and stays on the screen, the next leaves the screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { navigate } from '../lib/navigation';
import { clearDataCache } from '../lib/use-data';
import { ChatMenu } from '../features/chat/chat-menu';
import { ReportDialog } from '../shared/safety/report-dialog';
import { ConfirmDialog, Dialog } from '../shared/ui/dialog';
import { ModalHost, closeModal, openModal } from '../shared/ui/modal';
import { Layout } from './layout';

vi.mock('../lib/socket', () => ({
  onSocketFrame: () => () => {},
  onConnectionState: () => () => {},
}));
vi.mock('../lib/api-client', async (original) => ({
  ...(await original<typeof import('../lib/api-client')>()),
  callApi: (name: string) =>
    Promise.resolve(
      name === 'GetNotifications'
        ? { status: 'success', notifications: [], unread: 0 }
        : { status: 'success', chats: [] },
    ),
}));

/** The BackButton's handlers as Telegram holds them: all of them run on a press. */
const backHandlers = new Set<() => void>();
const backButton = {
  show: vi.fn(),
  hide: vi.fn(),
  onClick: (handler: () => void) => backHandlers.add(handler),
  offClick: (handler: () => void) => backHandlers.delete(handler),
};

function pressBack() {
  expect(backHandlers.size).toBe(1);
  act(() => {
    for (const handler of [...backHandlers]) handler();
  });
}

/** history.back() lands a task later: time for a wrong navigation to show. */
async function afterHistoryTraversal() {
  await act(() => new Promise((done) => setTimeout(done, 50)));
}

const noop = () => {};

/** A screen with a button that opens one kind of overlay. */
function Opener({ open }: { open: (close: () => void) => ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Open
      </button>
      {shown && open(() => setShown(false))}
    </>
  );
}

interface Overlay {
  name: string;
  screen: ReactNode;
  /** The name of the button that opens it. */
  opener: string;
  find: () => HTMLElement | null;
}

const OVERLAYS: Overlay[] = [
  {
    name: 'a confirmation',
    screen: (
      <Opener
        open={(close) => (
          <ConfirmDialog
            title="Block Luna?"
            message="She will not be able to write to you."
            confirmLabel="Block"
            onConfirm={noop}
            onCancel={close}
          />
        )}
      />
    ),
    opener: 'Open',
    find: () => screen.queryByRole('alertdialog', { name: 'Block Luna?' }),
  },
  {
    name: 'the report dialog',
    screen: (
      <Opener
        open={(close) => <ReportDialog target={{ kind: 'advisor', id: 5 }} onClose={close} />}
      />
    ),
    opener: 'Open',
    find: () => screen.queryByRole('dialog', { name: 'Report this advisor' }),
  },
  {
    name: "the chat's menu",
    screen: (
      <ChatMenu
        onRate={noop}
        onViewProfile={noop}
        onDispute={noop}
        onTranscript={noop}
        onSearch={noop}
        onReport={noop}
        blocked={false}
        onToggleBlock={noop}
        onDelete={noop}
      />
    ),
    opener: 'Chat actions',
    find: () => screen.queryByRole('menu'),
  },
  {
    name: 'a modal of the modal system',
    screen: (
      <>
        <button type="button" onClick={() => openModal({ variant: 'warn' })}>
          Open
        </button>
        <ModalHost />
      </>
    ),
    opener: 'Open',
    find: () => screen.queryByRole('dialog'),
  },
];

function renderScreen(children: ReactNode) {
  return render(<Layout>{children}</Layout>);
}

/** The user came to an advisor's profile from the advisors list. */
function arriveOnProfile() {
  act(() => navigate('/operator/5'));
  expect(window.location.pathname).toBe('/operator/5');
}

describe("Telegram's BackButton over an overlay", () => {
  beforeEach(() => {
    clearDataCache();
    backHandlers.clear();
    window.history.replaceState(null, '', '/operators');
    window.Telegram = {
      WebApp: {
        initData: 'query_id=1',
        isVersionAtLeast: () => true,
        BackButton: backButton,
      } as never,
    };
  });
  afterEach(() => {
    act(() => closeModal());
    delete window.Telegram;
  });

  it.each(OVERLAYS)('closes $name and stays; the next press goes back', async (overlay) => {
    renderScreen(overlay.screen);
    arriveOnProfile();
    fireEvent.click(screen.getByRole('button', { name: overlay.opener }));
    const { find } = overlay;
    expect(find()).not.toBeNull();

    pressBack();
    expect(find()).toBeNull();
    await afterHistoryTraversal();
    expect(window.location.pathname).toBe('/operator/5');

    pressBack();
    await waitFor(() => expect(window.location.pathname).toBe('/operators'));
  });

  it('closes stacked overlays newest first: a modal over a confirmation, then the confirmation', async () => {
    renderScreen(
      <>
        {OVERLAYS[0]!.screen}
        <ModalHost />
      </>,
    );
    arriveOnProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    act(() => openModal({ variant: 'warn' }));
    expect(screen.getByRole('dialog')).toBeTruthy();

    pressBack();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    pressBack();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await afterHistoryTraversal();
    expect(window.location.pathname).toBe('/operator/5');
    pressBack();
    await waitFor(() => expect(window.location.pathname).toBe('/operators'));
  });

  it('neither closes a dialog busy with its action nor leaves the screen under it', async () => {
    renderScreen(
      <Dialog labelledBy="busy-title" dismissible={false} onClose={() => {}}>
        <h2 id="busy-title">Deleting</h2>
      </Dialog>,
    );
    arriveOnProfile();
    pressBack();
    expect(screen.getByRole('dialog', { name: 'Deleting' })).toBeTruthy();
    await afterHistoryTraversal();
    expect(window.location.pathname).toBe('/operator/5');
  });
});
