/**
 * An advisor's portrait as a square JPEG, for the thumbnails of Telegram's inline results and
 * shared cards. Telegram shows result thumbnails as JPEG and does not draw SVG, while the demo
 * portraits are SVG and uploaded ones may be PNG or WebP. Made with sharp on first request and
 * kept per portrait; sharp is loaded only when a thumbnail is first asked for.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdvisorsService } from '../advisors/index.js';
import type { ImagesService } from '../images/index.js';
import { NotFoundError } from '../errors.js';
import { AVATARS_DIR } from '../paths.js';

/** Telegram shows inline thumbnails small; 256 px is sharp on any phone. */
export const THUMBNAIL_SIZE = 256;
const DEFAULT_AVATAR = '/avatars/default.svg';
/** Portraits kept (each about 10–20 KB). */
const MAX_KEPT = 300;

const BUNDLED_AVATAR = /^\/avatars\/([a-z0-9-]+)\.svg$/;
const UPLOADED_IMAGE = /^\/api\/images\/([0-9a-fA-F-]{36})$/;

export class AdvisorThumbnails {
  /** By portrait address; concurrent first requests share one making. */
  private readonly made = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly advisors: Pick<AdvisorsService, 'cachedRecord'>,
    private readonly images: Pick<ImagesService, 'get'>,
    private readonly avatarsDir = AVATARS_DIR,
  ) {}

  /** The JPEG thumbnail of an active advisor's portrait; NotFoundError for anyone else. */
  async jpeg(advisorId: number): Promise<Buffer> {
    const record = await this.advisors.cachedRecord(advisorId);
    if (!record) throw new NotFoundError(`Advisor ${advisorId} not found`);
    const source = record.avatar_url || DEFAULT_AVATAR;
    let making = this.made.get(source);
    if (!making) {
      making = this.make(source);
      if (this.made.size >= MAX_KEPT) this.made.clear();
      this.made.set(source, making);
      // A failure is not kept: the next request tries again.
      making.catch(() => this.made.delete(source));
    }
    return making;
  }

  private async make(source: string): Promise<Buffer> {
    const { default: sharp } = await import('sharp');
    const original = await this.portrait(source);
    return (
      sharp(original, { density: 144, failOn: 'error' })
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
        // JPEG has no transparency: a transparent portrait stands on white.
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer()
    );
  }

  /** The portrait's bytes: a bundled SVG, an uploaded image, or the default portrait. */
  private async portrait(source: string): Promise<Buffer> {
    const uploaded = UPLOADED_IMAGE.exec(source);
    if (uploaded) return (await this.images.get(uploaded[1]!)).bytes;
    const bundled = BUNDLED_AVATAR.exec(source) ?? BUNDLED_AVATAR.exec(DEFAULT_AVATAR)!;
    return readFile(path.join(this.avatarsDir, `${bundled[1]}.svg`)).catch(() =>
      readFile(path.join(this.avatarsDir, 'default.svg')),
    );
  }
}
