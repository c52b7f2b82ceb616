/** Images: uploads checked and normalized, their sizes made on demand within bounded work. */
import { defineModule } from '../kernel/module.js';
import { imagesPersonalData } from './personal-data.repository.js';
import { ImagesRepository } from './images.repository.js';
import { ImagesService } from './images.service.js';
import { imagesRoutes } from './images.routes.js';

export type { ImagesService };
export { imageUrl } from './images.service.js';

declare module '../kernel/module.js' {
  interface Services {
    images: ImagesService;
  }
}

export const imagesModule = defineModule({
  name: 'images',
  uses: ['auth'],
  personalData: () => imagesPersonalData(),
  create: ({ sql, config }) => ({
    images: new ImagesService(new ImagesRepository(sql), config.imageJobs),
  }),
  routes: (app, { services, server }) =>
    imagesRoutes(app, services.auth, services.images, server.limits),
});
