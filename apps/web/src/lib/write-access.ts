/**
 * Asking once whether the bot may write to the user (Telegram's requestWriteAccess), so that an
 * advisor's reply reaches them while the app is closed. Asked at a moment the question makes
 * sense — after the user's first sent message — and never again on this device, whatever the
 * answer; the answer goes to the server with SetWriteAccess. Settings offers it again on demand.
 */
import { callApi } from './api-client';
import { isInTelegram, requestWriteAccess } from './telegram';
import { getCachedData, setCachedData } from './use-data';
import { USER_DATA_KEY, type CurrentUser } from './user';

const ASKED_KEY = 'seer.writeAccessAsked';

function alreadyAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) === '1';
  } catch {
    return true;
  }
}

/** Resolves to the answer, or null when nothing was asked (outside Telegram, already allowed, asked before). */
export async function askWriteAccessOnce(): Promise<boolean | null> {
  if (!isInTelegram() || alreadyAsked()) return null;
  const user = getCachedData<CurrentUser>(USER_DATA_KEY);
  if (!user || user.allows_write_to_pm) return null;
  try {
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    return null;
  }
  const allowed = await requestWriteAccess();
  try {
    await recordWriteAccess(allowed);
  } catch {
    // The server keeps what it knew; the settings screen can ask again.
  }
  return allowed;
}

/** Whether the bot may write to the signed-in user, as far as this app knows (inside Telegram only). */
export function botCanWrite(user: Pick<CurrentUser['data'], 'allows_write_to_pm'>): boolean {
  return isInTelegram() && user.allows_write_to_pm;
}

/**
 * Asks now, on the user's tap (an offer such as the offline chat's), whatever was asked before;
 * resolves to the answer once the server has it. Throws when the server could not be told.
 */
export async function askWriteAccessNow(): Promise<boolean> {
  const allowed = await requestWriteAccess();
  await recordWriteAccess(allowed);
  return allowed;
}

async function recordWriteAccess(allowed: boolean): Promise<void> {
  await callApi('SetWriteAccess', { body: { allowed } });
  setCachedData<CurrentUser | undefined>(USER_DATA_KEY, (current) =>
    current
      ? {
          ...current,
          allows_write_to_pm: allowed,
          data: { ...current.data, allows_write_to_pm: allowed },
        }
      : current,
  );
}
