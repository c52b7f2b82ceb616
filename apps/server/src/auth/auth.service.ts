/**
 * Who is calling: verifies init data or a session token, starts, renews and ends sessions, and
 * makes sure the caller has a user row. See docs/decisions/013-sessions.md.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Config } from '../config.js';
import { InitDataVerifier, signInitData, type TelegramUser } from './init-data.js';
import { looksLikeSessionToken, readSessionToken, signSessionToken } from './session-tokens.js';
import type { AuthRepository } from './auth.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AdvisorRecord } from '../advisors/advisors.repository.js';
import type { EventBus } from '../realtime/event-bus.js';
import { UnauthorizedError } from '../errors.js';

export type { TelegramUser };

export interface Identity {
  telegramId: number;
  isAdmin: boolean;
  /** The session the call came with; null when it came with init data. */
  sessionId: string | null;
  /** When the credential stops being accepted (ms since the epoch): the socket closes then unless renewed. */
  expiresAt: number;
}

export interface IssuedSession {
  token: string;
  telegramId: number;
  /** Seconds since the epoch: renew before this. */
  expiresAt: number;
  /** Seconds since the epoch: no renewal goes past this; then init data must start a new session. */
  endsAt: number;
}

/** How long a session's state (revoked, end) is trusted between database reads on one instance. */
const SESSION_STATE_TTL_MS = 10_000;
const BEARER = /^Bearer\s+/i;
/** Sessions kept per user (phone, desktop, a few browsers); starting another ends the oldest. */
const SESSIONS_PER_USER = 20;

export class AuthService {
  /** The newest auth_date applied per Telegram user on this instance (saves a write per call). */
  private readonly appliedAuthDates = new Map<number, number>();
  private readonly firstSeenListeners: Array<
    (telegramId: number, startParam: string | null) => Promise<void>
  > = [];
  private readonly advisorCache = new Map<number, { advisor: AdvisorRecord | null; at: number }>();
  private readonly sessionStates = new Map<
    string,
    { telegramId: number; endsAt: number; revoked: boolean; at: number }
  >();

  private constructor(
    private readonly config: Config,
    private readonly verifier: InitDataVerifier,
    private readonly repository: AuthRepository,
    private readonly sessionSecret: Buffer,
    private readonly users: UsersService,
    private readonly advisors: AdvisorsService,
    private readonly events: EventBus,
    /** The token init data is signed with when Seer signs demo users in itself. */
    readonly demoBotToken: string | null,
  ) {
    events.subscribe((event) => {
      if (event.type === 'rights_changed') this.forgetAdvisorLinks();
      else if (event.type === 'session_revoked') this.forgetSessions(event.telegramId);
    });
  }

  static async create(
    config: Config,
    repository: AuthRepository,
    users: UsersService,
    advisors: AdvisorsService,
    events: EventBus,
  ): Promise<AuthService> {
    let demoBotToken: string | null = null;
    let token = config.botToken;
    if (!token) {
      if (!config.demo) throw new Error('BOT_TOKEN is required when NODE_ENV=production');
      // One demo signing key per database, so every instance accepts the same demo sessions.
      const candidate = `0:${randomBytes(24).toString('base64url')}`;
      token = await repository.demoSigningKey(candidate);
      demoBotToken = token;
    }
    // One session secret per database: every instance accepts every instance's tokens.
    const sessionSecret = Buffer.from(
      await repository.sessionSecret(randomBytes(32).toString('base64url')),
      'base64url',
    );
    return new AuthService(
      config,
      new InitDataVerifier(token, config.initDataMaxAgeSeconds),
      repository,
      sessionSecret,
      users,
      advisors,
      events,
      demoBotToken,
    );
  }

  /**
   * Calls back when init data creates a user (first seen), with the link's start parameter: a
   * referral is recorded only then (docs/decisions/026-deep-links-and-referrals.md).
   */
  onFirstSeen(listener: (telegramId: number, startParam: string | null) => Promise<void>): void {
    this.firstSeenListeners.push(listener);
  }

  get demoSignIn(): boolean {
    return this.demoBotToken !== null;
  }

  /**
   * Verifies the Authorization header (`Bearer <session token>`, or init data as the original
   * client sends it) and, for init data, creates the user row or applies newer profile fields.
   */
  async identify(header: string | undefined): Promise<Identity> {
    if (header && BEARER.test(header)) return this.identifySession(header.replace(BEARER, ''));
    if (header && looksLikeSessionToken(header.trim())) return this.identifySession(header.trim());
    return this.identifyInitData(header);
  }

  private async identifyInitData(header: string | undefined): Promise<Identity> {
    const verified = this.verifier.verify(header);
    const user = verified.user;
    if ((this.appliedAuthDates.get(user.id) ?? 0) < verified.authDate) {
      const created = await this.users.recordTelegramUser(
        user,
        verified.authDate,
        this.config.freeMessages,
      );
      if (created)
        for (const listener of this.firstSeenListeners)
          await listener(user.id, verified.startParam);
      if (this.appliedAuthDates.size > 100_000) this.appliedAuthDates.clear();
      this.appliedAuthDates.set(user.id, verified.authDate);
    }
    return {
      telegramId: user.id,
      isAdmin: this.config.adminTelegramIds.has(user.id),
      sessionId: null,
      expiresAt: this.verifier.expiresAt(verified),
    };
  }

