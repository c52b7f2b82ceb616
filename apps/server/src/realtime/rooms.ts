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

export class Rooms<Member> {
  private readonly members = new Map<string, Set<Member>>();

  join(name: string, member: Member): void {
    let set = this.members.get(name);
    if (!set) this.members.set(name, (set = new Set()));
    set.add(member);
  }

  leave(name: string, member: Member): void {
    const set = this.members.get(name);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.members.delete(name);
  }

  /** The room's members; undefined when empty. */
  of(name: string): ReadonlySet<Member> | undefined {
    return this.members.get(name);
  }

  count(name: string): number {
    return this.members.get(name)?.size ?? 0;
  }
}
