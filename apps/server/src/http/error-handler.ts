/** The one place errors become HTTP answers; detail of anything 5xx stays in the log. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorAnswer } from '@seer/contract';
import { BusyError, describeError, RateLimitedError } from '../errors.js';

export function installErrorHandler(app: FastifyInstance, webDistDir: string | null): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const { status, code, message } = describeError(error);
    // A busy answer is the server protecting itself, not a failure to look into.
    if (status >= 500 && !(error instanceof BusyError))
      request.log.error({ err: error }, 'request failed');
    const body: ErrorAnswer = { status: 'error', message, code };
    if (error instanceof RateLimitedError || error instanceof BusyError)
      void reply.header('retry-after', error.retryAfterSeconds);
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    // The Mini App's routes (/chat/5, /operators/3 ...) live in the browser: answer them with index.html.
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' && !url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url);
    if (webDistDir && isPage)
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDistDir);
    const body: ErrorAnswer = {
      status: 'error',
      code: ERROR_CODES.notFound,
      message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
    };
    void reply.status(404).send(body);
  });
}
