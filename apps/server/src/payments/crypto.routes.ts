/** Crypto top-ups: CreateCryptoInvoice (users) and NOWPayments' IPN callback (public, signed). */
import type { FastifyInstance } from 'fastify';
import { TELEGRAM_PLATFORM_HEADER } from '@seer/contract';
import type { AuthService } from '../auth/index.js';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../errors.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import { IPN_PATH, type CryptoPaymentsService } from './crypto.service.js';
import { namedPlatform } from './top-up-policy.js';

export async function cryptoRoutes(
  app: FastifyInstance,
  auth: AuthService,
  crypto: CryptoPaymentsService,
  limits: RateLimiter,
): Promise<void> {
  registerCall(app, auth, 'CreateCryptoInvoice', async ({ identity, body, request }) => {
    await limits.take('cryptoInvoice', identity.telegramId);
    return {
      status: 'success',
      invoice_url: await crypto.createInvoice(
        identity.telegramId,
        body.amount,
        namedPlatform(request.headers[TELEGRAM_PLATFORM_HEADER]),
      ),
    };
  });

  // The signature covers the body's JSON, so the route takes the body as text and parses it itself.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(IPN_PATH, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-nowpayments-sig'];
      let outcome: Awaited<ReturnType<CryptoPaymentsService['handleIpn']>>;
      try {
        outcome = await crypto.handleIpn(raw, Array.isArray(signature) ? signature[0] : signature);
      } catch (error) {
        // Every refused IPN is logged: a wrong NOWPAYMENTS_IPN_SECRET would otherwise go unnoticed.
        if (error instanceof UnauthorizedError || error instanceof ForbiddenError)
          request.log.warn(
            { module: 'crypto', ip: request.ip },
            `NOWPayments IPN refused: ${error.message}`,
          );
        throw error;
      }
      if (outcome.kind === 'malformed')
        throw new BadRequestError(
          'The IPN has no payment_id or payment_status; it was stored and nothing else was done',
        );
      return {
        status: 'success',
        payment_id: outcome.paymentId,
        payment_status: outcome.status,
        matched: outcome.matched,
        credited_cents: outcome.creditedCents,
      };
    });
  });
}
