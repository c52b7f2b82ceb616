/** The horoscope, computed from the sky and the user's birth data. */
import { defineModule } from '../kernel/module.js';
import { HoroscopeService, type NatalPoints } from './horoscope.service.js';
import { horoscopeRoutes } from './horoscope.routes.js';

export type { HoroscopeService, NatalPoints };

declare module '../kernel/module.js' {
  interface Services {
    horoscope: HoroscopeService;
  }
}

export const horoscopeModule = defineModule({
  name: 'horoscope',
  needs: ['users'],
  uses: ['auth'],
  create: ({ services }) => ({ horoscope: new HoroscopeService(services.users) }),
  routes: (app, { services }) => horoscopeRoutes(app, services.auth, services.horoscope),
});
