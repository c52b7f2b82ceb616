/** GET /api/health: 200 once the server runs and its database answers, else 503 with a JSON error. */
import type { FastifyInstance } from 'fastify';
import { SERVICE_ROUTES, type HealthAnswer } from '@seer/contract';
import type { z } from 'zod';
import { ping, type Sql } from '../db/database.js';
import { DatabaseUnavailableError } from '../errors.js';

/**
 * A database that answered is taken as healthy for this long: a load balancer (or a flood) asking
 * thousands of times a second costs the database a few pings. A failed ping is never reused.
 */
const HEALTHY_FOR_MS = 250;

export function healthRoutes(app: FastifyInstance, sql: Sql): void {
  const route = SERVICE_ROUTES.Health;
  let healthyUntil = 0;
  // Checks that arrive while a ping is out share its answer.
  let pinging: Promise<boolean> | null = null;
  app.route({
    method: route.method,
    url: route.path,
    handler: async (): Promise<z.output<typeof HealthAnswer>> => {
      if (Date.now() >= healthyUntil) {
        pinging ??= ping(sql).finally(() => {
          pinging = null;
        });
        if (!(await pinging)) throw new DatabaseUnavailableError('The database does not answer');
        healthyUntil = Date.now() + HEALTHY_FOR_MS;
      }
      return { status: 'ok' };
    },
  });
}
