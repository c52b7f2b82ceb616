/** The app's notification list: money rows, replies, favourites coming online; read and unread. */
import { defineModule } from '../kernel/module.js';
import { notificationsPersonalData } from './personal-data.repository.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { notificationsRoutes } from './notifications.routes.js';
import { notificationDeliveries } from './notifications.frames.js';

export type { NotificationsService };

declare module '../kernel/module.js' {
  interface Services {
    /** The app's notification list (named `feed` beside the bot's `notifications` notices). */
    feed: NotificationsService;
  }
}

export const notificationsModule = defineModule({
  name: 'notifications',
  uses: ['auth'],
  personalData: () => notificationsPersonalData(),
  create: ({ sql, events, logTo }) => ({
    feed: new NotificationsService(new NotificationsRepository(sql), events, logTo),
  }),
  routes: (app, { services, server }) =>
    notificationsRoutes(app, services.auth, services.feed, server.limits),
  deliveries: [notificationDeliveries],
  workers: ({ services: { feed } }) => [
    { name: 'notification list', start: () => feed.start(), stop: () => feed.stop() },
  ],
});
