/**
 * Advisors: the catalogue, each advisor's profile and texts per language, their presence and
 * their usual response time; the advisor's own profile (hours, away messages, price requests).
 */
import { defineModule } from '../kernel/module.js';
import type { Sql } from '../db/database.js';
import { AdvisorsRepository, type AdvisorRecord, type NewAdvisor } from './advisors.repository.js';
import { AdvisorsService } from './advisors.service.js';
import { advisorsRoutes } from './advisors.routes.js';
import { advisorDeliveries } from './advisors.frames.js';
import { publishPresenceChanges } from './presence-events.js';
import { ResponseTimesRefresher } from './response-times.js';
import { AdvisorProfileRepository } from './advisor-profile.repository.js';
import { AdvisorProfileService } from './advisor-profile.service.js';
import { advisorProfileRoutes } from './advisor-profile.routes.js';
import { AdvisorTrials } from './trial.js';
import { AdvisorSearch } from './advisor-search.js';

export type { AdvisorsService, NewAdvisor, AdvisorProfileService, AdvisorTrials, AdvisorSearch };
export { checkTrialPrice, seesTrialAdvisor } from './trial.js';
/** An advisor as the advisors module keeps them: profile, texts per language, rating, presence flags. */
export type Advisor = AdvisorRecord;
export { ratingOf } from './advisors.service.js';

/** What demo seeding writes of advisors, outside a running app (demo/seed.ts). */
export type AdvisorSeeding = Pick<
  AdvisorsRepository,
  'count' | 'insert' | 'replaceTranslations' | 'addToRating'
>;
export function advisorSeeding(sql: Sql): AdvisorSeeding {
  return new AdvisorsRepository(sql);
}

declare module '../kernel/module.js' {
  interface Services {
    advisors: AdvisorsService;
    advisorProfiles: AdvisorProfileService;
    /** The trial of a new advisor (decision 046): which users see them, and the price cap. */
    trials: AdvisorTrials;
    /** Search over the catalogue as each viewer sees it (decision 054). */
    advisorSearch: AdvisorSearch;
  }
}

export const advisorsModule = defineModule({
  name: 'advisors',
  needs: ['images'],
  uses: ['auth', 'users'],
  create: ({ sql, presence, events, config, services }) => {
    const repository = new AdvisorsRepository(sql);
    const advisors = new AdvisorsService(repository, presence, events, config.trialSharePercent);
    const trials = new AdvisorTrials(
      repository,
      config.trialSharePercent,
      config.trialPriceCapCents,
    );
    const advisorProfiles = new AdvisorProfileService(
      new AdvisorProfileRepository(sql),
      repository,
      advisors,
      services.images,
      sql,
      trials,
    );
    return { advisors, advisorProfiles, trials, advisorSearch: new AdvisorSearch(advisors) };
  },
  routes: (app, { services, server }) => {
    advisorsRoutes(
      app,
      services.auth,
      services.advisors,
      server.limits,
      services.users,
      services.advisorSearch,
    );
    advisorProfileRoutes(
      app,
      services.auth,
      services.advisorProfiles,
      server.limits,
      services.users,
    );
  },
  deliveries: [advisorDeliveries],
  workers: ({ services, server, events, sql, config, logTo }) => {
    let stopPresence = (): void => {};
    // Advisors' median response times, recomputed by one instance at a time.
    const responseTimes = new ResponseTimesRefresher({
      sql,
      advisors: services.advisors,
      intervalMs: config.responseTimesRefreshMs,
      log: logTo,
    });
    return [
      {
        name: 'presence changes',
        start: () => {
          if (server.socketPresence)
            stopPresence = publishPresenceChanges(server.socketPresence, services.advisors, events);
        },
        stop: () => stopPresence(),
      },
      {
        name: 'response times',
        scope: 'process',
        start: () => responseTimes.start(),
        stop: () => responseTimes.stop(),
      },
    ];
  },
});