  private async identifySession(token: string): Promise<Identity> {
    const claims = readSessionToken(this.sessionSecret, token);
    if (!claims) throw new UnauthorizedError('Session token is invalid; start a new session');
    if (claims.expiresAt * 1000 <= Date.now())
      throw new UnauthorizedError('Session token has expired; renew it');
    const state = await this.sessionState(claims.sessionId);
    if (!state || state.telegramId !== claims.telegramId || state.revoked)
      throw new UnauthorizedError('Session has ended; start a new session');
    return {
      telegramId: claims.telegramId,
      isAdmin: this.config.adminTelegramIds.has(claims.telegramId),
      sessionId: claims.sessionId,
      expiresAt: claims.expiresAt * 1000,
    };
  }

  private async sessionState(sessionId: string) {
    const cached = this.sessionStates.get(sessionId);
    if (cached && Date.now() - cached.at < SESSION_STATE_TTL_MS) return cached;
    const row = await this.repository.findSession(sessionId);
    if (!row) return null;
    const state = {
      telegramId: row.telegram_id,
      endsAt: row.ends_at.getTime(),
      revoked: row.revoked_at !== null,
      at: Date.now(),
    };
    if (this.sessionStates.size > 100_000) this.sessionStates.clear();
    this.sessionStates.set(sessionId, state);
    return state;
  }

  /** Starts a session from init data (only init data: a session never starts another). */
  async startSession(
    header: string | undefined,
    /** Called once the caller is known, before anything is stored (the route's rate limit). */
    admit: (telegramId: number) => Promise<void> = async () => {},
  ): Promise<IssuedSession> {
    if (header && (BEARER.test(header) || looksLikeSessionToken(header.trim())))
      throw new UnauthorizedError('A session starts from Telegram init data, not from a session');
    const identity = await this.identifyInitData(header);
    await admit(identity.telegramId);
    const id = randomBytes(16).toString('base64url');
    const endsAt = Math.floor(Date.now() / 1000) + this.config.sessionMaxAgeSeconds;
    await this.repository.createSession(
      id,
      identity.telegramId,
      new Date(endsAt * 1000),
      SESSIONS_PER_USER,
    );
    return this.issue(id, identity.telegramId, endsAt);
  }

  /**
   * A new token for the session the given one belongs to. The given token may have expired: an
   * app left in the background renews when it comes back, up to the session's absolute end.
   */
  async renewSession(
    header: string | undefined,
    admit: (telegramId: number) => Promise<void> = async () => {},
  ): Promise<IssuedSession> {
    const token = (header ?? '').replace(BEARER, '').trim();
    const claims = readSessionToken(this.sessionSecret, token);
    if (!claims) throw new UnauthorizedError('Session token is invalid; start a new session');
    await admit(claims.telegramId);
    const row = await this.repository.findSession(claims.sessionId);
    const now = Date.now();
    if (!row || row.telegram_id !== claims.telegramId || row.revoked_at !== null)
      throw new UnauthorizedError('Session has ended; start a new session');
    if (row.ends_at.getTime() <= now)
      throw new UnauthorizedError('Session has reached its longest life; start a new session');
    await this.repository.markRenewed(row.id);
    return this.issue(row.id, row.telegram_id, Math.floor(row.ends_at.getTime() / 1000));
  }

  /** Revokes the caller's session (sign out), or every session of the user; every instance hears of it. */
  async endSessions(telegramId: number, sessionId: string | null): Promise<number> {
    const revoked = await this.repository.revokeSessions(telegramId, sessionId);
    this.events.publish({ type: 'session_revoked', telegramId, sessionId });
    return revoked;
  }

  private issue(sessionId: string, telegramId: number, endsAt: number): IssuedSession {
    const expiresAt = Math.min(
      Math.floor(Date.now() / 1000) + this.config.sessionTokenSeconds,
      endsAt,
    );
    return {
      token: signSessionToken(this.sessionSecret, { sessionId, telegramId, expiresAt }),
      telegramId,
      expiresAt,
      endsAt,
    };
  }

  private forgetSessions(telegramId: number): void {
    for (const [id, state] of this.sessionStates)
      if (state.telegramId === telegramId) this.sessionStates.delete(id);
  }

  /** The advisor record linked to this Telegram user, cached for a few seconds. */
  async advisorOf(identity: Pick<Identity, 'telegramId'>): Promise<AdvisorRecord | null> {
    const cached = this.advisorCache.get(identity.telegramId);
    if (cached && Date.now() - cached.at < 5_000) return cached.advisor;
    const advisor = await this.advisors.linkedTo(identity.telegramId);
    this.advisorCache.set(identity.telegramId, { advisor, at: Date.now() });
    return advisor;
  }

  /** After an admin links or unlinks an advisor, forget cached links at once. */
  forgetAdvisorLinks(): void {
    this.advisorCache.clear();
  }

  /** Demo sign-in: init data for a demo user, signed with this database's demo key. */
  demoSession(
    requestedId?: number,
    languageCode?: string,
  ): { initData: string; telegramId: number } {
    if (!this.demoBotToken)
      throw new UnauthorizedError('Demo sign-in is off: open Seer from Telegram');
    const id = requestedId ?? randomInt(1_000_000_000, 2_000_000_000);
    const initData = signInitData(this.demoBotToken, {
      id,
      // The guest's name in the guest's language (the app shows a demo guest's name translated).
      first_name: languageCode?.toLowerCase().startsWith('ru') ? 'Гость' : 'Guest',
      username: `guest${id % 100000}`,
      ...(languageCode ? { language_code: languageCode.slice(0, 2).toLowerCase() } : {}),
      allows_write_to_pm: false,
    });
    return { initData, telegramId: id };
  }
}
