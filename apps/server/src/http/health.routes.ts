/** GET /api/health: 200 once the server runs and its database answers, else 503 with a JSON error. */
import type { FastifyInstance } from 'fastify';
import { SERVICE_ROUTES, type HealthAnswer } from '@seer/contract';
import type { z } from 'zod';
import { ping, type Sql } from '../db/database.js';
import { DatabaseUnavailableError } from '../errors.js';

export function healthRoutes(app: FastifyInstance, sql: Sql): void {
  const route = SERVICE_ROUTES.Health;
  app.route({
    method: route.method,
    url: route.path,
    handler: async (): Promise<z.output<typeof HealthAnswer>> => {
      if (!(await ping(sql))) throw new DatabaseUnavailableError('The database does not answer');
      return { status: 'ok' };
    },
  });
}
