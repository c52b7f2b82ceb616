/**
 * The live socket (/ws, docs/product-rules.md#the-live-socket): one connection for the whole app,
 * opened on first use and signed in by its first frame `{type:'session', token}` (never a token in
 * the URL, where proxies log it: decision 034), reopened 5 s after it closes and at once when the
 * app becomes active again. Screens subscribe to frame types and watch dialogs; both survive
 * reconnects. A renewed session is handed to the open socket; a socket closed because its
 * credential expired (4401) reconnects with a renewed session, or not at all once it has ended;
 * one closed because the user's rights changed (4403) reconnects at once.
 */
import {
  LIMITS,
  SOCKET_CLOSE_CODES,
  SOCKET_PATH,
  type ClientFrame,
  type ServerFrame,
  type ServerFrameOf,
} from '@seer/contract';
import { getSession, onSessionRenewed, refreshSession, SessionEndedError } from './session';
import { onAppActive } from './telegram';

/** Spec section 9: the socket reconnects 5 seconds after closing. */
const RECONNECT_DELAY_MS = 5000;

type Handler = (frame: ServerFrame) => void;
export type ConnectionState = 'idle' | 'connecting' | 'open' | 'closed';

const handlers = new Map<ServerFrame['type'], Set<Handler>>();
const stateListeners = new Set<(state: ConnectionState) => void>();
/** Watched dialogs by advisor id, counted so two screens can watch the same one. */
const watched = new Map<number, number>();
/** The advisors' workspace: dialogs watched as the advisor (`${telegramUserId}:${managerId}`), counted likewise. */
const advisorWatched = new Map<string, number>();
/** While set, the socket says manager_connect for this advisor after user_connect (the workspace is open). */
let advisorManagerId: number | null = null;
let advisorUsers = 0;
const ADVISOR_RELEASE_DELAY_MS = 1000;

let socket: WebSocket | null = null;
let userId: number | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let stopActiveListener: (() => void) | null = null;
let stopRenewedListener: (() => void) | null = null;
let users = 0;
/** The newest session token: the socket's first frame, and what a renewal hands the open socket. */
let token: string | null = null;
/** Set after a 4401 close to the token that was refused: the next open renews the session first. */
let refusedToken: string | null = null;

/** Set when the socket closed (or could not open) and until it is open again. */
let connectionLost = false;

function setState(next: ConnectionState): void {
  if (next === 'closed') connectionLost = true;
  else if (next === 'open' || next === 'idle') connectionLost = false;
  for (const listener of stateListeners) listener(next);
}

/**
 * Whether the live connection is down and being retried: from a close (or a failed open) until it
 * is open again, the reconnects in between included; not while it opens for the first time.
 */
export function isConnectionLost(): boolean {
  return connectionLost;
}

function send(frame: ClientFrame): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function subscribeFrame(managerId: number): ClientFrame | null {
  return userId === null
    ? null
    : { type: 'subscribe_dialog', telegram_user_id: userId, manager_id: managerId };
}

function isServerFrame(value: unknown): value is ServerFrame {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

function dispatch(raw: unknown): void {
  if (typeof raw !== 'string') return;
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return;
  }
  if (!isServerFrame(frame)) return;
  for (const handler of handlers.get(frame.type) ?? []) {
    try {
      handler(frame);
    } catch (error) {
      console.error('Socket handler failed', error);
    }
  }
}

function scheduleReconnect(delay = RECONNECT_DELAY_MS): void {
  if (reconnectTimer !== null || users === 0) return;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    void open();
  }, delay);
}

