/** Who is calling: verifies init data and makes sure the caller has a user row. */
import { randomBytes, randomInt } from 'node:crypto';
import type { Config } from '../config.js';
import { InitDataVerifier, signInitData, type TelegramUser } from './init-data.js';
import type { AuthRepository } from './auth.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { AdvisorRecord } from '../advisors/advisors.repository.js';
import { UnauthorizedError } from '../errors.js';

export interface Identity {
  telegramId: number;
  telegramUser: TelegramUser;
  isAdmin: boolean;
}

export class AuthService {
  private readonly knownUsers = new Map<number, string>();
  private readonly advisorCache = new Map<number, { advisor: AdvisorRecord | null; at: number }>();

  private constructor(
    private readonly config: Config,
    private readonly verifier: InitDataVerifier,
    private readonly users: UsersService,
    private readonly advisors: AdvisorsService,
    /** The token init data is signed with when Seer signs demo users in itself. */
    readonly demoBotToken: string | null,
  ) {}

  static async create(
    config: Config,
    repository: AuthRepository,
    users: UsersService,
    advisors: AdvisorsService,
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
    return new AuthService(
      config,
      new InitDataVerifier(token, config.initDataMaxAgeSeconds),
      users,
      advisors,
      demoBotToken,
    );
  }

  get demoSignIn(): boolean {
    return this.demoBotToken !== null;
  }

  /** Verifies the Authorization header and creates the user row on the first call. */
  async identify(header: string | undefined): Promise<Identity> {
    const verified = this.verifier.verify(header);
    const user = verified.user;
    const signature = `${user.username}|${user.first_name}|${user.last_name}|${user.photo_url}|${user.language_code}|${user.allows_write_to_pm}`;
    if (this.knownUsers.get(user.id) !== signature) {
      await this.users.recordTelegramUser(user, this.config.freeMessages);
      if (this.knownUsers.size > 100_000) this.knownUsers.clear();
      this.knownUsers.set(user.id, signature);
    }
    return {
      telegramId: user.id,
      telegramUser: user,
      isAdmin: this.config.adminTelegramIds.has(user.id),
    };
  }

  /** The advisor record linked to this Telegram user, cached for a few seconds. */
  async advisorOf(identity: Identity): Promise<AdvisorRecord | null> {
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
      first_name: 'Guest',
      username: `guest${id % 100000}`,
      ...(languageCode ? { language_code: languageCode.slice(0, 2).toLowerCase() } : {}),
      allows_write_to_pm: false,
    });
    return { initData, telegramId: id };
  }
}
