/** The one mapping from errors to what HTTP answers and the socket say. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '@seer/contract';
import { describeError, INTERNAL_ERROR_MESSAGE, InsufficientFundsError } from './errors.js';
import { InitDataError } from './auth/init-data.js';

describe('describeError', () => {
  it('keeps a domain error’s status, code and message', () => {
    expect(describeError(new InsufficientFundsError())).toEqual({
      status: 402,
      code: ERROR_CODES.insufficientFunds,
      message: 'Insufficient funds: top up your balance to send this message',
    });
    expect(describeError(new InitDataError('expired'))).toMatchObject({
      status: 401,
      code: ERROR_CODES.unauthorized,
    });
  });

  it('turns a failed parse into a 400 naming the field', () => {
    const parsed = z.object({ manager_id: z.number() }).safeParse({});
    expect(describeError(parsed.error)).toEqual({
      status: 400,
      code: ERROR_CODES.badRequest,
      message: 'manager_id: is required',
    });
  });

  it('keeps the HTTP layer’s 4xx and hides anything else behind a 500', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(describeError(tooLarge)).toMatchObject({
      status: 413,
      code: ERROR_CODES.payloadTooLarge,
    });
    expect(describeError(new Error('connection reset: password=secret'))).toEqual({
      status: 500,
      code: ERROR_CODES.internal,
      message: INTERNAL_ERROR_MESSAGE,
    });
  });
});

describe('a database that cannot be reached', () => {
  it('is a 503 database_unavailable, whichever way the connection failed', () => {
    const failures = [
      Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), {
        code: 'CONNECTION_CLOSED',
      }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        name: 'PostgresError',
        code: '57P01',
      }),
      Object.assign(new Error('the database system is starting up'), {
        name: 'PostgresError',
        code: '57P03',
      }),
    ];
    for (const error of failures)
      expect(describeError(error)).toMatchObject({
        status: 503,
        code: ERROR_CODES.databaseUnavailable,
      });
  });

  it('leaves a query the database refused as a 500', () => {
    const refused = Object.assign(new Error('duplicate key'), {
      name: 'PostgresError',
      code: '23505',
    });
    expect(describeError(refused)).toMatchObject({ status: 500, code: ERROR_CODES.internal });
  });
});