async function open(): Promise<void> {
  if (users === 0 || (socket && socket.readyState <= WebSocket.OPEN)) return;
  setState('connecting');
  try {
    const session = await (refusedToken !== null ? refreshSession(refusedToken) : getSession());
    refusedToken = null;
    token = session.token;
    userId = session.telegram_user_id;
  } catch (error) {
    setState('closed');
    // Once the session has ended the app shows "please reopen"; reconnecting would only fail.
    if (!(error instanceof SessionEndedError)) scheduleReconnect();
    return;
  }
  if (users === 0 || (socket && socket.readyState <= WebSocket.OPEN)) return;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}${SOCKET_PATH}`);
  socket = ws;
  ws.onopen = () => {
    // The newest token: a renewal while the socket was connecting is taken into account.
    if (token !== null) send({ type: 'session', token });
    if (userId !== null) send({ type: 'user_connect', user_id: userId, data: { role: 'user' } });
    for (const managerId of watched.keys()) {
      const frame = subscribeFrame(managerId);
      if (frame) send(frame);
    }
    if (userId !== null && advisorManagerId !== null) {
      send({
        type: 'manager_connect',
        user_id: userId,
        data: { manager_id: advisorManagerId, role: 'manager' },
      });
    }
    for (const key of advisorWatched.keys()) {
      const [telegramUserId, managerId] = key.split(':').map(Number) as [number, number];
      send({ type: 'subscribe_dialog', telegram_user_id: telegramUserId, manager_id: managerId });
    }
    setState('open');
  };
  ws.onmessage = (event) => dispatch(event.data);
  ws.onclose = (event?: { code?: number }) => {
    if (socket !== ws) return;
    socket = null;
    setState('closed');
    if (event?.code === SOCKET_CLOSE_CODES.unauthorized) {
      // The open socket was handed every renewal: the newest token is the one refused.
      refusedToken = token ?? '';
      scheduleReconnect(0);
    } else if (event?.code === SOCKET_CLOSE_CODES.rightsChanged) scheduleReconnect(0);
    else scheduleReconnect();
  };
  // An error is always followed by close, which schedules the reconnect.
  ws.onerror = () => {};
}

function reconnectNow(): void {
  if (socket && socket.readyState <= WebSocket.OPEN) return;
  if (reconnectTimer !== null) {
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
  }
  void open();
}

function retain(): () => void {
  users += 1;
  if (users === 1) {
    stopActiveListener = onAppActive(reconnectNow);
    // The open socket moves to a renewed session, so it outlives the token it was opened with.
    stopRenewedListener = onSessionRenewed((session) => {
      token = session.token;
      send({ type: 'session', token: session.token });
    });
    void open();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users > 0) return;
    stopActiveListener?.();
    stopActiveListener = null;
    stopRenewedListener?.();
    stopRenewedListener = null;
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const closing = socket;
    socket = null;
    closing?.close();
    setState('idle');
  };
}

/**
 * Calls `handler` for every frame of `type` (new_message, balance, presence, read, error ...).
 * Keeps the socket open while subscribed; returns the unsubscribe.
 */
export function onSocketFrame<T extends ServerFrame['type']>(
  type: T,
  handler: (frame: ServerFrameOf<T>) => void,
): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  const wrapped = handler as Handler;
  set.add(wrapped);
  const release = retain();
  return () => {
    set.delete(wrapped);
    release();
  };
}

/** Subscribes to one dialog's live messages (re-sent after every reconnect); returns the undo. */
export function watchDialog(managerId: number): () => void {
  watched.set(managerId, (watched.get(managerId) ?? 0) + 1);
  const release = retain();
  const frame = subscribeFrame(managerId);
  if (frame) send(frame);
  return () => {
    const count = (watched.get(managerId) ?? 1) - 1;
    if (count > 0) watched.set(managerId, count);
    else {
      watched.delete(managerId);
      if (userId !== null)
        send({ type: 'unsubscribe_dialog', telegram_user_id: userId, manager_id: managerId });
    }
    release();
  };
}

/** Calls back on every connection state change (to show "reconnecting", for example). */
export function onConnectionState(listener: (state: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Closes the socket and opens it again at once (a role change the server only learns at connect). */
function reopen(): void {
  const closing = socket;
  socket = null;
  closing?.close();
  if (users > 0) void open();
}

/**
 * The advisors' workspace: the socket connects as this advisor too (manager_connect, re-sent on
 * reconnect), so every dialog of the advisor arrives live and the advisor counts as connected
 * for presence. Released by all callers, the socket reopens as a plain user's, so leaving the
 * workspace does not keep the advisor online. Returns the undo.
 */
export function connectAsAdvisor(managerId: number): () => void {
  advisorUsers += 1;
  const release = retain();
  if (advisorManagerId !== managerId) {
    advisorManagerId = managerId;
    if (userId !== null)
      send({
        type: 'manager_connect',
        user_id: userId,
        data: { manager_id: managerId, role: 'manager' },
      });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Held a moment longer: moving between workspace screens keeps the same advisor socket.
    setTimeout(() => {
      advisorUsers -= 1;
      const last = advisorUsers === 0;
      if (last) advisorManagerId = null;
      release();
      // Others still use the socket: reconnect it as the plain user's.
      if (last && socket) reopen();
    }, ADVISOR_RELEASE_DELAY_MS);
  };
}

/** Subscribes, as the advisor, to one user's dialog with them (re-sent after every reconnect); returns the undo. */
export function watchAdvisorDialog(telegramUserId: number, managerId: number): () => void {
  const key = `${telegramUserId}:${managerId}`;
  advisorWatched.set(key, (advisorWatched.get(key) ?? 0) + 1);
  const release = retain();
  send({ type: 'subscribe_dialog', telegram_user_id: telegramUserId, manager_id: managerId });
  return () => {
    const count = (advisorWatched.get(key) ?? 1) - 1;
    if (count > 0) advisorWatched.set(key, count);
    else {
      advisorWatched.delete(key);
      send({ type: 'unsubscribe_dialog', telegram_user_id: telegramUserId, manager_id: managerId });
    }
    release();
  };
}

/** When `typing` was last sent per dialog (`${telegramUserId}:${managerId}`). */
const typingSentAt = new Map<string, number>();

/**
 * The advisor's workspace is composing a reply to this user: says so over the socket, at most
 * once per LIMITS.typingFrameIntervalMs per dialog (the user's chat shows "… is typing").
 * Nothing is sent while the socket is not open; returns whether a frame left.
 */
export function sendTyping(telegramUserId: number, managerId: number, now = Date.now()): boolean {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  const key = `${telegramUserId}:${managerId}`;
  const last = typingSentAt.get(key);
  if (last !== undefined && now - last < LIMITS.typingFrameIntervalMs) return false;
  typingSentAt.set(key, now);
  send({ type: 'typing', telegram_user_id: telegramUserId, manager_id: managerId });
  return true;
}
