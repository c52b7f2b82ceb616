/** The advisor's dialogs: unread first, each with the user's name, last message, time and unread badge. */
import { Link } from 'wouter';
import type { AdvisorDialog } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { EmptyState } from '../../shared/ui/states';
import { sortInbox } from './inbox-order';
import { MessagePreview } from '../../shared/ui/message-preview';

function timeText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return formatDate(
    date,
    today ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' },
  );
}

export function InboxList({ dialogs }: { dialogs: readonly AdvisorDialog[] }) {
  const t = useT();
  if (dialogs.length === 0) return <EmptyState message={t('workspace.inboxEmpty')} />;
  return (
    <ul className="list workspace-inbox" aria-label={t('workspace.inbox')}>
      {sortInbox(dialogs).map((dialog) => (
        <li key={dialog.telegram_user_id}>
          <Link
            href={`/workspace/chat/${dialog.telegram_user_id}`}
            className="row-link workspace-dialog"
            data-unread={dialog.unread > 0 || undefined}
          >
            <span className="workspace-dialog-body">
              <span className="workspace-dialog-top">
                <strong className="workspace-dialog-name">{dialog.name}</strong>
                <time className="small muted" dateTime={dialog.message_date ?? undefined}>
                  {timeText(dialog.message_date)}
                </time>
              </span>
              <span className="workspace-dialog-bottom">
                <span className="small muted workspace-dialog-last">
                  <MessagePreview text={dialog.last_message} empty={t('workspace.picture')} />
                </span>
                {dialog.unread > 0 && (
                  <span
                    className="badge badge-count"
                    aria-label={t('workspace.unread', { count: dialog.unread })}
                  >
                    {dialog.unread}
                  </span>
                )}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
