/** Domain errors. One handler (http/error-handler.ts) turns them into JSON answers. */
import { ERROR_CODES } from '@seer/contract';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, ERROR_CODES.badRequest, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, ERROR_CODES.unauthorized, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, ERROR_CODES.forbidden, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, ERROR_CODES.notFound, message);
  }
}
export class InsufficientFundsError extends AppError {
  constructor(message = 'Insufficient funds: top up your balance to send this message') {
    super(402, ERROR_CODES.insufficientFunds, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, ERROR_CODES.conflict, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests; slow down') {
    super(429, ERROR_CODES.tooManyRequests, message);
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, ERROR_CODES.unavailable, message);
  }
}
