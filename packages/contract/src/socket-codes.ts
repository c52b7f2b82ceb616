/** The live socket's constants (docs/product-rules.md#the-live-socket); its frames are in socket.ts. */
export const SOCKET_PATH = '/ws';
/**
 * The subprotocol a socket names to carry its session token in the `Sec-WebSocket-Protocol`
 * header: `[SOCKET_SUBPROTOCOL, token]`, the server answering with SOCKET_SUBPROTOCOL. The other way
 * is a first frame `{type:'session', token}`. A token is never taken from the URL (proxies log
 * URLs); the spec's `initData` query parameter still is.
 */
export const SOCKET_SUBPROTOCOL = 'seer.session';
/** Frames larger than this are refused. */
export const SOCKET_MAX_FRAME_BYTES = 16 * 1024;

/** Close codes the server uses besides the standard ones (1001 going away, 1009 too big). */
export const SOCKET_CLOSE_CODES = {
  /**
   * The credential is missing, invalid, expired (init data too old, session token past its time
   * and not renewed over the socket) or its session was revoked: renew the session and reconnect,
   * or reopen the app; reconnecting with the same credential will fail again.
   */
  unauthorized: 4401,
  /** The user's rights changed (an advisor link removed, an advisor deactivated): reconnect now. */
  rightsChanged: 4403,
  /** Too many connections for one user, or a flood of frames. */
  tooManyRequests: 4429,
} as const;
