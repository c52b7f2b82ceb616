/**
 * Request ids and one log line per answered request (decision 040). Each request gets an id:
 * the proxy's `X-Request-Id` when it sends a well-formed one (nginx's `$request_id`, so its access
 * log and Seer's match), else a new UUID. The id is echoed in the `X-Request-Id` answer header and
 * carried by every line logged through `request.log` (`reqId`), the `request` line included.
 * The line names the path without its query (socket links carry tokens) and the client address as
 * trustProxy (TRUST_PROXY) resolves it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: the proxy's id when well formed, else a new one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?', 1)[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}
