/** The applicant's calls (GetMyApplication, SubmitApplication, ReplyToApplication) and the staff's. */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { ApplicationsService } from './applications.service.js';

export function applicationsRoutes(
  app: FastifyInstance,
  auth: AuthService,
  applications: ApplicationsService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'GetMyApplication', async ({ identity }) => ({
    status: 'success',
    ...(await applications.mine(identity.telegramId)),
  }));
  registerCall(app, auth, 'SubmitApplication', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return { status: 'success', application: await applications.submit(identity.telegramId, body) };
  });
  registerCall(app, auth, 'ReplyToApplication', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return {
      status: 'success',
      application: await applications.reply(identity.telegramId, body.text),
    };
  });

  registerCall(app, auth, 'AdminListApplications', async ({ query }) => ({
    status: 'success',
    applications: await applications.list(query.stage),
  }));
  registerCall(app, auth, 'AdminMoveApplication', async ({ identity, body }) => ({
    status: 'success',
    application: await applications.move(identity.telegramId, body.id, body.stage, body.note),
  }));
  registerCall(app, auth, 'AdminApplicationNote', async ({ identity, body }) => ({
    status: 'success',
    application: await applications.note(identity.telegramId, body.id, body.text, body.internal),
  }));
  registerCall(app, auth, 'AdminApproveApplication', async ({ identity, body }) => ({
    status: 'success',
    application: await applications.approve(
      identity.telegramId,
      body.id,
      body.price,
      body.category_id,
    ),
  }));
  registerCall(app, auth, 'AdminRefuseApplication', async ({ identity, body }) => ({
    status: 'success',
    application: await applications.refuse(identity.telegramId, body.id, body.reason),
  }));
  registerCall(app, auth, 'AdminEndTrial', async ({ identity, body }) => ({
    status: 'success',
    application: await applications.endTrial(identity.telegramId, body.id),
  }));
}
