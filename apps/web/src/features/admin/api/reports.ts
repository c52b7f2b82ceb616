/** AdminReports, AdminDecideReport, AdminLiftSuspension (decision 048). */
import type { ReportAction } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

const reportsPrefix = `${ADMIN_KEY}reports:`;

export function useReports(status: 'open' | 'closed') {
  return useData(`${reportsPrefix}${status}`, () => callApi('AdminReports', { query: { status } }));
}

export async function decideReport(reportId: number, action: ReportAction, note: string) {
  const answer = await callApi('AdminDecideReport', {
    body: { report_id: reportId, action, ...(note.trim() ? { note: note.trim() } : {}) },
  });
  invalidate(reportsPrefix);
  invalidate(`${ADMIN_KEY}advisors`);
  invalidate(`${ADMIN_KEY}audit`);
  return answer;
}

export async function liftSuspension(telegramUserId: number) {
  const answer = await callApi('AdminLiftSuspension', {
    body: { telegram_user_id: telegramUserId },
  });
  invalidate(reportsPrefix);
  return answer;
}
