/** AddFavourite, RemoveFavourite, GetFavourites, SetFavouriteAlerts, SetTimeZone, and AdminFavourites. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { FavouritesService } from './favourites.service.js';

export function favouritesRoutes(
  app: FastifyInstance,
  auth: AuthService,
  favourites: FavouritesService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'AddFavourite', async ({ identity, body }) => {
    await limits.take('chatChange', identity.telegramId);
    await favourites.add(identity.telegramId, body.advisorId);
    return { status: 'success', manager_id: body.advisorId, favourite: true };
  });
  registerCall(app, auth, 'RemoveFavourite', async ({ identity, body }) => {
    await limits.take('chatChange', identity.telegramId);
    await favourites.remove(identity.telegramId, body.advisorId);
    return { status: 'success', manager_id: body.advisorId, favourite: false };
  });
  registerCall(app, auth, 'GetFavourites', async ({ identity }) => {
    const { advisorIds, alerts } = await favourites.list(identity.telegramId);
    return { status: 'success', manager_ids: advisorIds, alerts };
  });
  registerCall(app, auth, 'SetFavouriteAlerts', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return {
      status: 'success',
      alerts: await favourites.setAlerts(identity.telegramId, body.enabled),
    };
  });
  registerCall(app, auth, 'AdminFavourites', async () => ({
    status: 'success',
    advisors: (await favourites.countsByAdvisor()).map((row) => ({
      manager_id: row.advisor_id,
      favourites: row.favourites,
      alerts: row.alerts,
    })),
  }));
  registerCall(app, auth, 'SetTimeZone', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    await favourites.setTimeZone(identity.telegramId, body.time_zone);
    return { status: 'success' };
  });
}
