/**
 * The advisors' workspace calls (decisions.md "Advisors' calls"): each fetch function with its
 * cache key. They answer only to a Telegram user linked to an advisor (403 for anyone else).
 */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';

export const WORKSPACE_KEY = 'workspace:';
export const inboxKey = `${WORKSPACE_KEY}chats`;
export const dialogKey = (telegramUserId: number) => `${WORKSPACE_KEY}messages:${telegramUserId}`;

export type AdvisorProfile = CallAnswer<'ManagerGetProfile'>['manager'];

export function useAdvisorProfile(enabled: boolean) {
  return useData(enabled ? `${WORKSPACE_KEY}profile` : null, () => callApi('ManagerGetProfile'));
}

export function useInbox(enabled: boolean) {
  return useData(enabled ? inboxKey : null, () => callApi('ManagerGetChats'));
}

export function useAdvisorDialog(telegramUserId: number | null) {
  return useData(telegramUserId === null ? null : dialogKey(telegramUserId), () =>
    callApi('ManagerGetMessages', { query: { telegram_user_id: telegramUserId! } }),
  );
}

export function useEarnings(enabled: boolean) {
  return useData(enabled ? `${WORKSPACE_KEY}earnings` : null, () => callApi('ManagerGetEarnings'));
}

export function useOwnReviews(managerId: number | null) {
  return useData(managerId === null ? null : `${WORKSPACE_KEY}reviews:${managerId}`, () =>
    callApi('GetReviews', { query: { manager_id: managerId! } }),
  );
}

export async function sendReply(telegramUserId: number, content: { text: string; imageId?: string }) {
  const answer = await callApi('ManagerSendMessage', {
    body: { telegram_user_id: telegramUserId, ...(content.text ? { message: content.text } : {}), ...(content.imageId ? { image_id: content.imageId } : {}) },
  });
  invalidate(inboxKey);
  return answer.data.message;
}

export async function markDialogRead(telegramUserId: number): Promise<void> {
  await callApi('ManagerMarkRead', { body: { telegram_user_id: telegramUserId } });
}

export async function setOnline(online: boolean): Promise<boolean> {
  const answer = await callApi('ManagerSetStatus', { body: { online } });
  return answer.online;
}
