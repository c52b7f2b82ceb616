/** ManagerAddQuickReply, ManagerEditQuickReply, ManagerDeleteQuickReply: each updates the cached list. */
import type { CallAnswer, Locale, QuickReply } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { setCachedData } from '../../../lib/use-data';
import { quickRepliesKey } from './keys';

type QuickReplies = CallAnswer<'ManagerGetQuickReplies'>;

function updateList(change: (list: QuickReply[]) => QuickReply[]): void {
  setCachedData<QuickReplies | undefined>(quickRepliesKey, (current) =>
    current ? { ...current, quick_replies: change(current.quick_replies) } : current,
  );
}

export async function addQuickReply(language: Locale, text: string): Promise<QuickReply> {
  const { quick_reply } = await callApi('ManagerAddQuickReply', { body: { language, text } });
  // The server appends it to its language; the list is ordered by language, then as added.
  updateList((list) => [...list, quick_reply].sort((a, b) => a.language.localeCompare(b.language)));
  return quick_reply;
}

export async function editQuickReply(id: number, text: string): Promise<QuickReply> {
  const { quick_reply } = await callApi('ManagerEditQuickReply', { body: { id, text } });
  updateList((list) => list.map((reply) => (reply.id === id ? quick_reply : reply)));
  return quick_reply;
}

export async function deleteQuickReply(id: number): Promise<void> {
  await callApi('ManagerDeleteQuickReply', { body: { id } });
  updateList((list) => list.filter((reply) => reply.id !== id));
}
