/** The inbox's order: dialogs with unread messages first, then the most recent; ties by user id for a stable list. */
import type { AdvisorDialog } from '@seer/contract';

function time(dialog: AdvisorDialog): number {
  return dialog.message_date ? Date.parse(dialog.message_date) || 0 : 0;
}

export function sortInbox(dialogs: readonly AdvisorDialog[]): AdvisorDialog[] {
  return [...dialogs].sort(
    (a, b) =>
      Number(b.unread > 0) - Number(a.unread > 0) ||
      time(b) - time(a) ||
      a.telegram_user_id - b.telegram_user_id,
  );
}
