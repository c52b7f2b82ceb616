/** Reviews: a user's rating and comment of an advisor, and the advisor's average. */
import { defineModule } from '../kernel/module.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';
import { reviewsRoutes } from './reviews.routes.js';

export type { ReviewsService };

declare module '../kernel/module.js' {
  interface Services {
    reviews: ReviewsService;
  }
}

export const reviewsModule = defineModule({
  name: 'reviews',
  needs: ['advisors', 'chat', 'users', 'satisfaction'],
  uses: ['auth'],
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
