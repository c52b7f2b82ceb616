/**
 * Images that cannot be used as bombs (decision 035): a pixel bomb is refused from its header,
 * a large image is decoded once and stored capped at 4096 px and 8 bits, image work waits in a
 * short queue that answers 503 when full and drops work for clients that have gone, and images
 * stored before all this keep working.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CALLS } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { pngImage, sixteenBitPng, undecodablePng } from './image-fixtures.js';

let t: LiveApp;
/** 8000 × 8000 at 16 bits per channel: about 0.6 MB sent, 367 MB once decoded. */
let bomb: Buffer;
/** 5000 × 3200 at 16 bits: 92 MB decoded, within the limits, larger than the 4096 px cap. */
let large: Buffer;

beforeAll(async () => {
  // One image job at a time and none waiting: the second concurrent upload is refused.
  t = await startLiveApp({ env: { IMAGE_JOBS: '1', IMAGE_QUEUE: '0' } });
  [bomb, large] = await Promise.all([sixteenBitPng(8000, 8000), sixteenBitPng(5000, 3200)]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = '----seer-bomb-boundary';
function multipartBody(file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function upload(userId: number, file: Buffer) {
  const response = await fetch(`${t.base}/api/UploadImage.php`, {
    method: 'POST',
    headers: {
      authorization: t.initData(userId),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body: multipartBody(file),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown> & { code?: string; message?: string },
  };
}

async function storedImages(userId: number) {
  return t.db.sql<{ mime: string; width: number; height: number; form: string; bytes: Buffer }[]>`
    SELECT mime, width, height, form, bytes FROM images WHERE uploader_id = ${userId}`;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const jobLoad = () => t.services.images.jobLoad;

describe('an upload', () => {
  it('that is a pixel bomb is refused from its header, before any image job; a full queue answers 503 busy', async () => {
    // A large upload holds the only image job...
    const holder = newUserId();
    const holding = upload(holder, large);
    await until(() => jobLoad().running === 1, 'the large upload is decoding');

    // ...and the bomb is still refused at once with a 413 that says why: no job was needed.
    const attacker = newUserId();
    const refused = await upload(attacker, bomb);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ status: 'error', code: 'payload_too_large' });
    expect(refused.body.message).toMatch(
      /^Image too large to process: 8000×8000 pixels at 16 bits per channel would take 367 MB to decode, at most 96 MB/,
    );
    expect(jobLoad().running).toBe(1);

    // A valid image that needs a job finds none free and no room to wait: 503 busy, Retry-After.
    const late = newUserId();
    const busy = await upload(late, pngImage(300, 200));
    expect(busy.status).toBe(503);
    expect(busy.retryAfter).toBe('2');
    expect(busy.body).toMatchObject({ status: 'error', code: 'busy' });
    expect(busy.body.message).toMatch(/busy processing other images; nothing was done/);

    expect((await holding).status).toBe(200);
    expect(await storedImages(attacker)).toHaveLength(0);
    expect(await storedImages(late)).toHaveLength(0);
    // Asked again after the wait, it goes through.
    expect((await upload(late, pngImage(300, 200))).status).toBe(200);
  }, 60_000);

  it('of a large 16-bit image is decoded once and stored capped at 4096 px, 8 bits, without metadata', async () => {
    const userId = newUserId();
    const answer = await upload(userId, large);
    expect(answer.status).toBe(200);
    const { image } = CALLS.UploadImage.answer.parse(answer.body);
    expect(image).toMatchObject({ width: 4096, height: 2621 });

    const [row] = await storedImages(userId);
    expect(row).toMatchObject({
      mime: 'image/jpeg',
      width: 4096,
      height: 2621,
      form: 'normalized',
    });
    const stored = await sharp(row!.bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 4096, height: 2621, depth: 'uchar' });
    expect(stored.exif).toBeUndefined();
    expect(row!.bytes.length).toBeLessThan(1024 * 1024);

    // The full-size answer is the stored image; no width is made from the upload.
    const full = await fetch(`${t.base}${image.url}`);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await full.arrayBuffer()).equals(row!.bytes)).toBe(true);
  }, 60_000);

  it('with transparency keeps it, at 8 bits', async () => {
    const userId = newUserId();
    const answer = await upload(userId, await sixteenBitPng(3000, 2000, { alpha: true }));
    expect(answer.status).toBe(200);
    const [row] = await storedImages(userId);
    expect(row).toMatchObject({ mime: 'image/png', width: 3000, height: 2000 });
    const stored = await sharp(row!.bytes).metadata();
    expect(stored).toMatchObject({ format: 'png', depth: 'uchar', hasAlpha: true });
  }, 60_000);

  it('whose client goes away while it waits for an image job is dropped: never decoded, never stored', async () => {
    await t.close();
    t = await startLiveApp({ env: { IMAGE_JOBS: '1', IMAGE_QUEUE: '5' } });
    const holder = newUserId();
    const holding = upload(holder, large);
    await until(() => jobLoad().running === 1, 'the large upload is decoding');

    // A second upload, sent whole over a raw socket, waits in the queue; then its client leaves.
    const leaver = newUserId();
    const body = multipartBody(pngImage(640, 480));
    const socket = net.connect(Number(new URL(t.base).port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST /api/UploadImage.php HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.initData(leaver)}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
    await until(() => jobLoad().waiting === 1, 'the second upload waits');
    socket.destroy();
    await until(() => jobLoad().waiting === 0, 'the abandoned upload leaves the queue');
    // It left the queue without taking the slot: the large upload is still the one running.
    expect(jobLoad().running).toBe(1);

    expect((await holding).status).toBe(200);
    expect(jobLoad()).toEqual({ running: 0, waiting: 0 });
    expect(await storedImages(leaver)).toHaveLength(0);
    expect(await storedImages(holder)).toHaveLength(1);
  }, 60_000);
});

describe('an image stored before decision 035', () => {
  async function storeOriginal(bytes: Buffer, mime: string, width: number, height: number) {
    const id = randomUUID();
    // Stored as the code before decision 035 stored it: today's upload normalizes, so only SQL can.
    await t.db.sql`
      INSERT INTO images (id, uploader_id, mime, width, height, bytes, form)
      VALUES (${id}, ${newUserId()}, ${mime}, ${width}, ${height}, ${bytes}, 'original')`;
    return id;
  }
  const row = async (id: string) =>
    (
      await t.db.sql<{ mime: string; width: number; form: string; bytes: Buffer }[]>`
        SELECT mime, width, form, bytes FROM images WHERE id = ${id}`
    )[0]!;

  it('is normalized the first time it is asked for, then served like a new one', async () => {
    const id = await storeOriginal(large, 'image/png', 5000, 3200);
    const variant = await fetch(`${t.base}/api/images/${id}?w=256`);
    expect(variant.status).toBe(200);
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 164]);
    expect(await row(id)).toMatchObject({ mime: 'image/jpeg', width: 4096, form: 'normalized' });

    const small = await storeOriginal(pngImage(40, 30), 'image/png', 40, 30);
    const full = await fetch(`${t.base}/api/images/${small}`);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(await row(small)).toMatchObject({ mime: 'image/jpeg', width: 40, form: 'normalized' });
  }, 60_000);

  it('that is a bomb or does not decode is served as stored, never decoded again nor resized', async () => {
    for (const original of [bomb, undecodablePng(64, 64)]) {
      const id = await storeOriginal(original, 'image/png', 8000, 8000);
      for (const url of [`/api/images/${id}?w=64`, `/api/images/${id}`, `/api/images/${id}?w=64`]) {
        const served = await fetch(`${t.base}${url}`);
        expect(served.status, url).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
      }
      expect((await row(id)).form).toBe('unreadable');
      const variants = await t.db.sql`SELECT 1 FROM image_variants WHERE image_id = ${id}`;
      expect(variants).toHaveLength(0);
    }
  }, 60_000);
});
