/**
 * UploadImage.php (multipart, field "file") and GET /api/images/:id. The image URL is the
 * secret (an <img> cannot send the init data): a random UUID, served to whoever holds it.
 */
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { LIMITS } from '@seer/contract';
import type { AuthService } from '../auth/auth.service.js';
import { registerCall } from '../http/register-call.js';
import { BadRequestError } from '../errors.js';
import { ImageTooLargeError, type ImagesService } from './images.service.js';

export async function imagesRoutes(
  app: FastifyInstance,
  auth: AuthService,
  images: ImagesService,
): Promise<void> {
  // Multipart parsing only where it is used: every other call stays JSON-only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: LIMITS.imageMaxBytes,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 50,
      },
      throwFileSizeLimit: true,
    });

    registerCall(scope, auth, 'UploadImage', async ({ identity, request }) => {
      images.checkRate(identity.telegramId);
      if (!request.isMultipart())
        throw new BadRequestError('Send the image as multipart/form-data with a "file" field');
      const file = await request.file();
      if (!file) throw new BadRequestError('file: no file in the upload');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ImageTooLargeError();
        throw error;
      }
      return { status: 'success', image: await images.upload(identity.telegramId, bytes) };
    });
  });

  app.get<{ Params: { id: string } }>('/api/images/:id', async (request, reply) => {
    const image = await images.get(request.params.id);
    const etag = `"${image.id}"`;
    // The bytes behind an id never change: browsers may keep them for good, but no shared cache.
    void reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.mime).send(image.bytes);
  });
}
