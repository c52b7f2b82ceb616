/**
 * Blocks (docs/decisions/048-reports-and-blocks.md): a user blocks an advisor (the advisor leaves
 * the user's lists and can no longer write to them), an advisor blocks a client (the client can
 * no longer write to the advisor, is told so kindly, and nothing is charged). Either block stops
 * messages both ways; each side lifts only its own. Sends check the block in the chat service
 * before the money path, so a block holds on every instance from its commit.
 */
import { ERROR_CODES, type BlockedAdvisor, type BlockState } from '@seer/contract';
import type { EventBus } from '../realtime/event-bus.js';
import type { AdvisorsService, Advisor } from '../advisors/index.js';
import type { UsersService } from '../users/index.js';
import type { Sql } from '../db/database.js';
import { BadRequestError, BlockedError, NotFoundError, OwnAdvisorError } from '../errors.js';
import type { SafetyRepository, Side } from './safety.repository.js';

/** How long an instance trusts what it read of a user's blocks (every instance forgets at once on a change). */
const BLOCKS_TTL_MS = 60_000;
/** How long the held advisors are trusted (the catalogue itself is cached for a second). */
const HELD_TTL_MS = 1_000;
const CACHE_MAX_ENTRIES = 100_000;
const NONE: readonly number[] = [];

export class BlocksService {
  /** Per user: the advisors they blocked, as read at `at`. */
  private readonly blockedCache = new Map<number, { ids: readonly number[]; at: number }>();
  /** Counts block changes heard: a read begun before one is not cached after it. */
  private changesHeard = 0;
  private held: { ids: readonly number[]; at: number } | null = null;

  constructor(
    private readonly repository: SafetyRepository,
    private readonly advisors: Pick<AdvisorsService, 'find' | 'withAdvisors'>,
    private readonly users: Pick<UsersService, 'ensureExists'>,
    private readonly sql: Sql,
    private readonly events: EventBus,
  ) {
    events.subscribe((event) => {
      if (event.type !== 'block_changed') return;
      this.changesHeard++;
      this.blockedCache.delete(event.userId);
    });
  }

  /**
   * The chat's send check: one lookup by the primary key, no cache, so a block is in force for
   * every send that begins after it committed, on every instance.
   */
  async checkSend(userId: number, advisorId: number, sender: Side): Promise<void> {
    const blocks = await this.repository.blocksBetween(userId, advisorId);
    if (blocks.length === 0) return;
    if (sender === 'user') {
      if (blocks.includes('manager'))
        throw new BlockedError(
          ERROR_CODES.blockedByAdvisor,
          'This advisor is not taking messages from you any more. Nothing was sent and nothing was charged.',
        );
      throw new BlockedError(
        ERROR_CODES.youBlocked,
        'You blocked this advisor: unblock them to write again. Nothing was sent and nothing was charged.',
      );
    }
    if (blocks.includes('user'))
      throw new BlockedError(
        ERROR_CODES.blockedByUser,
        'This client blocked you: your message was not sent.',
      );
    throw new BlockedError(
      ERROR_CODES.youBlocked,
      'You blocked this client: unblock them to write again. Your message was not sent.',
    );
  }

  async state(userId: number, advisorId: number, side: Side): Promise<BlockState> {
    const blocks = await this.repository.blocksBetween(userId, advisorId);
    const other: Side = side === 'user' ? 'manager' : 'user';
    return { you_blocked: blocks.includes(side), blocked_you: blocks.includes(other) };
  }

  /** A user blocks an advisor; again is no change. Not an advisor linked to the user's own account. */
  async blockAdvisor(userId: number, advisorId: number): Promise<BlockState> {
    const advisor = await this.advisors.find(advisorId);
    if (!advisor || !advisor.is_active) throw new NotFoundError(`Advisor ${advisorId} not found`);
    if (advisor.telegram_id === userId)
      throw new OwnAdvisorError('You are linked to this advisor: you cannot block yourself');
    await this.users.ensureExists(this.sql, userId);
    if (await this.repository.block(userId, advisorId, 'user'))
      this.changed(userId, advisorId, 'user', true);
    return this.state(userId, advisorId, 'user');
  }

  async unblockAdvisor(userId: number, advisorId: number): Promise<BlockState> {
    if (await this.repository.unblock(userId, advisorId, 'user'))
      this.changed(userId, advisorId, 'user', false);
    return this.state(userId, advisorId, 'user');
  }

  /** An advisor blocks a client of theirs (a user who wrote to them); again is no change. */
  async blockUser(advisor: Advisor, userId: number): Promise<BlockState> {
    if (advisor.telegram_id === userId) throw new BadRequestError('You cannot block yourself');
    if (!(await this.repository.isClient(userId, advisor.id)))
      throw new NotFoundError('No dialog with this user');
    if (await this.repository.block(userId, advisor.id, 'manager'))
      this.changed(userId, advisor.id, 'manager', true);
    return this.state(userId, advisor.id, 'manager');
  }

  async unblockUser(advisor: Advisor, userId: number): Promise<BlockState> {
    if (await this.repository.unblock(userId, advisor.id, 'manager'))
      this.changed(userId, advisor.id, 'manager', false);
    return this.state(userId, advisor.id, 'manager');
  }

  /** The advisors this user blocked, for Settings (where they are unblocked). */
  async blockedAdvisors(userId: number): Promise<BlockedAdvisor[]> {
    const rows = await this.repository.blockedByUser(userId);
    return this.advisors.withAdvisors(rows, (row, advisor) => ({
      manager_id: advisor.id,
      name: advisor.name,
      avatar: advisor.avatar,
      blocked_at: row.created_at.toISOString(),
    }));
  }

  /**
   * The advisors the catalogue leaves out for this user: those they blocked, and those held for
   * review. From memory almost always (the catalogue is the hottest read): a user's blocks are
   * read once a minute at most, and forgotten on every instance when they change.
   */
  async hiddenFor(userId: number): Promise<readonly number[]> {
    const [blocked, held] = await Promise.all([this.blockedIds(userId), this.heldIds()]);
    if (blocked.length === 0) return held;
    if (held.length === 0) return blocked;
    return [...new Set([...blocked, ...held])];
  }

  private async blockedIds(userId: number): Promise<readonly number[]> {
    const cached = this.blockedCache.get(userId);
    if (cached && Date.now() - cached.at < BLOCKS_TTL_MS) return cached.ids;
    const heard = this.changesHeard;
    const at = Date.now();
    const rows = await this.repository.blockedByUser(userId);
    const ids = rows.length === 0 ? NONE : rows.map((row) => row.advisor_id);
    if (heard === this.changesHeard) {
      if (this.blockedCache.size >= CACHE_MAX_ENTRIES) this.blockedCache.clear();
      this.blockedCache.set(userId, { ids, at });
    }
    return ids;
  }

  private async heldIds(): Promise<readonly number[]> {
    if (this.held && Date.now() - this.held.at < HELD_TTL_MS) return this.held.ids;
    const at = Date.now();
    const ids = await this.repository.heldAdvisorIds();
    this.held = { ids: ids.length === 0 ? NONE : ids, at };
    return this.held.ids;
  }

  /** Forget the held advisors now (this instance); others within HELD_TTL_MS. */
  forgetHeld(): void {
    this.held = null;
  }

  private changed(userId: number, advisorId: number, by: Side, blocked: boolean): void {
    this.events.publish({ type: 'block_changed', userId, advisorId, by, blocked });
  }
}
