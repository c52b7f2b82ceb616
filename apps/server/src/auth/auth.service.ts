/**
 * Who is calling: verifies init data or a session token, starts, renews (rotating the token) and
 * ends sessions, refuses init data signed before the user's sessions were ended, and makes sure
 * the caller has a user row. See docs/decisions/013-sessions.md and
 * docs/decisions/034-revocation-that-revokes.md.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { ERROR_CODES, userLocale } from '@seer/contract';
import type { Config } from '../config.js';
import type { Tx } from '../db/database.js';
import { InitDataError, InitDataVerifier, signInitData, type TelegramUser } from './init-data.js';
import { looksLikeSessionToken, readSessionToken, signSessionToken } from './session-tokens.js';
import type { AuthRepository } from './auth.repository.js';
import type { UsersService } from '../users/index.js';
import type { AdvisorsService, Advisor } from '../advisors/index.js';
import type { EventBus } from '../realtime/event-bus.js';
import { AppError, UnauthorizedError } from '../errors.js';

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

/**
 * How long a session's state (revoked, end, generation) and a user's sign-in revocation are
 * trusted between database reads on one instance; a revocation also reaches every instance at once
 * as a `session_revoked` event, so this only bounds an instance that missed the event.
 */
const SESSION_STATE_TTL_MS = 10_000;
/** Entries kept per cache before it is cleared (a flood of ids must not grow memory). */
const CACHE_MAX_ENTRIES = 100_000;
const BEARER = /^Bearer\s+/i;
/** Sessions kept per user (phone, desktop, a few browsers); starting another ends the oldest. */
const SESSIONS_PER_USER = 20;

/** A 401 whose code says why, so a client can tell "start again" from "reopen the app". */
class SignInRefusedError extends AppError {
  constructor(code: string, message: string) {
    super(401, code, message);
  }
}

const signInRevoked = () =>
  new SignInRefusedError(
    ERROR_CODES.signInRevoked,
    "Telegram init data was signed before this account's sessions were ended; reopen the app from Telegram",
  );

const accountSuspended = () =>
  new AppError(
    403,
    ERROR_CODES.accountSuspended,
    'This account is suspended by Seer staff; no sign-in is accepted until they lift it',
  );

interface SessionState {
  telegramId: number;
  endsAt: number;
  revoked: boolean;
  generation: number;
  at: number;
}

export class AuthService {
  /** The newest auth_date applied per Telegram user on this instance (saves a write per call). */
  private readonly appliedAuthDates = new Map<number, number>();
  private readonly firstSeenListeners: Array<
    (telegramId: number, startParam: string | null) => Promise<void>
  > = [];
  private readonly advisorCache = new Map<number, { advisor: Advisor | null; at: number }>();
  private readonly sessionStates = new Map<string, SessionState>();
  /** Per user: when their sign-ins were last revoked (ms since the epoch, 0 if never), as read at `at`. */
  private readonly revocations = new Map<number, { revokedAt: number; at: number }>();
  /** Counts the revocations heard: a database read begun before one is not cached after it. */
  private revocationsHeard = 0;

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
      else if (event.type === 'session_revoked')
        this.forgetSessions(event.telegramId, event.sessionId === null);
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
  async identify(
    header: string | undefined,
    initData: { remember?: boolean } = {},
  ): Promise<Identity> {
    if (header && BEARER.test(header)) return this.identifySession(header.replace(BEARER, ''));
    if (header && looksLikeSessionToken(header.trim())) return this.identifySession(header.trim());
    return (await this.verifyInitData(header, initData)).identity;
  }

  /**
   * The same for a socket's handshake, whose init data is checked once per connection: it is not
   * kept in the verified cache, so open sockets do not hold one cache entry each.
   */
  identifySocket(credential: string | undefined): Promise<Identity> {
    return this.identify(credential, { remember: false });
  }

