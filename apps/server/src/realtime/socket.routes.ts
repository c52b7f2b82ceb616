/**
 * The live socket at /ws: a session token in the `token` query parameter, or init data in
 * `initData` (browsers cannot set headers on a WebSocket).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import fastifyWebsocket from '@fastify/websocket';
import { SOCKET_MAX_FRAME_BYTES, SOCKET_PATH } from '@seer/contract';
import type { SocketHub } from './socket-hub.js';

/** Frames up to this size are read and answered with an error frame; larger ones close the socket (1009). */
const SOCKET_HARD_MAX_BYTES = SOCKET_MAX_FRAME_BYTES * 4;

export async function socketRoutes(app: FastifyInstance, hub: SocketHub): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: SOCKET_HARD_MAX_BYTES,
      // Compression costs tens of kilobytes per socket; frames are small JSON.
      perMessageDeflate: false,
      // The hub tracks its sockets; a second registry would only cost memory.
      clientTracking: false,
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
    const fromQuery =
      typeof query?.token === 'string'
        ? `Bearer ${query.token}`
        : typeof query?.initData === 'string'
          ? query.initData
          : undefined;
    // What the upgrade leaves behind would stay for the socket's whole life, about 4 KB per idle
    // socket (docs/decisions/031-where-the-time-goes.md): the TCP socket keeps the upgrade's
    // response (never finished: the connection was taken over), and through fastify's listeners
    // on it the request and reply with their headers and URL; @fastify/websocket's own 'error'
    // listener holds them too. Nothing answers on that response any more.
    const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
    if (tcp._httpMessage) tcp._httpMessage.detachSocket(tcp);
    for (const listener of socket.listeners('error'))
      socket.off('error', listener as (error: Error) => void);
    socket.on('error', (error) => onSocketError(error, socket));
    // Non-browser clients may send the Authorization header like the HTTP calls do.
    hub.accept(socket, fromQuery ?? request.headers.authorization);
  });
}
