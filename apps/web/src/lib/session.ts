/**
 * Who the user is, for every call and the socket: a session the server starts from init data
 * (docs/decisions/013-sessions.md), renewed silently before its token expires. Every renewal
 * rotates the token and the server ends a session whose old token is renewed twice
 * (docs/decisions/034-revocation-that-revokes.md), so renewals go one at a time and a token that
 * was already replaced is never renewed again. When it can be
 * neither renewed nor started again (the init data is too old, the session was revoked or reached
 * its longest life), the session has ended and the app asks to be reopened.
 * The init data inside Telegram is Telegram's own; in a plain browser (demo) the server signs a
 * demo user's once, which is kept in localStorage and reused.
 */
import type { SessionAnswer } from '@seer/contract';
import { launchInitData, onAppActive } from './telegram';

const STORAGE_KEY = 'seer.initData';

let demoSession: Promise<string> | null = null;

/** True when Telegram supplied the init data (we never ask the server for demo init data then). */
function hasTelegramInitData(): boolean {
  return launchInitData() !== '';
}

function readStored(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function store(initData: string): void {
  try {
    if (initData) localStorage.setItem(STORAGE_KEY, initData);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lives for this page only.
  }
}

async function requestDemoSession(): Promise<string> {
  const response = await fetch('/api/demo/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      typeof navigator !== 'undefined' && navigator.language
        ? { language_code: navigator.language }
        : {},
    ),
  });
  if (!response.ok) throw new Error(`Demo sign-in failed with status ${response.status}`);
  const answer = (await response.json()) as { init_data?: unknown };
  if (typeof answer.init_data !== 'string' || !answer.init_data)
    throw new Error('Demo sign-in gave no init data');
  return answer.init_data;
}

/** The init data a session starts from; asks for demo init data only when neither Telegram nor storage has one. */
async function getInitData(): Promise<string> {
  const telegram = launchInitData();
  if (telegram) return telegram;
  const stored = readStored();
  if (stored) return stored;
  return renewInitData();
}

/**
 * Called when the stored demo init data is refused (too old): ask for fresh demo init data.
 * Concurrent callers share one request. Inside Telegram there is nothing to renew.
 */
async function renewInitData(): Promise<string> {
  if (hasTelegramInitData()) return launchInitData();
  demoSession ??= requestDemoSession()
    .then((initData) => {
      store(initData);
      return initData;
    })
    .finally(() => {
      demoSession = null;
    });
  return demoSession;
}

// ---------- sessions ----------

type Session = SessionAnswer;

/** Thrown when no session can be had any more: the app shows "please reopen Seer". */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended; reopen Seer');
    this.name = 'SessionEndedError';
  }
}

/** Renew when less than this is left of the token's life (or half of it, for short ones). */
const RENEW_MARGIN_SECONDS = 5 * 60;

let current: (Session & { issuedAt: number }) | null = null;
let pending: Promise<Session> | null = null;
let renewTimer: ReturnType<typeof setTimeout> | null = null;
let stopActiveListener: (() => void) | null = null;
let ended = false;
const endedListeners = new Set<() => void>();
const renewedListeners = new Set<(session: Session) => void>();

class SessionRefused extends Error {}

/** Seer's staff suspended this account (403 account_suspended, decision 048): no sign-in works. */
let suspended = false;

/** Whether the session ended because the account is suspended (the app says so, not "reopen"). */
export function isAccountSuspended(): boolean {
  return suspended;
}

async function postSession(path: string, authorization: string): Promise<Session> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { authorization, accept: 'application/json' },
    });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : 'Network error');
  }
  if (response.status === 401) throw new SessionRefused();
  if (response.status === 403) {
    const refusal = (await response.json().catch(() => null)) as { code?: string } | null;
    if (refusal?.code === 'account_suspended') {
      suspended = true;
      throw new SessionRefused();
    }
  }
  if (!response.ok) throw new Error(`Signing in failed with status ${response.status}`);
  const answer = (await response.json()) as Partial<Session>;
  if (typeof answer.token !== 'string' || typeof answer.expires_at !== 'number')
    throw new Error('Signing in gave no session');
  return answer as Session;
}

function nowSeconds(): number {
  return Date.now() / 1000;
}

function fresh(session: Session & { issuedAt: number }): boolean {
  const life = session.expires_at - session.issuedAt;
  return session.expires_at - nowSeconds() > Math.min(RENEW_MARGIN_SECONDS, life / 2);
}

function scheduleRenewal(session: Session & { issuedAt: number }): void {
  if (renewTimer !== null) clearTimeout(renewTimer);
  const life = session.expires_at - session.issuedAt;
  const at = session.expires_at - Math.min(RENEW_MARGIN_SECONDS, life / 2);
  renewTimer = setTimeout(
    () => {
      renewTimer = null;
      void refreshSession().catch(() => {});
    },
    Math.max(1_000, (at - nowSeconds()) * 1000),
  );
  // Timers sleep while the app is in the background; coming back renews at once if due.
  stopActiveListener ??= onAppActive(() => void getSession().catch(() => {}));
}

async function startFromInitData(): Promise<Session> {
  try {
    return await postSession('/api/session', await getInitData());
  } catch (error) {
    // Outside Telegram a demo user's init data can simply be signed again.
    if (error instanceof SessionRefused && !hasTelegramInitData())
      return postSession('/api/session', await renewInitData());
    throw error;
  }
}

/**
 * The session, renewed when `force` (the server refused `rejected`) or when due. At most one
 * request at a time: whoever asks meanwhile shares its answer.
 */
async function obtain(force: boolean, rejected?: string): Promise<Session> {
  if (ended) throw new SessionEndedError();
  // Refused with a token this page has since replaced (another call renewed meanwhile): the
  // current one is the answer; renewing again would only rotate it once more.
  const movedOn = rejected !== undefined && current !== null && current.token !== rejected;
  if (current && (!force || movedOn) && fresh(current)) return current;
  pending ??= (async () => {
    let session: Session | null = null;
    if (current) {
      try {
        session = await postSession('/api/session/renew', `Bearer ${current.token}`);
      } catch (error) {
        if (!(error instanceof SessionRefused)) throw error;
      }
    }
    try {
      session ??= await startFromInitData();
    } catch (error) {
      if (error instanceof SessionRefused) {
        current = null;
        ended = true;
        for (const listener of endedListeners) listener();
        throw new SessionEndedError();
      }
      throw error;
    }
    current = { ...session, issuedAt: nowSeconds() };
    scheduleRenewal(current);
    for (const listener of renewedListeners) listener(session);
    return session;
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** A session whose token is good for a while yet: renewed or started as needed (one request at a time). */
export function getSession(): Promise<Session> {
  return obtain(false);
}

/**
 * After the server refused `rejected` (401): renew the session, or start a new one from init
 * data; when the session has already moved past that token, the current one.
 */
export function refreshSession(rejected?: string): Promise<Session> {
  return obtain(true, rejected);
}

/** Whether the session has ended for good (the app must be reopened). */
export function isSessionEnded(): boolean {
  return ended;
}

/** Calls back once the session has ended for good; returns the undo. */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Calls back with every renewed or new session (the socket hands it to the server). */
export function onSessionRenewed(listener: (session: Session) => void): () => void {
  renewedListeners.add(listener);
  return () => renewedListeners.delete(listener);
}

/** For tests: forget the session as if the app had just started. */
export function resetSessionForTests(): void {
  current = null;
  pending = null;
  ended = false;
  if (renewTimer !== null) clearTimeout(renewTimer);
  renewTimer = null;
  stopActiveListener?.();
  stopActiveListener = null;
}
