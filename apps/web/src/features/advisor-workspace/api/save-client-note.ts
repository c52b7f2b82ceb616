/** ManagerSaveClientNote: the advisor's private note about a client (an empty text removes it). */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { setCachedData } from '../../../lib/use-data';
import { clientCardKey } from './keys';

type CardAnswer = CallAnswer<'ManagerGetClientCard'>;

export async function saveClientNote(telegramUserId: number, text: string) {
  const { note } = await callApi('ManagerSaveClientNote', {
    body: { telegram_user_id: telegramUserId, text },
  });
  setCachedData<CardAnswer | undefined>(clientCardKey(telegramUserId), (current) =>
    current ? { ...current, card: { ...current.card, note } } : current,
  );
  return note;
}
