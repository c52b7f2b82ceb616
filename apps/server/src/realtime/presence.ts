/**
 * Who is online. Demo advisors not linked to a person follow their demo flag; a linked
 * advisor is online while connected (reported by the socket) and not away.
 */
import type { AdvisorRecord } from '../advisors/advisors.repository.js';

export interface PresenceSource {
  /** Whether a linked advisor has a live advisor socket on any instance. */
  isConnected(advisorId: number): boolean;
}

export class NoConnections implements PresenceSource {
  isConnected(): boolean {
    return false;
  }
}

export function isAdvisorOnline(advisor: AdvisorRecord, presence: PresenceSource): boolean {
  if (!advisor.is_active || advisor.is_away) return false;
  if (advisor.telegram_id === null) return advisor.is_demo && advisor.demo_online;
  return presence.isConnected(advisor.id);
}
