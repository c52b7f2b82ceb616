/**
 * Rooms: named sets of live sockets that a frame is sent to. A socket joins
 * - `user:<telegram id>` when it signs in (every socket of a user hears of their dialogs and balance),
 * - `advisor:<id>` when it connects as that advisor's inbox,
 * - `dialog:<user>:<advisor>` when it subscribes to one dialog, and
 * - `watch:<advisor id>` while it watches at least one dialog with that advisor (presence badges).
 * Who may join is decided by the domain services (see SocketAccess in socket-hub.ts); this index only
 * keeps membership.
 */
export const room = {
  user: (telegramId: number) => `user:${telegramId}`,
  advisor: (advisorId: number) => `advisor:${advisorId}`,
  dialog: (userId: number, advisorId: number) => `dialog:${userId}:${advisorId}`,
  advisorWatchers: (advisorId: number) => `watch:${advisorId}`,
} as const;

/** A room's members: what deliveries iterate, with their count. */
export interface Members<Member> extends Iterable<Member> {
  readonly size: number;
}

/** A room of one, seen as its members. */
class OneMember<Member> implements Members<Member> {
  readonly size = 1;
  constructor(private readonly member: Member) {}
  *[Symbol.iterator](): Iterator<Member> {
    yield this.member;
  }
}

/**
 * Membership by room name. Most rooms have one member (a user's one socket, one advisor's inbox),
 * so a room of one keeps its member without a Set: about 150 bytes less per idle socket
 * (docs/decisions/058-paid-sends-at-the-database-rate.md). A member must not itself be a Set.
 */
export class Rooms<Member> {
  private readonly members = new Map<string, Member | Set<Member>>();

  join(name: string, member: Member): void {
    const present = this.members.get(name);
    if (present === undefined) this.members.set(name, member);
    else if (present instanceof Set) present.add(member);
    else if (present !== member) this.members.set(name, new Set([present, member]));
  }

  leave(name: string, member: Member): void {
    const present = this.members.get(name);
    if (present === undefined) return;
    if (!(present instanceof Set)) {
      if (present === member) this.members.delete(name);
      return;
    }
    present.delete(member);
    if (present.size === 1) this.members.set(name, present.values().next().value as Member);
    else if (present.size === 0) this.members.delete(name);
  }

  /** The room's members; undefined when empty. */
  of(name: string): Members<Member> | undefined {
    const present = this.members.get(name);
    if (present === undefined) return undefined;
    return present instanceof Set ? present : new OneMember(present);
  }

  count(name: string): number {
    const present = this.members.get(name);
    if (present === undefined) return 0;
    return present instanceof Set ? present.size : 1;
  }
}
