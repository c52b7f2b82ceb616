import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { ReviewsService } from './reviews.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function reviewsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  reviews: ReviewsService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'CreateReview', async ({ identity, body }) => {
    await limits.take('review', identity.telegramId);
    return {
      status: 'success',
      ...(await reviews.submit(identity.telegramId, body.advisorId, body.rating, body.text)),
    };
  });

  registerCall(app, auth, 'GetReviews', async ({ query }) => ({
    status: 'success',
    ...(await reviews.list(query.advisorId, query.lang)),
  }));
}
