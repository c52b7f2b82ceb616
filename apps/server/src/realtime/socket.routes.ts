/**
 * The live socket at /ws. Its credential: a session token in the `Sec-WebSocket-Protocol` header
 * (`seer.session, <token>`) or in the first frame (`{type:'session', token}`), init data in the
 * spec's `initData` query parameter, or an Authorization header (non-browser clients). A token is
 * never taken from the URL, where proxies log it (docs/decisions/034-revocation-that-revokes.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import fastifyWebsocket from '@fastify/websocket';
import { SOCKET_MAX_FRAME_BYTES, SOCKET_PATH, SOCKET_SUBPROTOCOL } from '@seer/contract';
import type { SocketHub } from './socket-hub.js';

/** Frames up to this size are read and answered with an error frame; larger ones close the socket (1009). */
const SOCKET_HARD_MAX_BYTES = SOCKET_MAX_FRAME_BYTES * 4;

/** The session token a client offered as a subprotocol next to SOCKET_SUBPROTOCOL, if any. */
function subprotocolToken(header: string | undefined): string | undefined {
  const offered = (header ?? '').split(',').map((protocol) => protocol.trim());
  if (!offered.includes(SOCKET_SUBPROTOCOL)) return undefined;
  return offered.find((protocol) => protocol !== SOCKET_SUBPROTOCOL && protocol !== '');
}

/**
 * ws turns the TCP socket's idle timeout off for the upgraded connection, and Node then keeps the
 * cleared timer with its bound callback on the socket for the socket's life (about 200 bytes per
 * idle socket; decision 058). Node keeps it under a symbol of its own; a timer that is still
 * running, or a Node that names it differently, is left alone.
 */
function dropClearedIdleTimer(tcp: Socket): void {
  const key = Object.getOwnPropertySymbols(tcp).find((symbol) => symbol.description === 'timeout');
  if (key === undefined) return;
  const holder = tcp as unknown as Record<symbol, { _destroyed?: boolean } | null | undefined>;
  if (holder[key]?._destroyed === true) holder[key] = null;
}

export async function socketRoutes(app: FastifyInstance, hub: SocketHub): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: SOCKET_HARD_MAX_BYTES,
      // Compression costs tens of kilobytes per socket; frames are small JSON.
      perMessageDeflate: false,
      // The hub tracks its sockets; a second registry would only cost memory.
      clientTracking: false,
      // A browser fails the handshake unless the server names one of the subprotocols it offered:
      // the fixed name, never the token offered beside it. Other offers get no subprotocol.
      handleProtocols: (protocols) =>
        protocols.has(SOCKET_SUBPROTOCOL) ? SOCKET_SUBPROTOCOL : false,
    },
    preClose(done) {
      hub.stop().then(() => done(), done);
    },
    errorHandler: (error, socket) => onSocketError(error, socket),
  });

  function onSocketError(error: Error, socket: WebSocket): void {
    // A client that broke the protocol (e.g. a frame over maxPayload) is already being closed
    // by ws with the matching code (1009); give that close frame a moment to reach it.
    app.log.debug({ err: error }, 'socket error');
    setTimeout(() => socket.terminate(), 1_000).unref();
  }

  app.get(SOCKET_PATH, { websocket: true }, (socket, request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const protocolToken = subprotocolToken(request.headers['sec-websocket-protocol']);
    const credential =
      protocolToken !== undefined
        ? `Bearer ${protocolToken}`
        : typeof query?.initData === 'string'
          ? query.initData
          : // Non-browser clients may send the Authorization header like the HTTP calls do.
            request.headers.authorization;
    // What the upgrade leaves behind would stay for the socket's whole life, about 4 KB per idle
    // socket (docs/decisions/031-where-the-time-goes.md): the TCP socket keeps the upgrade's
    // response (never finished: the connection was taken over), and through fastify's listeners
    // on it the request and reply with their headers and URL; @fastify/websocket's own 'error'
    // listener holds them too. Nothing answers on that response any more.
    const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
    if (tcp._httpMessage) tcp._httpMessage.detachSocket(tcp);
    dropClearedIdleTimer(tcp);
    for (const listener of socket.listeners('error'))
      socket.off('error', listener as (error: Error) => void);
    socket.on('error', (error) => onSocketError(error, socket));
    if (query?.token !== undefined) {
      // 1008 (policy), not 4401: an app that renews and reconnects on 4401 would loop on renewals.
      hub.refuse(
        socket,
        1008,
        'A session token is never taken from the URL: send it in the first frame or Sec-WebSocket-Protocol',
      );
      return;
    }
    // Without a credential in the handshake, the first frame must carry the session token.
    hub.accept(socket, credential);
  });
}
