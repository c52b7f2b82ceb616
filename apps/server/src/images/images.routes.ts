/**
 * UploadImage.php (multipart, field "file") and GET /api/images/:id. The image URL is the
 * secret (an <img> cannot send the init data): a random UUID, served to whoever holds it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { ERROR_CODES, LIMITS } from '@seer/contract';
import type { AuthService } from '../auth/index.js';
import { registerCall } from '../http/register-call.js';
import { AppError, BadRequestError } from '../errors.js';
import { ImageTooLargeError, type ImagesService } from './images.service.js';
import type { RateLimiter } from '../rate-limits/rate-limits.js';

const MULTIPART_HINT = 'Send the image as multipart/form-data with a "file" field';

/** An upload sent as anything but multipart/form-data (415, like Fastify's own refusal). */
class UploadMediaTypeError extends AppError {
  constructor(contentType: string | undefined) {
    super(
      415,
      ERROR_CODES.badRequest,
      `${contentType ? `Content-Type ${contentType.split(';')[0]} is not accepted here` : 'No Content-Type'}: ${MULTIPART_HINT}`,
    );
  }
}

/**
 * The parser (busboy) fails with plain errors on a malformed body — no boundary, cut off before
 * the closing boundary, a broken part header. Those are the sender's fault: a 400 that says what
 * is wrong. Errors that already carry a 4xx (Fastify's part limits: 413) keep it.
 */
function malformedUpload(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode, message } = error as {
    code?: string;
    statusCode?: number;
    message?: string;
  };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ImageTooLargeError();
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  const text = String(message ?? '');
  if (/boundary not found/i.test(text))
    return new BadRequestError('Malformed multipart body: the Content-Type header has no boundary');
  if (/unexpected end|premature close|aborted/i.test(text))
    return new BadRequestError(
      'Malformed multipart body: it ended before its closing boundary (incomplete upload)',
    );
  return new BadRequestError(`Malformed multipart body: ${text || 'cannot be read'}`);
}

/** The one uploaded file's bytes, or a 4xx naming what is wrong with the upload. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new UploadMediaTypeError(request.headers['content-type']);
  try {
    const file = await request.file();
    if (!file) throw new BadRequestError('file: no file in the upload');
    return await file.toBuffer();
  } catch (error) {
    throw malformedUpload(error);
  }
}

/**
 * Aborts when the client goes away before its answer was sent, so image work still waiting for it
 * is dropped (decision 035).
 */
function untilClientGoes(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export async function imagesRoutes(
  app: FastifyInstance,
  auth: AuthService,
  images: ImagesService,
  limits: RateLimiter,
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
    // Any other body type reaches the handler unread, to be refused there with the hint above.
    scope.addContentTypeParser('*', (request, _payload, done) =>
      done(new UploadMediaTypeError(request.headers['content-type'])),
    );

    registerCall(scope, auth, 'UploadImage', async ({ identity, request, reply }) => {
      await limits.take('imageUpload', identity.telegramId);
      const signal = untilClientGoes(reply);
      const bytes = await readUploadedFile(request);
      return {
        status: 'success',
        image: await images.upload(identity.telegramId, bytes, signal),
      };
    });
  });

  // `?w=<width>`: a WebP copy at most that wide, for avatars and previews (sharp on 2× screens).
  // Without it: the stored image, normalized at upload (at most 4096 px per side, JPEG or PNG).
  app.get<{ Params: { id: string }; Querystring: { w?: string } }>(
    '/api/images/:id',
    async (request, reply) => {
      const { w } = request.query;
      if (w !== undefined && !/^[1-9][0-9]{0,4}$/.test(w)) {
        throw new BadRequestError('w: a width in pixels, e.g. w=128');
      }
      const signal = untilClientGoes(reply);
      const image =
        w === undefined
          ? await images.get(request.params.id, signal)
          : await images.variant(request.params.id, Number(w), signal);
      const etag = `"${image.id}${w === undefined ? '' : `-${w}`}"`;
      // The bytes behind an id never change: browsers may keep them for good, but no shared cache.
      void reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(image.mime).send(image.bytes);
    },
  );
}
