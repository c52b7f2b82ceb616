/**
 * Where the init data that identifies the user comes from.
 * Inside Telegram it is Telegram's own init data; in a plain browser (demo) the
 * server signs a demo session once, which is kept in localStorage and reused.
 */
import type { TelegramUser } from '@seer/contract';
import { launchInitData } from './telegram';

const STORAGE_KEY = 'seer.initData';

let demoSession: Promise<string> | null = null;

/** True when Telegram supplied the init data (we never ask the server for a demo session then). */
export function hasTelegramInitData(): boolean {
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

/** The init data to send; asks for a demo session only when neither Telegram nor storage has one. */
export async function getInitData(): Promise<string> {
  const telegram = launchInitData();
  if (telegram) return telegram;
  const stored = readStored();
  if (stored) return stored;
  return renewInitData();
}

/**
 * Called after a 401: a demo session may have expired, so ask for a fresh one.
 * Concurrent callers share one request. Inside Telegram there is nothing to renew.
 */
export async function renewInitData(): Promise<string> {
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

export function forgetInitData(): void {
  store('');
}

export type SessionUser = TelegramUser;

/** The Telegram user named inside init data (the server verifies it; we only read it). */
export function userFromInitData(initData: string): SessionUser | null {
  try {
    const raw = new URLSearchParams(initData).get('user');
    if (!raw) return null;
    const user = JSON.parse(raw) as SessionUser;
    return typeof user.id === 'number' ? user : null;
  } catch {
    return null;
  }
}
