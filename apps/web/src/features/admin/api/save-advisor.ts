/** AdminSaveAdvisor: create (no id) or edit an advisor; is_active=false deactivates; avatar_image_id from UploadImage.php. */
import type { CallBody } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { advisorsKey } from './keys';

export async function saveAdvisor(body: CallBody<'AdminSaveAdvisor'>) {
  const answer = await callApi('AdminSaveAdvisor', { body });
  invalidate(advisorsKey);
  return answer.advisor;
}
