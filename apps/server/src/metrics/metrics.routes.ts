/**
 * GET /metrics for Prometheus. With METRICS_TOKEN it asks for `Authorization: Bearer <token>`;
 * without one it is open outside production and absent (404) in production, so a forgotten
 * token never exposes it. Plain text, so it is not part of the JSON contract.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NotFoundError, UnauthorizedError } from '../errors.js';
import type { Metrics } from './metrics.js';

export function metricsRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; production: boolean },
): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (e.g. /api/GetManager.php), never the raw URL: bounded label values.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (access.token === undefined && access.production) throw new NotFoundError('Not found');
    if (access.token !== undefined && !bearerMatches(request.headers.authorization, access.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new UnauthorizedError('A valid metrics token is required');
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