  /**
   * Verified init data of a user whose sessions were not ended after it was signed; creates the
   * user row or applies newer profile fields. Answers the init data's auth_date too.
   */
  private async verifyInitData(
    header: string | undefined,
    options: { remember?: boolean } = {},
  ): Promise<{ identity: Identity; authDate: number }> {
    const verified = this.verifier.verify(header, options);
    const user = verified.user;
    // Init data signed before end-sessions is refused, however fresh: Telegram gives a reopened
    // app new init data, a copied one stays refused (decision 034).
    // A suspended user is refused whenever the init data was signed (decision 048).
    const revokedAt = await this.revokedAt(user.id);
    if (revokedAt === Infinity) throw accountSuspended();
    if (verified.authDate * 1000 < revokedAt) throw signInRevoked();
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
      identity: {
        telegramId: user.id,
        isAdmin: this.config.adminTelegramIds.has(user.id),
        sessionId: null,
        expiresAt: this.verifier.expiresAt(verified),
      },
      authDate: verified.authDate,
    };
  }

  /**
   * When this user's sign-ins were last revoked (ms since the epoch, 0 if never; Infinity while
   * the user is suspended); cached briefly.
   */
  private async revokedAt(telegramId: number): Promise<number> {
    const cached = this.revocations.get(telegramId);
    if (cached && Date.now() - cached.at < SESSION_STATE_TTL_MS) return cached.revokedAt;
    const heard = this.revocationsHeard;
    const at = Date.now();
    const row = await this.repository.revokedAt(telegramId);
    const revokedAt = row?.suspended ? Infinity : (row?.revokedAt.getTime() ?? 0);
    if (heard === this.revocationsHeard) {
      if (this.revocations.size >= CACHE_MAX_ENTRIES) this.revocations.clear();
      this.revocations.set(telegramId, { revokedAt, at });
    }
    return revokedAt;
  }

  private async identifySession(token: string): Promise<Identity> {
    const claims = readSessionToken(this.sessionSecret, token);
    if (!claims) throw new UnauthorizedError('Session token is invalid; start a new session');
    if (claims.expiresAt * 1000 <= Date.now())
      throw new SignInRefusedError(
        ERROR_CODES.sessionExpired,
        'Session token has expired; start a new session from Telegram init data',
      );
    let state = await this.sessionState(claims.sessionId);
    // A token newer than this instance remembers: the session was renewed elsewhere since.
    if (state && claims.generation > state.generation)
      state = await this.sessionState(claims.sessionId, true);
    if (!state || state.telegramId !== claims.telegramId || state.revoked)
      throw new UnauthorizedError('Session has ended; start a new session');
    // Refused, not punished: a call sent just before the renewal may arrive just after it.
    if (claims.generation !== state.generation)
      throw new UnauthorizedError('Session token was renewed since; use the newer token');
    return {
      telegramId: claims.telegramId,
      isAdmin: this.config.adminTelegramIds.has(claims.telegramId),
      sessionId: claims.sessionId,
      expiresAt: claims.expiresAt * 1000,
    };
  }

  private async sessionState(sessionId: string, reread = false): Promise<SessionState | null> {
    const cached = this.sessionStates.get(sessionId);
    if (!reread && cached && Date.now() - cached.at < SESSION_STATE_TTL_MS) return cached;
    const heard = this.revocationsHeard;
    const at = Date.now();
    const row = await this.repository.findSession(sessionId);
    if (!row) return null;
    const state: SessionState = {
      telegramId: row.telegram_id,
      endsAt: row.ends_at.getTime(),
      revoked: row.revoked_at !== null,
      generation: row.generation,
      at,
    };
    if (heard === this.revocationsHeard) this.rememberSession(sessionId, state);
    return state;
  }

  private rememberSession(sessionId: string, state: SessionState): void {
    if (this.sessionStates.size >= CACHE_MAX_ENTRIES) this.sessionStates.clear();
    this.sessionStates.set(sessionId, state);
  }

  /**
   * Starts a session from init data (only init data: a session never starts another). It ends no
   * later than the init data's auth_date plus the longest session life, however late it starts.
   */
  async startSession(
    header: string | undefined,
    /** Called once the caller is known, before anything is stored (the route's rate limit). */
    admit: (telegramId: number) => Promise<void> = async () => {},
  ): Promise<IssuedSession> {
    if (header && (BEARER.test(header) || looksLikeSessionToken(header.trim())))
      throw new UnauthorizedError('A session starts from Telegram init data, not from a session');
    const { identity, authDate } = await this.verifyInitData(header);
    await admit(identity.telegramId);
    const now = Math.floor(Date.now() / 1000);
    // auth_date may be a few minutes ahead of this clock: the session's life never grows from it.
    const endsAt = Math.min(authDate, now) + this.config.sessionMaxAgeSeconds;
    if (endsAt <= now) throw new InitDataError('expired');
    const id = randomBytes(16).toString('base64url');
    const created = await this.repository.createSession(
      id,
      identity.telegramId,
      new Date(endsAt * 1000),
      SESSIONS_PER_USER,
      new Date(authDate * 1000),
    );
    // end-sessions committed between the check above and the insert.
    if (!created) throw signInRevoked();
    return this.issue(id, identity.telegramId, endsAt, 0);
  }

  /**
   * A new token for the session the given one belongs to, which must not have expired; the given
   * token stops working (rotation). A token that was already renewed once and comes back to renew
   * was copied (or the app lost track of its own): the session ends for both holders (reuse
   * detection, decision 034). Never past the session's absolute end.
   */
  async renewSession(
    header: string | undefined,
    admit: (telegramId: number) => Promise<void> = async () => {},
  ): Promise<IssuedSession> {
    const token = (header ?? '').replace(BEARER, '').trim();
    const claims = readSessionToken(this.sessionSecret, token);
    if (!claims) throw new UnauthorizedError('Session token is invalid; start a new session');
    await admit(claims.telegramId);
    if (claims.expiresAt * 1000 <= Date.now())
      throw new SignInRefusedError(
        ERROR_CODES.sessionExpired,
        'Session token has expired and cannot be renewed; start a new session from Telegram init data',
      );
    const rotated = await this.repository.rotateSession(
      claims.sessionId,
      claims.telegramId,
      claims.generation,
    );
    if (rotated) {
      const endsAt = rotated.ends_at.getTime();
      // This instance refuses the renewed-away token at once; others within SESSION_STATE_TTL_MS.
      this.rememberSession(claims.sessionId, {
        telegramId: claims.telegramId,
        endsAt,
        revoked: false,
        generation: rotated.generation,
        at: Date.now(),
      });
      return this.issue(
        claims.sessionId,
        claims.telegramId,
        Math.floor(endsAt / 1000),
        rotated.generation,
      );
    }
    const row = await this.repository.findSession(claims.sessionId);
    if (!row || row.telegram_id !== claims.telegramId || row.revoked_at !== null)
      throw new UnauthorizedError('Session has ended; start a new session');
    if (row.generation > claims.generation) {
      await this.endSession(claims.telegramId, claims.sessionId);
      throw new SignInRefusedError(
        ERROR_CODES.sessionReused,
        'This session token was already renewed, so a copy of it is in use: the session has been ended; start a new session from Telegram init data',
      );
    }
    if (row.ends_at.getTime() <= Date.now())
      throw new UnauthorizedError('Session has reached its longest life; start a new session');
    // A generation ahead of the session's was never issued.
    throw new UnauthorizedError('Session token is invalid; start a new session');
  }

  /** Revokes one session of the user (sign-out, a reused token); every instance hears of it. */
  async endSession(telegramId: number, sessionId: string): Promise<number> {
    const revoked = await this.repository.revokeSession(telegramId, sessionId);
    this.events.publish({ type: 'session_revoked', telegramId, sessionId });
    return revoked;
  }

  /**
   * end-sessions: revokes every session of the user and refuses from now on any init data signed
   * before now, on every instance; `audit` writes the audit line in the same transaction.
   * Answers how many sessions were live.
   */
  async endAllSessions(
    telegramId: number,
    audit?: (tx: Tx, ended: number) => Promise<void>,
  ): Promise<number> {
    const { ended } = await this.repository.revokeAllSessions(telegramId, audit);
    this.events.publish({ type: 'session_revoked', telegramId, sessionId: null });
    return ended;
  }

  /**
   * Suspends the user (decision 048): end-sessions' one transaction (every live session revoked,
   * init data signed before now refused) that also refuses every later sign-in until
   * `liftSuspension`; `inside` joins the transaction (the report's decision, the audit line).
   * Every instance hears it at once and closes the user's sockets.
   */
  async suspend(telegramId: number, inside: (tx: Tx, ended: number) => Promise<void>) {
    const { ended } = await this.repository.revokeAllSessions(telegramId, inside, true);
    this.events.publish({ type: 'session_revoked', telegramId, sessionId: null });
    return ended;
  }

  /** Lifts a suspension; the user signs in again by reopening Seer. False when not suspended. */
  async liftSuspension(telegramId: number, inside: (tx: Tx) => Promise<void>): Promise<boolean> {
    const done = await this.repository.liftSuspension(telegramId, inside);
    // Every instance forgets the cached revocation (no session is live to close).
    if (done) this.events.publish({ type: 'session_revoked', telegramId, sessionId: null });
    return done;
  }

  private issue(
    sessionId: string,
    telegramId: number,
    endsAt: number,
    generation: number,
  ): IssuedSession {
    const expiresAt = Math.min(
      Math.floor(Date.now() / 1000) + this.config.sessionTokenSeconds,
      endsAt,
    );
    return {
      token: signSessionToken(this.sessionSecret, {
        sessionId,
        telegramId,
        expiresAt,
        generation,
      }),
      telegramId,
      expiresAt,
      endsAt,
    };
  }

  /** A revocation was heard: forget the user's cached sessions (and, for all, their revocation time). */
  private forgetSessions(telegramId: number, all: boolean): void {
    this.revocationsHeard++;
    for (const [id, state] of this.sessionStates)
      if (state.telegramId === telegramId) this.sessionStates.delete(id);
    if (all) this.revocations.delete(telegramId);
  }

  /** The advisor record linked to this Telegram user, cached for a few seconds. */
  async advisorOf(identity: Pick<Identity, 'telegramId'>): Promise<Advisor | null> {
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
      first_name: userLocale({ telegramCode: languageCode }) === 'ru' ? 'Гость' : 'Guest',
      username: `guest${id % 100000}`,
      ...(languageCode ? { language_code: languageCode.slice(0, 2).toLowerCase() } : {}),
      allows_write_to_pm: false,
    });
    return { initData, telegramId: id };
  }
}
