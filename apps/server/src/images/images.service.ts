/** Chat images: checked from their bytes and bounded in size, stored, served by unguessable id. */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS } from '@seer/contract';
import type { Tx } from '../db/database.js';
import { AppError, BadRequestError, NotFoundError } from '../errors.js';
import { imageUrl } from '../chat/chat.service.js';
import { ImageFormatError, inspectImage } from './image-format.js';
import { ImageVariants, VARIANT_WIDTHS } from './image-variants.js';
import type { ImagesRepository, StoredImage } from './images.repository.js';

class UnsupportedImageError extends AppError {
  constructor(message: string) {
    super(415, ERROR_CODES.badRequest, message);
  }
}

export class ImageTooLargeError extends AppError {
  constructor() {
    super(
      413,
      ERROR_CODES.payloadTooLarge,
      `Image too large: at most ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`,
    );
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ImagesService {
  private readonly variants = new ImageVariants();

  constructor(private readonly repository: ImagesRepository) {}

  /** Whether an uploaded image exists (read in the caller's transaction when given). */
  async exists(id: string, db?: Tx): Promise<boolean> {
    return this.repository.exists(id, db);
  }

  async upload(
    uploaderId: number,
    bytes: Buffer,
  ): Promise<{ id: string; url: string; width: number; height: number }> {
    if (bytes.length === 0) throw new BadRequestError('file: the upload is empty');
    if (bytes.length > LIMITS.imageMaxBytes) throw new ImageTooLargeError();
    let info;
    try {
      info = inspectImage(bytes);
    } catch (error) {
      if (error instanceof ImageFormatError) {
        throw error.problem === 'unsupported'
          ? new UnsupportedImageError(error.message)
          : new BadRequestError(error.message);
      }
      throw error;
    }
    const max = LIMITS.imageMaxDimension;
    if (info.width < 1 || info.height < 1 || info.width > max || info.height > max) {
      throw new BadRequestError(
        `Image dimensions ${info.width}×${info.height} are out of bounds: 1 to ${max} pixels per side`,
      );
    }
    const id = randomUUID();
    await this.repository.insert({
      id,
      uploaderId,
      mime: info.mime,
      width: info.width,
      height: info.height,
      bytes,
    });
    return { id, url: imageUrl(id)!, width: info.width, height: info.height };
  }

  async get(id: string): Promise<StoredImage> {
    const image = UUID.test(id) ? await this.repository.find(id.toLowerCase()) : null;
    if (!image) throw new NotFoundError('No such image');
    return image;
  }

  /**
   * The image as WebP at most `width` pixels wide (one of the contract's variant widths). An
   * original the resizer cannot read (its header passed the upload check, its body did not) is
   * served as it is rather than failing.
   */
  async variant(id: string, width: number): Promise<StoredImage> {
    if (!VARIANT_WIDTHS.includes(width)) {
      throw new BadRequestError(`w: must be one of ${VARIANT_WIDTHS.join(', ')}`);
    }
    const image = await this.get(id);
    try {
      const bytes = await this.variants.webp(image.id, image.bytes, width);
      return { id: image.id, mime: 'image/webp', bytes };
    } catch {
      return image;
    }
  }
}
