/**
 * Follows the start parameter the app was launched with, once: `advisor_<id>` opens that
 * profile, `chat_<id>` the chat with that advisor. Anything else (`ref_<code>`, which the server
 * records at sign-in, unknown or malformed parameters, advisors that do not exist) stays on the
 * screen the app opened at: never an error screen. docs/decisions/026-deep-links-and-referrals.md.
 */
import { parseStartPayload } from '@seer/contract';
import { callApi } from '../lib/api-client';
import { navigate } from '../lib/navigation';
import { takeStartParam } from '../lib/telegram';

export async function followStartParam(): Promise<void> {
  const payload = parseStartPayload(takeStartParam());
  if (!payload || payload.kind === 'ref') return;
  try {
    // Only an advisor who exists (and is listed) is opened; otherwise home stays.
    await callApi('GetManager', { query: { id: payload.advisorId } });
  } catch {
    return;
  }
  navigate(
    payload.kind === 'advisor' ? `/operator/${payload.advisorId}` : `/chat/${payload.advisorId}`,
  );
}
