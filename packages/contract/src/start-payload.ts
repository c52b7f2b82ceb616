/**
 * The start parameter's payloads, which the Mini App (start_param) and the bot (/start <payload>)
 * read the same way (docs/decisions/026-deep-links-and-referrals.md). No zod here: the app shell
 * imports this at launch and must stay small.
 */

/** An invite code: 8 lowercase letters and digits (what `ref_<code>` carries). */
export const REFERRAL_CODE_PATTERN = /^[a-z0-9]{8}$/;

/** What a start parameter asks for; null for anything unknown or malformed (the app opens home). */
export type StartPayload =
  | { kind: 'advisor'; advisorId: number }
  | { kind: 'chat'; advisorId: number }
  | { kind: 'ref'; code: string };

const ID = /^(advisor|chat)_([1-9]\d{0,8})$/;
const REF = /^ref_([a-z0-9]{8})$/;

/** Reads `advisor_<id>`, `chat_<id>` or `ref_<code>`; anything else (or too long) is null. */
export function parseStartPayload(value: string | null | undefined): StartPayload | null {
  if (typeof value !== 'string' || value.length > 64) return null;
  const id = ID.exec(value);
  if (id) {
    const advisorId = Number(id[2]);
    return id[1] === 'advisor' ? { kind: 'advisor', advisorId } : { kind: 'chat', advisorId };
  }
  const ref = REF.exec(value);
  return ref ? { kind: 'ref', code: ref[1]! } : null;
}

/** The start parameter of a payload (the inverse of parseStartPayload). */
export function startPayload(payload: StartPayload): string {
  return payload.kind === 'ref' ? `ref_${payload.code}` : `${payload.kind}_${payload.advisorId}`;
}
