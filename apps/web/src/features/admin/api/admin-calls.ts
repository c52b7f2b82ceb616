/** The admin section's calls (answer only to ADMIN_TELEGRAM_IDS, 403 otherwise), with their cache keys. */
import type { CallAnswer, CallBody } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';

const ADMIN_KEY = 'admin:';

export type AdminAdvisorRow = CallAnswer<'AdminListAdvisors'>['advisors'][number];
export type AdminUserRow = CallAnswer<'AdminListUsers'>['users'][number];
export type AdminDepositRow = CallAnswer<'AdminListDeposits'>['deposits'][number];
export type AdminStarsRow = CallAnswer<'AdminStarsPayments'>['payments'][number];
export type AdminPayoutRow = CallAnswer<'AdminPayouts'>['payouts'][number];
export type SaveAdvisorInput = CallBody<'AdminSaveAdvisor'>;

export function useAdminAdvisors() {
  return useData(`${ADMIN_KEY}advisors`, () => callApi('AdminListAdvisors'));
}

export async function saveAdvisor(body: SaveAdvisorInput) {
  const answer = await callApi('AdminSaveAdvisor', { body });
  invalidate(`${ADMIN_KEY}advisors`);
  return answer.advisor;
}

export async function linkAdvisor(managerId: number, telegramId: number | null) {
  await callApi('AdminLinkAdvisor', { body: { manager_id: managerId, telegram_id: telegramId } });
  invalidate(`${ADMIN_KEY}advisors`);
}

export function useAdminUsers(query: string) {
  return useData(`${ADMIN_KEY}users:${query}`, () => callApi('AdminListUsers', { query: query ? { q: query } : {} }));
}

export function useUserLedger(telegramUserId: number) {
  return useData(`${ADMIN_KEY}ledger:${telegramUserId}`, () => callApi('AdminUserLedger', { query: { telegram_user_id: telegramUserId } }));
}

export async function creditUser(telegramUserId: number, amount: string, reason: string) {
  const answer = await callApi('AdminCredit', { body: { telegram_user_id: telegramUserId, amount, reason } });
  invalidate(`${ADMIN_KEY}users:`);
  return answer;
}

export function useDeposits() {
  return useData(`${ADMIN_KEY}deposits`, () => callApi('AdminListDeposits', { query: {} }));
}

export async function assignDeposit(depositId: number, telegramUserId: number) {
  const answer = await callApi('AdminAssignDeposit', { body: { deposit_id: depositId, telegram_user_id: telegramUserId } });
  invalidate(`${ADMIN_KEY}users:`);
  return answer;
}

export function useStarsPayments(telegramUserId: number | null) {
  return useData(`${ADMIN_KEY}stars:${telegramUserId ?? ''}`, () =>
    callApi('AdminStarsPayments', { query: telegramUserId === null ? {} : { telegram_user_id: telegramUserId } }),
  );
}

export async function refundStars(chargeId: string) {
  const answer = await callApi('AdminRefundStars', { body: { telegram_payment_charge_id: chargeId } });
  invalidate(`${ADMIN_KEY}users:`);
  return answer;
}

export interface Period {
  from: string;
  to: string;
}

function periodQuery(period: Period): { from?: string; to?: string } {
  return { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) };
}

export function usePayouts(period: Period) {
  return useData(`${ADMIN_KEY}payouts:${period.from}:${period.to}`, () => callApi('AdminPayouts', { query: periodQuery(period) }));
}

export async function markPaid(managerId: number, to: string) {
  const answer = await callApi('AdminMarkPaid', { body: { manager_id: managerId, ...(to ? { to } : {}) } });
  invalidate(`${ADMIN_KEY}payouts:`);
  return answer.marked_cents;
}

export function useAudit() {
  return useData(`${ADMIN_KEY}audit`, () => callApi('AdminAudit'));
}
