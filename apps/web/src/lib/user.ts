/**
 * The signed-in user's profile (GetUser), shared by every screen through one cache entry,
 * so a balance change seen on one screen (a send, a deposit) shows everywhere.
 */
import { useEffect } from 'react';
import type { CallAnswer } from '@seer/contract';
import { callApi } from './api-client';
import { onSocketFrame } from './socket';
import { setCachedData, useData } from './use-data';

export type CurrentUser = CallAnswer<'GetUser'>;
export const USER_DATA_KEY = 'user';

export function useCurrentUser() {
  return useData(USER_DATA_KEY, () => callApi('GetUser'));
}

/** Applies new balance figures (payment info after a send, a socket balance frame). */
export function updateUserBalance(balanceCents: number, freeMessages: number): void {
  setCachedData<CurrentUser | undefined>(USER_DATA_KEY, (user) => {
    if (!user) return user;
    const figures = {
      balance: balanceCents / 100,
      balance_cents: balanceCents,
      free_messages: freeMessages,
      free_minutes: freeMessages,
    };
    return { ...user, ...figures, data: { ...user.data, ...figures } };
  });
}

export function replaceUser(user: CurrentUser['data']): void {
  setCachedData<CurrentUser | undefined>(USER_DATA_KEY, (previous) =>
    previous ? { ...previous, ...user, data: user } : { status: 'success', ...user, data: user },
  );
}

/** Keeps the cached balance live from the socket's balance frames while mounted. */
export function useLiveBalance(): void {
  useEffect(
    () =>
      onSocketFrame('balance', (frame) =>
        updateUserBalance(frame.data.balance_cents, frame.data.free_messages),
      ),
    [],
  );
}

/** "Start for free" while the user has free messages left, "Message" otherwise. */
export function hasFreeMessages(user: CurrentUser | undefined): boolean {
  return (user?.free_messages ?? 0) > 0;
}

/** The names the demo sign-in gives its guests (one per language). */
const DEMO_GUEST_NAMES = new Set(['Guest', 'Гость']);

/**
 * Whether the profile is a demo sign-in's guest (username "guest<digits>", a guest name and no
 * name of the user's own), whose name screens show in the current language.
 */
export function isDemoGuest(
  user: Pick<CurrentUser['data'], 'name' | 'first_name' | 'username'> | undefined,
): boolean {
  return (
    !!user &&
    !user.name &&
    DEMO_GUEST_NAMES.has(user.first_name ?? '') &&
    /^guest\d+$/.test(user.username ?? '')
  );
}
