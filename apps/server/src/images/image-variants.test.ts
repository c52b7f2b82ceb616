/**
 * GET /api/images/:id?w=: a WebP copy at one of the fixed widths, never enlarged, made once from
 * the stored normalized image and kept; bad widths are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LIMITS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { VariantCache } from './image-variants.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A real photo-like JPEG (a gradient with noise), decodable by any reader. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + ((i / width) | 0)) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(file: Buffer): Promise<string> {
  const boundary = '----seer-variant-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/UploadImage.php',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: t.initData(newUserId()),
    },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { image: { url: string } }).image.url;
}

describe('image variants', () => {
  it('serves a WebP at most the asked width, keeping the shape, with its own etag', async () => {
    const original = await photo(1200, 800);
    const url = await upload(original);
    const response = await t.app.inject({ method: 'GET', url: `${url}?w=128` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([128, 85]);
    expect(response.rawPayload.length).toBeLessThan(original.length / 10);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/-128"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: `${url}?w=128`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // Without a width: the stored image, normalized at upload (a photo stays a JPEG).
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(full.rawPayload).metadata();
    expect([stored.width, stored.height, stored.depth]).toEqual([1200, 800, 'uchar']);
  });

  it('never enlarges a small original', async () => {
    const url = await upload(await photo(100, 60));
    const response = await t.app.inject({ method: 'GET', url: `${url}?w=512` });
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 60]);
  });

  it('refuses widths outside the fixed set with a 400 that names them', async () => {
    const url = await upload(await photo(300, 300));
    for (const w of ['127', '5000', 'abc', '-1', '0', '1e3', '']) {
      const response = await t.app.inject({ method: 'GET', url: `${url}?w=${w}` });
      expect(response.statusCode, `w=${w}`).toBe(400);
    }
    const response = await t.app.inject({ method: 'GET', url: `${url}?w=100` });
    expect(response.json().message).toContain(LIMITS.imageVariantWidths.join(', '));
  });

  it('answers 404 for an unknown id at any width', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/images/00000000-0000-4000-8000-000000000000?w=64',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('makes each width once, from the stored image (not the upload), and keeps it in the database', async () => {
    const url = await upload(await photo(1200, 800));
    const id = url.split('/').pop()!;
    const colourAt = async (width: number, app = t) => {
      const response = await app.app.inject({ method: 'GET', url: `${url}?w=${width}` });
      expect(response.statusCode).toBe(200);
      const { dominant } = await sharp(response.rawPayload).stats();
      return dominant.r > 200 && dominant.b < 60
        ? 'red'
        : dominant.b > 200 && dominant.r < 60
          ? 'blue'
          : 'other';
    };
    const flat = (background: string) =>
      sharp({ create: { width: 1200, height: 800, channels: 3, background } })
        .jpeg()
        .toBuffer();
    // The stored image is what widths are made from: replaced by a red one, widths come out red.
    await t.db.sql`UPDATE images SET bytes = ${await flat('#ff0000')} WHERE id = ${id}`;
    expect(await colourAt(256)).toBe('red');
    const [kept] = await t.db.sql<{ width: number }[]>`
      SELECT width FROM image_variants WHERE image_id = ${id}`;
    expect(kept).toEqual({ width: 256 });

    // Made once: after the stored image changes, that width is still the copy made before, also on
    // another instance (from the database, not its memory); a width not made yet comes out blue.
    await t.db.sql`UPDATE images SET bytes = ${await flat('#0000ff')} WHERE id = ${id}`;
    expect(await colourAt(256)).toBe('red');
    const other = await startTestApp({ db: t.db, seed: false });
    try {
      expect(await colourAt(256, other)).toBe('red');
      expect(await colourAt(128, other)).toBe('blue');
    } finally {
      await other.close();
    }
  });

  it('keeps the memory cache within its bound, dropping the least recently used copy', () => {
    const cache = new VariantCache(250);
    const copy = (size: number) => Buffer.alloc(size);
    const small = copy(50);
    cache.remember('a:64', small);
    cache.remember('a:256', copy(100));
    expect(cache.get('a:64')).toBe(small); // now the most recent
    cache.remember('b:256', copy(100)); // 250 in all: still fits
    cache.remember('c:256', copy(100)); // pushes out the least recent: a:256
    expect(cache.get('a:256')).toBeUndefined();
    expect(cache.get('a:64')).toBe(small);
    cache.remember('d:1024', copy(251)); // larger than the whole cache: not kept
    expect(cache.get('d:1024')).toBeUndefined();
    expect(cache.get('b:256')).toBeDefined();
  });
});
