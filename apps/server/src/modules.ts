/**
 * Seer's server domains. Each is a folder whose `index.ts` exports one module description
 * (kernel/module.ts); the loader builds them in the order their `needs` give. A new domain is
 * its folder and one line here (docs/adding-a-domain.md).
 */
import type { ServerModule } from './kernel/module.js';
import { advisorsModule } from './advisors/index.js';
import { usersModule } from './users/index.js';
import { authModule } from './auth/index.js';
import { notificationsModule } from './notifications/index.js';
import { botModule } from './bot/index.js';
import { moneyModule } from './money/index.js';
import { favouritesModule } from './favourites/index.js';
import { imagesModule } from './images/index.js';
import { chatModule } from './chat/index.js';
import { spendingModule } from './spending/index.js';
import { satisfactionModule } from './satisfaction/index.js';
import { reviewsModule } from './reviews/index.js';
import { paymentsModule } from './payments/index.js';
import { adminModule } from './admin/index.js';
import { linksModule } from './links/index.js';
import { horoscopeModule } from './horoscope/index.js';
import { dailyModule } from './daily/index.js';
import { demoModule } from './demo/index.js';
import { clientsModule } from './clients/index.js';
import { applicationsModule } from './applications/index.js';
import { safetyModule } from './safety/index.js';
import { payoutsModule } from './payouts/index.js';
import { privacyModule } from './privacy/index.js';
import { disputesModule } from './disputes/index.js';

export const MODULES: readonly ServerModule[] = [
  advisorsModule,
  usersModule,
  authModule,
  notificationsModule,
  botModule,
  moneyModule,
  favouritesModule,
  imagesModule,
  chatModule,
  spendingModule,
  satisfactionModule,
  reviewsModule,
  paymentsModule,
  adminModule,
  linksModule,
  horoscopeModule,
  demoModule,
  clientsModule,
  applicationsModule,
  safetyModule,
  payoutsModule,
  privacyModule,
  disputesModule,
  dailyModule,
];
