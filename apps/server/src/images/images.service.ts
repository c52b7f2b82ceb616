/**
 * Chat images: checked from their bytes, decoded once within limits and stored normalized, served
 * by unguessable id at fixed widths made once each (decision 035).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS } from '@seer/contract';
import type { Tx } from '../db/database.js';
import { AppError, BadRequestError, NotFoundError } from '../errors.js';
import { ImageFormatError, inspectImage } from './image-format.js';
import { ClientGoneError, ImageJobs, SharedWork } from './image-jobs.js';
import {
  checkDecodeLimits,
  ImageRejectedError,
  normalizeImage,
  readImageHeader,
  resizeToWebp,
  type ImageHeader,
} from './image-processing.js';
import { VARIANT_WIDTHS, VariantCache } from './image-variants.js';
import type { ImageRow, ImagesRepository, StoredImage } from './images.repository.js';

/** Where an image is served (images.routes.ts); null for none. */
export function imageUrl(imageId: string | null): string | null {
  return imageId ? `/api/images/${imageId}` : null;
}

class UnsupportedImageError extends AppError {
  constructor(message: string) {
    super(415, ERROR_CODES.badRequest, message);
  }
}

export class ImageTooLargeError extends AppError {
  constructor(message = `Image too large: at most ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`) {
    super(413, ERROR_CODES.payloadTooLarge, message);
  }
}

/** How many image jobs run at once and how many may wait (IMAGE_JOBS, IMAGE_QUEUE). */
export interface ImageJobLimits {
  concurrent: number;
  queued: number;
}

export const DEFAULT_IMAGE_JOB_LIMITS: ImageJobLimits = { concurrent: 1, queued: 10 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the sender is told about an image refused by its bytes. */
function refusal(error: unknown): unknown {
  if (error instanceof ImageFormatError) {
    return error.problem === 'unsupported'
      ? new UnsupportedImageError(error.message)
      : new BadRequestError(error.message);
  }
  if (error instanceof ImageRejectedError) {
    return error.reason === 'too_large'
      ? new ImageTooLargeError(error.message)
      : new BadRequestError(error.message);
  }
  return error;
}

function isRefusedImage(error: unknown): boolean {
  return error instanceof ImageFormatError || error instanceof ImageRejectedError;
}

export class ImagesService {
  private readonly jobs: ImageJobs;
  private readonly recent = new VariantCache();
  /** Concurrent requests for one old original share its normalization, and for one width its making. */
  private readonly normalizing = new SharedWork<ImageRow>();
  private readonly making = new SharedWork<StoredImage>();

  constructor(
    private readonly repository: ImagesRepository,
    limits: ImageJobLimits = DEFAULT_IMAGE_JOB_LIMITS,
  ) {
    this.jobs = new ImageJobs(limits.concurrent, limits.queued);
  }

  /** Image jobs running and waiting on this instance now. */
  get jobLoad(): { running: number; waiting: number } {
    return this.jobs.load;
  }

  /** Whether an uploaded image exists (read in the caller's transaction when given). */
  async exists(id: string, db?: Tx): Promise<boolean> {
    return this.repository.exists(id, db);
  }

  /** Whether this person uploaded the image: only their own upload may become their photo. */
  async uploadedBy(id: string, uploaderId: number, db?: Tx): Promise<boolean> {
    return this.repository.uploadedBy(id, uploaderId, db);
  }

  /**
   * Checks the header (type, size, decoding memory) without decoding, then decodes once in an
   * image job and stores the normalized image. Nothing is stored for a client that has gone.
   */
  async upload(
    uploaderId: number,
    bytes: Buffer,
    signal?: AbortSignal,
  ): Promise<{ id: string; url: string; width: number; height: number }> {
    if (bytes.length === 0) throw new BadRequestError('file: the upload is empty');
    if (bytes.length > LIMITS.imageMaxBytes) throw new ImageTooLargeError();
    let normalized;
    try {
      const header = await this.checkedHeader(bytes);
      normalized = await this.jobs.run(() => normalizeImage(bytes, header), signal);
    } catch (error) {
      throw refusal(error);
    }
    if (signal?.aborted) throw new ClientGoneError();
    const id = randomUUID();
    await this.repository.insert({ id, uploaderId, ...normalized });
    return { id, url: imageUrl(id)!, width: normalized.width, height: normalized.height };
  }

  /** The stored image; an old original is normalized first (once; see `normalizeOriginal`). */
  async get(id: string, signal?: AbortSignal): Promise<ImageRow> {
    const image = UUID.test(id) ? await this.repository.find(id.toLowerCase()) : null;
    if (!image) throw new NotFoundError('No such image');
    if (image.form !== 'original') return image;
    return this.normalizing.run(image.id, signal, (jobSignal) =>
      this.normalizeOriginal(image, jobSignal),
    );
  }

  /**
   * The image as WebP at most `width` pixels wide and high (one of the contract's variant widths),
   * made from the stored normalized image at most once: kept in the database, recent ones also in
   * memory. An old original that cannot be decoded within the limits is served as stored.
   */
  async variant(id: string, width: number, signal?: AbortSignal): Promise<StoredImage> {
    if (!VARIANT_WIDTHS.includes(width)) {
      throw new BadRequestError(`w: must be one of ${VARIANT_WIDTHS.join(', ')}`);
    }
    if (!UUID.test(id)) throw new NotFoundError('No such image');
    const imageId = id.toLowerCase();
    const key = `${imageId}:${width}`;
    const recent = this.recent.get(key);
    if (recent) return { id: imageId, mime: 'image/webp', bytes: recent };
    return this.making.run(key, signal, async (jobSignal) => {
      let bytes = await this.repository.findVariant(imageId, width);
      if (!bytes) {
        const image = await this.get(imageId, jobSignal);
        if (image.form === 'unreadable') return image;
        bytes = await this.jobs.run(() => resizeToWebp(image.bytes, width), jobSignal);
        await this.repository.insertVariant(imageId, width, bytes);
      }
      this.recent.remember(key, bytes);
      return { id: imageId, mime: 'image/webp', bytes };
    });
  }

  /**
   * Type and size from the bytes, then libvips' header: everything that can be refused without
   * decoding a pixel. Throws ImageFormatError or ImageRejectedError.
   */
  private async checkedHeader(bytes: Buffer): Promise<ImageHeader> {
    const info = inspectImage(bytes);
    const max = LIMITS.imageMaxDimension;
    if (info.width < 1 || info.height < 1 || info.width > max || info.height > max) {
      throw new ImageRejectedError(
        'too_large',
        `Image dimensions ${info.width}×${info.height} are out of bounds: 1 to ${max} pixels per side`,
      );
    }
    const header = await readImageHeader(bytes);
    checkDecodeLimits(header);
    return header;
  }

  /**
   * An image stored as uploaded before decision 035, normalized the first time it is asked for
   * and stored so (the original is replaced). One that does not pass today's checks is marked
   * unreadable and served as stored from then on, never decoded again.
   */
  private async normalizeOriginal(image: ImageRow, signal: AbortSignal): Promise<ImageRow> {
    try {
      const header = await this.checkedHeader(image.bytes);
      const normalized = await this.jobs.run(() => normalizeImage(image.bytes, header), signal);
      await this.repository.replaceOriginal(image.id, normalized);
      return { id: image.id, ...normalized, form: 'normalized' };
    } catch (error) {
      if (!isRefusedImage(error)) throw error;
      await this.repository.markUnreadable(image.id);
      return { ...image, form: 'unreadable' };
    }
  }
}
