/** The frame of every page: the main area and the five-entry bottom bar. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../lib/i18n';
import { haptic, showBackButton, showSettingsButton } from '../lib/telegram';
import { AdvisorsIcon, BellIcon, ChatsIcon, HomeIcon, SettingsIcon } from '../shared/ui/icons';
import { goBack, isBottomBarPath, navigate, recordLocation } from '../lib/navigation';
import { closeTopOverlay, useOverlayOpen } from '../lib/overlays';
import { unreadTotal, useLiveChats } from '../shared/live-dialog/live-chats';
import { UnreadNotificationsBadge } from '../shared/notifications/unread-notifications-badge';

/** Unread advisor messages over all chats, live, on the Chats tab. */
function UnreadBadge() {
  const t = useT();
  const chats = useLiveChats();
  const count = unreadTotal(chats.data?.chats);
  if (count === 0) return null;
  return (
    <span className="tab-badge" data-testid="chats-unread">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('nav.chatsUnread', { count })}</span>
    </span>
  );
}

const ENTRIES = [
  { href: '/', label: 'nav.home', Icon: HomeIcon },
  { href: '/history', label: 'nav.chats', Icon: ChatsIcon },
  { href: '/operators', label: 'nav.advisors', Icon: AdvisorsIcon },
  { href: '/notifications', label: 'nav.notifications', Icon: BellIcon },
  { href: '/settings', label: 'nav.settings', Icon: SettingsIcon },
] as const;

export function BottomBar() {
  const t = useT();
  const [location] = useLocation();
  return (
    <nav className="bottom-bar" aria-label={t('nav.label')}>
      {ENTRIES.map(({ href, label, Icon }) => {
        // The active entry is the one whose path equals the current path exactly.
        const active = location === href;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            onClick={() => haptic.selection()}
          >
            <span className="tab-icon">
              <Icon />
              {href === '/history' && <UnreadBadge />}
              {href === '/notifications' && <UnreadNotificationsBadge />}
            </span>
            <span className="tab-label">{t(label)}</span>
          </Link>
        );
      })}
    </nav>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    recordLocation(location);
    main.current?.scrollTo?.({ top: 0 });
  }, [location]);

  // Telegram's BackButton on every inner page and over any overlay: it closes the top overlay
  // first, then leaves the screen. The bottom-bar pages are the top level.
  const overlayOpen = useOverlayOpen();
  useEffect(
    () =>
      isBottomBarPath(location) && !overlayOpen
        ? undefined
        : showBackButton(() => {
            if (!closeTopOverlay()) goBack();
          }),
    [location, overlayOpen],
  );

  // "Settings" in the Mini App's menu opens Settings.
  useEffect(() => showSettingsButton(() => navigate('/settings')), []);

  return (
    <div className="app-shell">
      <main className="app-main" ref={main} id="main">
        {children}
      </main>
      <BottomBar />
    </div>
  );
}
