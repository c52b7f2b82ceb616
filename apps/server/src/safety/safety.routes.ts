/**
 * ReportMessage, ReportAdvisor, Block/UnblockAdvisor, GetBlockState, GetBlockedAdvisors,
 * ManagerBlock/UnblockUser, ManagerGetBlockState, and the admin's AdminReports,
 * AdminDecideReport and AdminLiftSuspension.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { BlocksService } from './blocks.service.js';
import type { ReportsService } from './reports.service.js';

export function safetyRoutes(
  app: FastifyInstance,
  auth: AuthService,
  reports: ReportsService,
  blocks: BlocksService,
  limits: RateLimiter,
): void {
  registerCall(app, auth, 'ReportMessage', async ({ identity, body }) => {
    await limits.take('report', identity.telegramId);
    return {
      status: 'success',
      report_id: await reports.reportMessage(
        identity.telegramId,
        body.message_id,
        body.reason,
        body.text ?? '',
      ),
    };
  });
  registerCall(app, auth, 'ReportAdvisor', async ({ identity, body }) => {
    await limits.take('report', identity.telegramId);
    return {
      status: 'success',
      report_id: await reports.reportAdvisor(
        identity.telegramId,
        body.manager_id,
        body.reason,
        body.text ?? '',
      ),
    };
  });

  registerCall(app, auth, 'BlockAdvisor', async ({ identity, body }) => {
    await limits.take('block', identity.telegramId);
    return {
      status: 'success',
      block: await blocks.blockAdvisor(identity.telegramId, body.manager_id),
    };
  });
  registerCall(app, auth, 'UnblockAdvisor', async ({ identity, body }) => {
    await limits.take('block', identity.telegramId);
    return {
      status: 'success',
      block: await blocks.unblockAdvisor(identity.telegramId, body.manager_id),
    };
  });
  registerCall(app, auth, 'GetBlockState', async ({ identity, query }) => ({
    status: 'success',
    block: await blocks.state(identity.telegramId, query.manager_id, 'user'),
  }));
  registerCall(app, auth, 'GetBlockedAdvisors', async ({ identity }) => ({
    status: 'success',
    advisors: await blocks.blockedAdvisors(identity.telegramId),
  }));

  registerCall(app, auth, 'ManagerBlockUser', async ({ identity, advisor, body }) => {
    await limits.take('block', identity.telegramId);
    return { status: 'success', block: await blocks.blockUser(advisor, body.telegram_user_id) };
  });
  registerCall(app, auth, 'ManagerUnblockUser', async ({ identity, advisor, body }) => {
    await limits.take('block', identity.telegramId);
    return { status: 'success', block: await blocks.unblockUser(advisor, body.telegram_user_id) };
  });
  registerCall(app, auth, 'ManagerGetBlockState', async ({ advisor, query }) => ({
    status: 'success',
    block: await blocks.state(query.telegram_user_id, advisor.id, 'manager'),
  }));

  registerCall(app, auth, 'AdminReports', async ({ query }) => ({
    status: 'success',
    reports: await reports.list(query.status ?? 'open'),
  }));
  registerCall(app, auth, 'AdminDecideReport', async ({ identity, body }) => ({
    status: 'success',
    ...(await reports.decide(identity.telegramId, body.report_id, body.action, body.note ?? '')),
  }));
  registerCall(app, auth, 'AdminLiftSuspension', async ({ identity, body }) => ({
    status: 'success',
    lifted: await reports.liftSuspension(identity.telegramId, body.telegram_user_id),
  }));
}
