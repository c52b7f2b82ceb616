/**
 * Chat lists kept current from socket frames, without reloading them: the user's dialogs
 * (GetAllChats) and the advisor's inbox (ManagerGetChats). A frame about a dialog the list does
 * not hold yet answers null: the caller then loads the list (it lacks the other side's name).
 */
import {
  messagePreview,
  type AdvisorDialog,
  type ChatSummary,
  type ServerFrame,
} from '@seer/contract';

type NewMessageData = Extract<ServerFrame, { type: 'new_message' }>['data'];
type ReadData = Extract<ServerFrame, { type: 'read' }>['data'];

function newestFirst<T extends { message_date: string | null }>(list: T[]): T[] {
  const time = (item: T) => (item.message_date ? Date.parse(item.message_date) || 0 : 0);
  return list.sort((a, b) => time(b) - time(a));
}

/** The user's dialogs after a message in one of them: its preview and time, unread when the advisor wrote, newest first. */
export function chatsWithMessage(
  chats: readonly ChatSummary[],
  data: NewMessageData,
): ChatSummary[] | null {
  const index = chats.findIndex((chat) => chat.manager_id === data.manager_id);
  if (index === -1) return null;
  const updated = chats.map((chat, i) =>
    i === index
      ? {
          ...chat,
          last_message: messagePreview(data.full.kind, data.full.message_text),
          message_date: data.full.message_date,
          unread: chat.unread + (data.sender === 'manager' ? 1 : 0),
        }
      : chat,
  );
  return newestFirst(updated);
}

/** The advisor's inbox after a message: its preview and time, unread when the user wrote. */
export function inboxWithMessage(
  dialogs: readonly AdvisorDialog[],
  data: NewMessageData,
): AdvisorDialog[] | null {
  const index = dialogs.findIndex((dialog) => dialog.telegram_user_id === data.telegram_user_id);
  if (index === -1) return null;
  return dialogs.map((dialog, i) =>
    i === index
      ? {
          ...dialog,
          last_message: messagePreview(data.full.kind, data.full.message_text),
          message_date: data.full.message_date,
          unread: dialog.unread + (data.sender === 'user' ? 1 : 0),
        }
      : dialog,
  );
}

/** The advisor's inbox after the advisor read a dialog (on any of their devices). */
export function inboxWithRead(dialogs: readonly AdvisorDialog[], data: ReadData): AdvisorDialog[] {
  if (data.reader !== 'manager') return [...dialogs];
  return dialogs.map((dialog) =>
    dialog.telegram_user_id === data.telegram_user_id ? { ...dialog, unread: 0 } : dialog,
  );
}
