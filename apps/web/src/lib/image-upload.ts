/** UploadImage.php: a picture as multipart/form-data (field "file"), checked here first for a clear message. */
import { LIMITS, type CallAnswer } from '@seer/contract';
import { ApiError, apiRequest } from './api-client';

export const UPLOADABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Throws ApiError with code `unsupported_type` or `too_large` before sending anything the server would refuse. */
export async function uploadPicture(file: File): Promise<CallAnswer<'UploadImage'>['image']> {
  if (!UPLOADABLE_IMAGE_TYPES.includes(file.type))
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
