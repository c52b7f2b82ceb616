/** AdminLinkAdvisor: link an advisor to a Telegram id (null unlinks); linking again moves the link. */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { advisorsKey } from './keys';

export async function linkAdvisor(managerId: number, telegramId: number | null): Promise<void> {
  await callApi('AdminLinkAdvisor', { body: { manager_id: managerId, telegram_id: telegramId } });
  invalidate(advisorsKey);
}
