/** GET /api/images/:id?w=: a WebP copy at one of the fixed widths, never enlarged, cached; bad widths are 400. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LIMITS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { pngImage } from './image-fixtures.js';
import { ImageVariants, resizeToWebp } from './image-variants.js';

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
    // The original is still served as uploaded.
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.rawPayload.equals(original)).toBe(true);
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

  it('serves the original when its body cannot be decoded, and 404 for an unknown id', async () => {
    // The fixture has a valid PNG header (it passes the upload check) but no real pixel data.
    const boundary = '----seer-variant-boundary';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/UploadImage.php',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: t.initData(newUserId()),
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        pngImage(64, 64),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const url = (response.json() as { image: { url: string } }).image.url;
    const variant = await t.app.inject({ method: 'GET', url: `${url}?w=64` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/png');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/images/00000000-0000-4000-8000-000000000000?w=64',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the cache within its bound, dropping the least recently used copy', async () => {
    const a = await photo(400, 400);
    const small = (await resizeToWebp(a, 64)).length;
    const large = (await resizeToWebp(a, 256)).length;
    // Room for both, not for a third copy as large as the 256 px one.
    const variants = new ImageVariants(small + large + large - 1);
    const first = await variants.webp('a', a, 64);
    expect(await variants.webp('a', a, 64)).toBe(first); // from the cache
    await variants.webp('a', a, 256);
    expect(await variants.webp('a', a, 64)).toBe(first); // still there, now the most recent
    await variants.webp('b', a, 256);
    await variants.webp('c', a, 256);
    expect(await variants.webp('a', a, 64)).not.toBe(first); // pushed out, made again
  });
});
