import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { PrivacyService } from './privacy.service.js';

export function privacyRoutes(
  app: FastifyInstance,
  auth: AuthService,
  privacy: PrivacyService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'ExportMyData', async ({ identity }) => {
    await limits.take('dataExport', identity.telegramId);
    return privacy.exportData(identity.telegramId);
  });

  registerCall(app, auth, 'DeleteAccount', async ({ identity, body }) => {
    await limits.take('privacy', identity.telegramId);
    return body.confirm_token === undefined
      ? privacy.askDeletion(identity.telegramId)
      : privacy.confirmDeletion(identity.telegramId, body.confirm_token);
  });

  registerCall(app, auth, 'SendTranscript', async ({ identity, body }) => {
    await limits.take('transcript', identity.telegramId);
    return privacy.sendTranscript(identity.telegramId, body.advisorId);
  });

  registerCall(app, auth, 'SearchMessages', async ({ identity, query }) => {
    await limits.take('privacy', identity.telegramId);
    return {
      status: 'success',
      messages: await privacy.search(identity.telegramId, query.advisorId, query.query),
    };
  });
}
