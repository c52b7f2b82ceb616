import type { FastifyInstance } from 'fastify';
import type { AdminAdvisor } from '@seer/contract';
import type { AuthService } from '../auth/index.js';
import { type AdvisorsService, ratingOf, type Advisor } from '../advisors/index.js';
import { type User, displayName } from '../users/index.js';
import { registerCall } from '../http/register-call.js';
import type { AdminService } from './admin.service.js';

function toAdminAdvisor(a: Advisor): AdminAdvisor {
  return {
    id: a.id,
    name: a.name,
    avatar: a.avatar_url || '/avatars/default.svg',
    category_id: a.category_id,
    description: a.description,
    additional_info: a.additional_info,
    price_cents: a.price_cents,
    experience: a.experience_years,
    clients: a.clients,
    languages: a.languages,
    text_language: a.text_language,
    translations: a.translations,
    is_active: a.is_active,
    is_demo: a.is_demo,
    telegram_id: a.telegram_id,
    rating: ratingOf(a),
    reviews: a.review_count,
  };
}

function toAdminUser(u: User) {
  return {
    telegram_user_id: u.telegram_id,
    name: displayName(u),
    username: u.username,
    balance_cents: u.balance_cents,
    free_messages: u.free_messages,
    created_at: u.created_at.toISOString(),
  };
}

export function adminRoutes(
  app: FastifyInstance,
  auth: AuthService,
  admin: AdminService,
  advisors: AdvisorsService,
): void {
  registerCall(app, auth, 'AdminListAdvisors', async () => ({
    status: 'success',
    advisors: (await admin.listAdvisors()).map(toAdminAdvisor),
  }));

  registerCall(app, auth, 'AdminSaveAdvisor', async ({ identity, body }) => {
    const advisor = await admin.saveAdvisor(identity.telegramId, body);
    advisors.invalidate();
    return { status: 'success', advisor: toAdminAdvisor(advisor) };
  });

  registerCall(app, auth, 'AdminLinkAdvisor', async ({ identity, body }) => {
    if (body.telegram_id === null) await admin.unlinkAdvisor(identity.telegramId, body.advisorId);
    else await admin.linkAdvisor(identity.telegramId, body.advisorId, body.telegram_id);
    advisors.invalidate();
    // The auth service forgets cached links on the rights_changed event the admin service publishes.
    return { status: 'success' };
  });

  registerCall(app, auth, 'AdminListUsers', async ({ query }) => ({
    status: 'success',
    users: (await admin.searchUsers(query.q)).map(toAdminUser),
  }));

  registerCall(app, auth, 'AdminUserLedger', async ({ query }) => {
    const { user, ledger } = await admin.userWithLedger(query.telegram_user_id);
    return {
      status: 'success',
      user: toAdminUser(user),
      ledger: ledger.map((l) => ({
        id: l.id,
        amount_cents: l.amount_cents,
        reason: l.reason,
        note: l.note,
        reference: l.reference,
        created_at: l.created_at.toISOString(),
      })),
    };
  });

  registerCall(app, auth, 'AdminEndSessions', async ({ identity, body }) => {
    const telegramId = body.telegram_user_id;
    const ended = await auth.endAllSessions(telegramId, (tx, ended) =>
      admin.audit.audit(tx, identity.telegramId, 'end-sessions', { telegramId, ended }),
    );
    return { status: 'success', ended };
  });

  registerCall(app, auth, 'AdminCredit', async ({ identity, body }) => {
    const result = await admin.credit(
      identity.telegramId,
      body.telegram_user_id,
      String(body.amount),
      body.reason,
    );
    return {
      status: 'success',
      balance_cents: result.balanceCents,
      amount_cents: result.amountCents,
    };
  });

  registerCall(app, auth, 'AdminAudit', async () => ({
    status: 'success',
    entries: (await admin.audit.recent(200)).map((e) => ({
      ...e,
      created_at: e.created_at.toISOString(),
    })),
  }));

  // The advisors' workspace.
  registerCall(app, auth, 'ManagerGetProfile', async ({ advisor }) => {
    const wire = advisors.toWire(advisor);
    return {
      status: 'success',
      manager: {
        id: advisor.id,
        name: advisor.name,
        avatar: wire.avatar,
        category_id: advisor.category_id,
        price_cents: advisor.price_cents,
        away: advisor.is_away,
        isOnline: wire.isOnline,
        rating: wire.rating,
        reviews: wire.reviews,
      },
    };
  });
}
