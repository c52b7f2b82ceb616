/**
 * Which advisors are connected, as the socket reports it. Whether an advisor is online is the
 * advisors module's rule (AdvisorsService.isOnline), which asks this.
 */

export interface PresenceSource {
  /** Whether a linked advisor has a live advisor socket on any instance. */
  isConnected(advisorId: number): boolean;
}

export class NoConnections implements PresenceSource {
  isConnected(): boolean {
    return false;
  }
}
