/** SQL for chat images, kept in the database so that every instance can serve them. */
import type { Sql, Tx } from '../db/database.js';

export interface StoredImage {
  id: string;
  mime: string;
  bytes: Buffer;
}

export class ImagesRepository {
  constructor(private readonly sql: Sql) {}

  async insert(image: {
    id: string;
    uploaderId: number;
    mime: string;
    width: number;
    height: number;
    bytes: Buffer;
  }): Promise<void> {
    await this.sql`
      INSERT INTO images (id, uploader_id, mime, width, height, bytes)
      VALUES (${image.id}, ${image.uploaderId}, ${image.mime}, ${image.width}, ${image.height}, ${image.bytes})`;
  }

  async exists(id: string, db: Sql | Tx = this.sql): Promise<boolean> {
    const [row] = await db`SELECT 1 FROM images WHERE id = ${id}`;
    return row !== undefined;
  }

  async find(id: string): Promise<StoredImage | null> {
    const [row] = await this.sql<
      StoredImage[]
    >`SELECT id, mime, bytes FROM images WHERE id = ${id}`;
    return row ?? null;
  }
}
