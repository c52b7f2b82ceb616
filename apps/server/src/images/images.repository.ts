/** SQL for chat images, kept in the database so that every instance can serve them. */
import type { Sql, Tx } from '../db/database.js';

/**
 * How an image row's bytes were stored (migration 021): `normalized` within the limits (decision
 * 035); `original` as uploaded before that, not checked yet; `unreadable` an old original that
 * does not decode within the limits, served as stored.
 */
export type ImageForm = 'original' | 'normalized' | 'unreadable';

export interface StoredImage {
  id: string;
  mime: string;
  bytes: Buffer;
}

export interface ImageRow extends StoredImage {
  width: number;
  height: number;
  form: ImageForm;
}

export class ImagesRepository {
  constructor(private readonly sql: Sql) {}

  /** A new upload, already normalized. */
  async insert(image: {
    id: string;
    uploaderId: number;
    mime: string;
    width: number;
    height: number;
    bytes: Buffer;
  }): Promise<void> {
    await this.sql`
      INSERT INTO images (id, uploader_id, mime, width, height, bytes, form)
      VALUES (${image.id}, ${image.uploaderId}, ${image.mime}, ${image.width}, ${image.height},
              ${image.bytes}, 'normalized')`;
  }

  async exists(id: string, db: Sql | Tx = this.sql): Promise<boolean> {
    const [row] = await db`SELECT 1 FROM images WHERE id = ${id}`;
    return row !== undefined;
  }

  async uploadedBy(id: string, uploaderId: number, db: Sql | Tx = this.sql): Promise<boolean> {
    const [row] = await db`SELECT 1 FROM images WHERE id = ${id} AND uploader_id = ${uploaderId}`;
    return row !== undefined;
  }

  async find(id: string): Promise<ImageRow | null> {
    const [row] = await this.sql<ImageRow[]>`
      SELECT id, mime, bytes, width, height, form FROM images WHERE id = ${id}`;
    return row ?? null;
  }

  /** Replaces an old original by its normalized form (once: another instance may have done it). */
  async replaceOriginal(
    id: string,
    normalized: { mime: string; width: number; height: number; bytes: Buffer },
  ): Promise<void> {
    await this.sql`
      UPDATE images
      SET mime = ${normalized.mime}, width = ${normalized.width}, height = ${normalized.height},
          bytes = ${normalized.bytes}, form = 'normalized'
      WHERE id = ${id} AND form = 'original'`;
  }

  /** Marks an old original that cannot be decoded within the limits, so nobody tries again. */
  async markUnreadable(id: string): Promise<void> {
    await this.sql`UPDATE images SET form = 'unreadable' WHERE id = ${id} AND form = 'original'`;
  }

  async findVariant(imageId: string, width: number): Promise<Buffer | null> {
    const [row] = await this.sql<{ bytes: Buffer }[]>`
      SELECT bytes FROM image_variants WHERE image_id = ${imageId} AND width = ${width}`;
    return row?.bytes ?? null;
  }

  /** Keeps a made width; a copy another instance stored first stays. */
  async insertVariant(imageId: string, width: number, bytes: Buffer): Promise<void> {
    await this.sql`
      INSERT INTO image_variants (image_id, width, bytes) VALUES (${imageId}, ${width}, ${bytes})
      ON CONFLICT (image_id, width) DO NOTHING`;
  }
}
