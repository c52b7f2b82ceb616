/**
 * The HTTP server's limits (docs/decisions/012-ids-and-http-hygiene.md): idle and half-sent
 * connections are closed within a minute, and errors below the routes — a bad URL, a malformed
 * request line or headers, a timeout — answer in the app's JSON error shape.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorAnswer } from '@seer/contract';
import { NON_HTML_SECURITY_HEADERS } from './security-headers.js';

export interface HttpTimeouts {
  /** The request line and headers must arrive within this (slowloris). */
  headersTimeoutMs: number;
  /** The whole request, body included (a 5 MB image at ~90 KB/s). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveTimeoutMs: number;
  /** A connection with no bytes either way while a request is open. */
  idleTimeoutMs: number;
  /** How often Node checks the two request timeouts; a timeout takes effect up to this late. */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 5_000,
};

function errorBody(code: string, message: string): string {
  const body: ErrorAnswer = { status: 'error', code, message };
  return JSON.stringify(body);
}

/** Node's parser refused the request before Fastify saw it: answer in our shape, then close. */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, ERROR_CODES.badRequest, 'The request was not sent in time; connection closed']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, ERROR_CODES.badRequest, 'Request headers too large']
        : [400, ERROR_CODES.badRequest, 'Malformed HTTP request'];
  const body = errorBody(code, message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function httpServerOptions(timeouts: HttpTimeouts): FastifyHttpOptions<http.Server> {
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    clientErrorHandler,
    // A URL that cannot be decoded (/api/%), and the router's other refusals before any route.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'The URL is not valid (bad percent-encoding)'
          : error.message;
      // Framework errors skip the onSend hooks: the security headers are set here.
      void reply
        .headers(NON_HTML_SECURITY_HEADERS)
        .status(status)
        .type('application/json; charset=utf-8')
        .send(errorBody(status === 404 ? ERROR_CODES.notFound : ERROR_CODES.badRequest, message));
    },
  };
}
