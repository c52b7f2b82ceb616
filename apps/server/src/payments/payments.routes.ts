import type { FastifyInstance } from 'fastify';
import { centsToDollars, TELEGRAM_PLATFORM_HEADER } from '@seer/contract';
import type { AuthService } from '../auth/index.js';
import type { Config } from '../config.js';
import { registerCall } from '../http/register-call.js';
import type { PaymentsService } from './payments.service.js';
import type { TestPaymentsService } from './test-payments.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import { tonConnectIconPng } from './tonconnect-icon.js';
import { MICRO_USD_PER_DOLLAR } from './ton-rate.js';
import { namedPlatform } from './top-up-policy.js';

export function paymentsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  payments: PaymentsService,
  config: Config,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetDepositInfo', async ({ identity }) =>
    payments.depositInfo(identity.telegramId),
  );

  registerCall(app, auth, 'CreateTonQuote', async ({ identity, body, request }) => {
    await limits.take('tonQuote', identity.telegramId);
    const quote = await payments.createTonQuote(
      identity.telegramId,
      body.amount,
      namedPlatform(request.headers[TELEGRAM_PLATFORM_HEADER]),
    );
    return {
      status: 'success',
      memo: quote.memo,
      wallet_address: quote.walletAddress,
      amount_nanotons: quote.nanotons.toString(),
      amount_cents: quote.amountCents,
      ton_usd_rate: quote.microUsdPerTon / MICRO_USD_PER_DOLLAR,
      expires_at: quote.expiresAt.toISOString(),
      ton_network: payments.tonNetwork,
    };
  });

  registerCall(app, auth, 'CreateStarsInvoice', async ({ identity, body }) => {
    await limits.take('starsInvoice', identity.telegramId);
    return {
      status: 'success',
      invoice_link: await payments.createStarsInvoice(identity.telegramId, body.amount),
    };
  });

  // The TON Connect manifest (public): wallets show this name and icon when the app asks to connect.
  const icon = tonConnectIconPng();
  app.get('/tonconnect-icon.png', async (_request, reply) =>
    reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(icon),
  );
  app.get('/tonconnect-manifest.json', async (_request, reply) => {
    void reply
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*');
    return {
      url: config.publicUrl,
      name: 'Seer',
      iconUrl: `${config.publicUrl}/tonconnect-icon.png`,
      termsOfUseUrl: `${config.publicUrl}/terms`,
      privacyPolicyUrl: `${config.publicUrl}/privacy-policy`,
    };
  });
}

/**
 * Demo mode's CreateTestPayment. Registered only while test payments are on, so elsewhere (and
 * always in production) the call is absent: 404 like any unknown path, before any sign-in check.
 */
export function testPaymentRoutes(
  app: FastifyInstance,
  auth: AuthService,
  testPayments: TestPaymentsService,
  limits: RateLimiter,
): void {
  if (!testPayments.enabled) return;
  registerCall(app, auth, 'CreateTestPayment', async ({ identity, body }) => {
    await limits.take('testPayment', identity.telegramId);
    const paid = await testPayments.pay(identity.telegramId, body.amount);
    return {
      status: 'success',
      new_balance: centsToDollars(paid.balanceCents),
      credited: centsToDollars(paid.creditedCents),
    };
  });
}
