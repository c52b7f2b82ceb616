/** GetDailyRitual, SetMorningMessage, CloseOnboarding, ShareTarot and the card pictures (decision 054). */
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import { BadRequestError } from '../errors.js';
import { pictureOf, type TarotShare } from './tarot-share.js';
import { registerCall } from '../http/register-call.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';
import type { DailyService } from './daily.service.js';

export function dailyRoutes(
  app: FastifyInstance,
  auth: AuthService,
  daily: DailyService,
  limits: RateLimiter,
  share: TarotShare,
  users: Pick<UsersService, 'localeOf'>,
): void {
  registerCall(app, auth, 'GetDailyRitual', async ({ identity }) => {
    const ritual = await daily.ritual(identity.telegramId);
    return {
      status: 'success',
      onboarding: ritual.onboarding,
      morning: ritual.morning,
      bot_can_write: ritual.botCanWrite,
    };
  });

  registerCall(app, auth, 'SetMorningMessage', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    return { status: 'success', morning: await daily.setMorning(identity.telegramId, body) };
  });

  registerCall(app, auth, 'CloseOnboarding', async ({ identity, body }) => {
    await limits.take('profileChange', identity.telegramId);
    await daily.closeOnboarding(identity.telegramId, body.outcome);
    return { status: 'success' };
  });

  registerCall(app, auth, 'ShareTarot', async ({ identity, body }) => {
    // A card not prepared yet is a Bot API call: the same per-user allowance as ShareAdvisor.
    await limits.take('share', identity.telegramId);
    const locale = body.lang ?? (await users.localeOf(identity.telegramId));
    const shared = await share.share(
      identity.telegramId,
      { card: body.card, reversed: body.reversed },
      locale,
    );
    return {
      status: 'success',
      prepared_message_id: shared.preparedMessageId,
      link: shared.link,
      story_image_url: shared.storyImageUrl,
    };
  });

  // Fetched by Telegram for stories and inline thumbnails: public, nothing personal in them.
  app.get<{ Params: { card: string; orientation: string; lang: string; kind: string } }>(
    '/api/tarot-cards/:card/:orientation/:lang/:kind',
    async (request, reply) => {
      const picture = pictureOf(request.params);
      if (!picture)
        throw new BadRequestError(
          'a card picture is /api/tarot-cards/<card>/<upright|reversed>/<en|ru>/<story|thumb>.jpg',
        );
      const jpeg = await share.picture(picture.card, picture.locale, picture.kind);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(jpeg);
    },
  );
}
