/** UploadImage: a chat picture as multipart/form-data (field "file"), before CreateMessage sends it. */
import type { CallAnswer } from '@seer/contract';
import { LIMITS } from '@seer/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export async function uploadImage(file: File): Promise<CallAnswer<'UploadImage'>['image']> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type))
    throw new ApiError(0, 'unsupported_type', 'unsupported_type');
  if (file.size > LIMITS.imageMaxBytes) throw new ApiError(0, 'too_large', 'too_large');
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  const answer = (await apiRequest('/api/UploadImage.php', {
    method: 'POST',
    body: form,
  })) as CallAnswer<'UploadImage'>;
  return answer.image;
}
