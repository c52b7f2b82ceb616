import type { FastifyInstance } from 'fastify';
import type { Locale } from '@seer/contract';
import type { AuthService, Identity } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import { registerCall } from '../http/register-call.js';
import type { AdvisorsService } from './advisors.service.js';
import type { AdvisorSearch } from './advisor-search.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

export function advisorsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  advisors: AdvisorsService,
  limits: RateLimiter,
  users: Pick<UsersService, 'localeOf'>,
  search: AdvisorSearch,
): void {
  /** The language advisors' texts are answered in: the one asked for, else the caller's own. */
  async function readerLanguage(lang: Locale | undefined, identity: Identity): Promise<Locale> {
    return lang ?? users.localeOf(identity.telegramId);
  }

  registerCall(app, auth, 'GetAllManagers', async ({ request, reply, query, identity }) => {
    const lang = await readerLanguage(query.lang, identity);
    // Sent as prepared bytes (gzipped when accepted): the list is the hottest read of the app.
    const answer = await advisors.listAnswer(identity.telegramId, lang, query.language);
    return answer.send(request, reply) as never;
  });

  // From the catalogue's copy in memory: no query, so no limit beyond the server's own.
  registerCall(app, auth, 'SearchManagers', async ({ query, identity }) => ({
    status: 'success',
    managers: await search.search(identity.telegramId, {
      ...query,
      lang: await readerLanguage(query.lang, identity),
    }),
  }));

  registerCall(app, auth, 'GetManagersByCategory', async ({ query, identity }) =>
    advisors.listByCategory(
      query.category_id,
      await readerLanguage(query.lang, identity),
      query.language,
      identity.telegramId,
    ),
  );

  registerCall(app, auth, 'ManagerSetStatus', async ({ identity, advisor, body }) => {
    await limits.take('chatChange', identity.telegramId);
    return { status: 'success', online: await advisors.setAway(advisor, !body.online) };
  });

  registerCall(app, auth, 'GetManager', async ({ query, identity }) => ({
    status: 'success',
    manager: await advisors.get(query.id, await readerLanguage(query.lang, identity)),
  }));
}
