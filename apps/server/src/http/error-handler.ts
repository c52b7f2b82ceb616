/** The one place errors become HTTP answers; detail of anything 5xx stays in the log. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_CODES, type ErrorAnswer } from '@seer/contract';
import { AppError } from '../errors.js';
import { InitDataError } from '../auth/init-data.js';

export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'is required';
  return `${where}${message}`;
}

export function installErrorHandler(app: FastifyInstance, webDistDir: string | null): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    let status = 500;
    let code: string = ERROR_CODES.internal;
    let message = 'Something went wrong on our side; please try again';
    if (error instanceof AppError) {
      status = error.statusCode;
      code = error.code;
      message = error.message;
    } else if (error instanceof InitDataError) {
      status = 401;
      code = ERROR_CODES.unauthorized;
      message = error.message;
    } else if (error instanceof ZodError) {
      status = 400;
      code = ERROR_CODES.badRequest;
      message = describeZodError(error);
    } else if (
      'statusCode' in error &&
      typeof error.statusCode === 'number' &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      code =
        status === 413
          ? ERROR_CODES.payloadTooLarge
          : status === 429
            ? ERROR_CODES.tooManyRequests
            : status === 404
              ? ERROR_CODES.notFound
              : ERROR_CODES.badRequest;
      message =
        'code' in error && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'Body is not valid JSON'
          : error.message;
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body: ErrorAnswer = { status: 'error', message, code };
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
