/** Reviews: a user's rating and comment of an advisor, and the advisor's average. */
import { defineModule } from '../kernel/module.js';
import { reviewsPersonalData } from './personal-data.repository.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';
import { reviewsRoutes } from './reviews.routes.js';
import type { Sql } from '../db/database.js';

export type { ReviewsService };

/** What demo seeding writes of reviews, outside a running app (demo/seed.ts). */
export type ReviewSeeding = Pick<ReviewsRepository, 'insert'>;
export function reviewSeeding(sql: Sql): ReviewSeeding {
  return new ReviewsRepository(sql);
}

declare module '../kernel/module.js' {
  interface Services {
    reviews: ReviewsService;
  }
}

export const reviewsModule = defineModule({
  name: 'reviews',
  needs: ['advisors', 'chat', 'users', 'satisfaction'],
  uses: ['auth'],
  personalData: () => reviewsPersonalData(),
  create: ({ sql, services }) => ({
    reviews: new ReviewsService(
      sql,
      new ReviewsRepository(sql),
      services.advisors,
      services.chat,
      services.users,
      services.satisfaction,
    ),
  }),
  routes: (app, { services, server }) =>
    reviewsRoutes(app, services.auth, services.reviews, server.limits),
});
