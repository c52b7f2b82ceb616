/** Reports and blocks (decision 048): the calls, and who blocked whom in one dialog, kept live. */
import { useEffect } from 'react';
import type { BlockState, ReportReason } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { onSocketFrame } from '../../lib/socket';
import { invalidate, setCachedData, useData } from '../../lib/use-data';

export type ReportTarget = { kind: 'message'; id: number } | { kind: 'advisor'; id: number };

export async function sendReport(target: ReportTarget, reason: ReportReason, text: string) {
  const extra = text.trim() ? { text: text.trim() } : {};
  return target.kind === 'message'
    ? callApi('ReportMessage', { body: { message_id: target.id, reason, ...extra } })
    : callApi('ReportAdvisor', { body: { manager_id: target.id, reason, ...extra } });
}

/** The dialog between the caller and the other party: as a user (advisor id) or as an advisor (user id). */
export type BlockSide = { side: 'user'; advisorId: number } | { side: 'manager'; userId: number };

const keyOf = (who: BlockSide) =>
  who.side === 'user' ? `block:user:${who.advisorId}` : `block:manager:${who.userId}`;

async function load(who: BlockSide): Promise<BlockState> {
  const answer =
    who.side === 'user'
      ? await callApi('GetBlockState', { query: { manager_id: who.advisorId } })
      : await callApi('ManagerGetBlockState', { query: { telegram_user_id: who.userId } });
  return answer.block;
}

/** Sets or lifts the caller's own block; the answer is the new state. */
export async function setBlock(who: BlockSide, blocked: boolean): Promise<BlockState> {
  const answer =
    who.side === 'user'
      ? await callApi(blocked ? 'BlockAdvisor' : 'UnblockAdvisor', {
          body: { manager_id: who.advisorId },
        })
      : await callApi(blocked ? 'ManagerBlockUser' : 'ManagerUnblockUser', {
          body: { telegram_user_id: who.userId },
        });
  setCachedData(keyOf(who), answer.block);
  // The catalogue, favourites and chats leave out (or bring back) an advisor the user blocks.
  if (who.side === 'user') {
    invalidate('advisors');
    invalidate('chats');
    invalidate('favourites');
    invalidate('blocked-advisors');
  }
  return answer.block;
}

/** Who blocked whom in this dialog; follows the socket's block frames (the other party's too). */
export function useBlockState(who: BlockSide | null) {
  const key = who ? keyOf(who) : null;
  const data = useData(key, () => load(who!));
  const refetch = data.refetch;
  const advisorId = who?.side === 'user' ? who.advisorId : null;
  const userId = who?.side === 'manager' ? who.userId : null;
  useEffect(() => {
    if (advisorId === null && userId === null) return;
    return onSocketFrame('block', ({ data: frame }) => {
      if (
        (advisorId !== null && frame.manager_id === advisorId) ||
        (userId !== null && frame.telegram_user_id === userId)
      )
        void refetch();
    });
  }, [advisorId, userId, refetch]);
  return data;
}

export function useBlockedAdvisors() {
  return useData('blocked-advisors', async () => (await callApi('GetBlockedAdvisors')).advisors);
}
