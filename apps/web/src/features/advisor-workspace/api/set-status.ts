/** ManagerSetStatus: online or away (away keeps the advisor offline for users even with the workspace open). */
import { callApi } from '../../../lib/api-client';

export async function setOnline(online: boolean): Promise<boolean> {
  const answer = await callApi('ManagerSetStatus', { body: { online } });
  return answer.online;
}
