/**
 * SQL of images' part in a deletion: the user's uploads and their variants are deleted. The
 * modules that refer to images (chat's messages, applications' photos) erase before this one
 * (reverse build order), so no kept row points at them.
 */
import type { PersonalData } from '../kernel/module.js';

export const imagesPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    images: await sql`
      SELECT id, mime, width, height, created_at FROM images
      WHERE uploader_id = ${telegramId} ORDER BY created_at`,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`
      DELETE FROM image_variants WHERE image_id IN (SELECT id FROM images WHERE uploader_id = ${telegramId})`;
    await tx`DELETE FROM images WHERE uploader_id = ${telegramId}`;
  },
});
