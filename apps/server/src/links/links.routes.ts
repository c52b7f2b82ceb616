/** Calls of deep links, sharing and referrals (docs/decisions/026-deep-links-and-referrals.md). */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import { registerCall } from '../http/register-call.js';
import type { ReferralsService } from './referrals.service.js';
import type { ShareService } from './share.service.js';
import type { AdvisorThumbnails } from './advisor-thumbnails.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import { BadRequestError } from '../errors.js';

export function linksRoutes(
  app: FastifyInstance,
  auth: AuthService,
  deps: {
    share: ShareService;
    referrals: ReferralsService;
    users: UsersService;
    thumbnails: AdvisorThumbnails;
    limits: RateLimiter;
  },
): void {
  // Fetched by Telegram's servers for inline results and shared cards: public, no sign-in.
  app.get<{ Params: { id: string } }>('/api/advisors/:id/thumbnail.jpg', async (request, reply) => {
    if (!/^[1-9][0-9]{0,9}$/.test(request.params.id))
      throw new BadRequestError('id: an advisor id, e.g. /api/advisors/3/thumbnail.jpg');
    const jpeg = await deps.thumbnails.jpeg(Number(request.params.id));
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(jpeg);
  });

  registerCall(app, auth, 'ShareAdvisor', async ({ body, identity }) => {
    await deps.limits.take('share', identity.telegramId);
    const locale = body.lang ?? (await deps.users.localeOf(identity.telegramId));
    const shared = await deps.share.prepareAdvisorShare(
      identity.telegramId,
      body.manager_id,
      locale,
    );
    return {
      status: 'success',
      prepared_message_id: shared.preparedMessageId,
      link: shared.link,
    };
  });

  registerCall(app, auth, 'GetInvite', async ({ identity }) => {
    const invite = await deps.referrals.invite(identity.telegramId);
    return {
      status: 'success',
      code: invite.code,
      link: invite.link,
      joined: invite.joined,
      rewarded: invite.rewarded,
      earned_free_messages: invite.earnedFreeMessages,
      free_messages_per_invite: invite.freeMessagesPerInvite,
    };
  });

  registerCall(app, auth, 'AdminReferralCredits', async ({ query }) => ({
    status: 'success',
    credits: (await deps.referrals.credits(query.telegram_user_id)).map((credit) => ({
      ledger_id: credit.ledgerId,
      telegram_user_id: credit.userId,
      user_name: credit.userName,
      role: credit.role,
      invitee_id: credit.inviteeId,
      inviter_id: credit.inviterId,
      free_messages: credit.freeMessages,
      created_at: credit.createdAt.toISOString(),
      reversed_free_messages: credit.reversedFreeMessages,
    })),
  }));

  registerCall(app, auth, 'AdminReverseReferral', async ({ body, identity }) => {
    const result = await deps.referrals.reverse(identity.telegramId, body.ledger_id, body.reason);
    return { status: 'success', taken_back: result.takenBack, already_used: result.alreadyUsed };
  });
}
