/**
 * AdminPayouts.php?format=csv: the server's CSV export, fetched with the session's token (a plain
 * link cannot carry it) and handed to the browser as a file download.
 */
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import type { Period } from './payouts';

export async function downloadPayoutsCsv(period: Period): Promise<void> {
  const params = new URLSearchParams({ format: 'csv' });
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  let response: Response;
  try {
    response = await fetch(`/api/AdminPayouts.php?${params}`, {
      headers: { authorization: `Bearer ${(await getSession()).token}`, accept: 'text/csv' },
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(
      response.status,
      answer.code ?? 'error',
      answer.message ?? `HTTP ${response.status}`,
    );
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'seer-payouts.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
