/** Favourite advisors: the heart, the list, and the alert when a favourite comes online. */
import { defineModule } from '../kernel/module.js';
import { favouritesPersonalData } from './personal-data.repository.js';
import { FavouritesRepository } from './favourites.repository.js';
import { FavouritesService } from './favourites.service.js';
import { favouritesRoutes } from './favourites.routes.js';
import { FavouriteAlerts, type FavouriteAlertOptions } from './favourite-alerts.js';

export type { FavouritesService, FavouriteAlerts };

declare module '../kernel/module.js' {
  interface Services {
    favourites: FavouritesService;
    /** Tells users when a favourite advisor comes online (a worker: runs only in a server). */
    favouriteAlerts: FavouriteAlerts;
  }
  interface ModuleTuning {
    favouriteAlerts: Partial<FavouriteAlertOptions>;
  }
}

export const favouritesModule = defineModule({
  name: 'favourites',
  needs: ['advisors', 'users', 'notifications', 'bot'],
  uses: ['auth'],
  personalData: () => favouritesPersonalData(),
  create: ({ sql, events, tuning, logTo, services }) => {
    const favourites = new FavouritesService(
      new FavouritesRepository(sql),
      services.advisors,
      services.users,
      sql,
    );
    const favouriteAlerts = new FavouriteAlerts(
      {
        favourites,
        events,
        notifications: services.feed,
        advisors: services.advisors,
        // Null without the bot, and for the command line (which never starts this worker).
        notices: services.notices,
        log: logTo,
      },
      tuning.favouriteAlerts,
    );
    return { favourites, favouriteAlerts };
  },
  routes: (app, { services, server }) =>
    favouritesRoutes(app, services.auth, services.favourites, server.limits),
  workers: ({ services: { favouriteAlerts } }) => [
    {
      name: 'favourite alerts',
      start: () => favouriteAlerts.start(),
      stop: () => favouriteAlerts.stop(),
    },
  ],
});
