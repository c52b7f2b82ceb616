/**
 * The chat's draft: what is typed in the composer, per advisor, kept for the session (a top-up
 * that leaves the app for a wallet or an invoice, or a reload, brings it back).
 */
import { useCallback, useEffect, useState } from 'react';

const key = (advisorId: number) => `seer:draft:${advisorId}`;

function read(advisorId: number): string {
  try {
    return sessionStorage.getItem(key(advisorId)) ?? '';
  } catch {
    return '';
  }
}

function write(advisorId: number, text: string): void {
  try {
    if (text) sessionStorage.setItem(key(advisorId), text);
    else sessionStorage.removeItem(key(advisorId));
  } catch {
    // Storage refused (private mode): the draft lives as long as the screen.
  }
}

export function useDraft(advisorId: number | null) {
  const [state, setState] = useState(() => ({
    advisorId,
    text: advisorId === null ? '' : read(advisorId),
  }));
  // Another chat: its own draft.
  const text =
    state.advisorId === advisorId ? state.text : advisorId === null ? '' : read(advisorId);
  useEffect(() => {
    if (state.advisorId !== advisorId)
      setState({ advisorId, text: advisorId === null ? '' : read(advisorId) });
  }, [advisorId, state.advisorId]);

  const setText = useCallback(
    (update: string | ((current: string) => string)) =>
      setState((current) => {
        const base = current.advisorId === advisorId ? current.text : '';
        const next = typeof update === 'function' ? update(base) : update;
        if (advisorId !== null) write(advisorId, next);
        return { advisorId, text: next };
      }),
    [advisorId],
  );
  return { text, setText };
}
