/** Image messages: upload checked from the bytes, served by unguessable URL, sent and billed like text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, LIMITS, type Advisor } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { inspectImage } from './image-format.js';
import { jpegImage, pngImage, undecodablePng, webpImage } from './image-fixtures.js';

let t: TestApp;
let advisor: Advisor;
beforeAll(async () => {
  t = await startTestApp();
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/GetAllManagers.php',
    headers: { authorization: t.initData(newUserId()) },
  });
  advisor = CALLS.GetAllManagers.answer.parse(list.json()).data.managers[0]!;
});
afterAll(async () => {
  await t?.close();
});

function multipart(
  file: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----seer-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  userId: number,
  file: Buffer,
  filename?: string,
  contentType?: string,
  path = '/api/UploadImage.php',
) {
  const body = multipart(file, filename, contentType);
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...body.headers, authorization: t.initData(userId) },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('reading images from their bytes', () => {
  it('finds type and size of JPEG, PNG and the three WebP kinds', () => {
    expect(inspectImage(jpegImage(640, 480))).toEqual({
      mime: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(inspectImage(pngImage(3, 2))).toEqual({ mime: 'image/png', width: 3, height: 2 });
    expect(inspectImage(webpImage(300, 200, 'VP8L'))).toEqual({
      mime: 'image/webp',
      width: 300,
      height: 200,
    });
    expect(inspectImage(webpImage(301, 201, 'VP8 '))).toEqual({
      mime: 'image/webp',
      width: 301,
      height: 201,
    });
    expect(inspectImage(webpImage(5000, 7000, 'VP8X'))).toEqual({
      mime: 'image/webp',
      width: 5000,
      height: 7000,
    });
  });

  it('refuses other formats and damaged files', () => {
    expect(() => inspectImage(Buffer.from('GIF89a\x01\x00\x01\x00'))).toThrow(/JPEG, PNG or WebP/);
    expect(() => inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(
      /JPEG, PNG or WebP/,
    );
    expect(() => inspectImage(pngImage(3, 2).subarray(0, 40))).toThrow(/damaged/);
    expect(() => inspectImage(jpegImage(3, 2).subarray(0, 30))).toThrow(/damaged/);
    expect(() => inspectImage(webpImage(3, 2).subarray(0, 24))).toThrow(/damaged/);
  });
});

describe('UploadImage.php', () => {
  it.each(['/api/UploadImage.php', '/UploadImage.php'])(
    'stores an image at %s and serves it with long cache headers',
    async (path) => {
      const userId = newUserId();
      const png = pngImage(40, 30);
      // The name and declared type say JPEG; the bytes are a PNG, and the bytes win.
      const answer = await upload(userId, png, 'holiday.jpg', 'image/jpeg', path);
      expect(answer.status).toBe(200);
      const { image } = CALLS.UploadImage.answer.parse(answer.body);
      expect(image).toMatchObject({ width: 40, height: 30 });
      expect(image.url).toBe(`/api/images/${image.id}`);

      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      // Stored normalized (decision 035): an opaque image is kept as JPEG, without its metadata.
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['cache-control']).toMatch(/private/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(inspectImage(served.rawPayload)).toEqual({
        mime: 'image/jpeg',
        width: 40,
        height: 30,
      });
      const again = await t.app.inject({
        method: 'GET',
        url: image.url,
        headers: { 'if-none-match': served.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it('refuses what is not an accepted image, with a 4xx that says why', async () => {
    const userId = newUserId();
    const gif = await upload(
      userId,
      Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'),
      'x.png',
      'image/png',
    );
    expect(gif.status).toBe(415);
    expect(gif.body.message).toMatch(/JPEG, PNG or WebP/);
    const huge = await upload(userId, pngImage(LIMITS.imageMaxDimension + 1, 10));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/out of bounds/);
    const broken = await upload(userId, jpegImage(10, 10).subarray(0, 40));
    expect(broken.status).toBe(400);
    // Header and chunks fine, pixel data cut short: refused when decoded, before anything is stored.
    const undecodable = await upload(userId, undecodablePng(64, 64));
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toMatchObject({
      code: 'bad_request',
      message: 'The PNG image cannot be decoded: it is damaged or incomplete',
    });
    // WebP headers without pixel data do not decode either.
    expect((await upload(userId, webpImage(64, 64))).status).toBe(400);
    const empty = await upload(userId, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const tooBig = await upload(
      userId,
      Buffer.concat([pngImage(10, 10), Buffer.alloc(LIMITS.imageMaxBytes)]),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/at most 5 MB/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/UploadImage.php',
      headers: { authorization: t.initData(userId) },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/UploadImage.php',
      ...multipart(pngImage(2, 2)),
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.db.sql`SELECT 1 FROM images WHERE uploader_id = ${userId}`;
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for unknown or malformed image ids', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/images/00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/..%2F..%2Fetc%2Fpasswd' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/not-a-uuid' })).statusCode).toBe(
      404,
    );
  });

  it('sends an image message billed like a text message, and only with your own upload', async () => {
    const userId = newUserId();
    const { image } = CALLS.UploadImage.answer.parse((await upload(userId, pngImage(64, 64))).body);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/CreateMessage.php',
      headers: { authorization: t.initData(userId) },
      payload: { manager_id: advisor.id, image_id: image.id },
    });
    expect(sent.statusCode).toBe(200);
    const created = CALLS.CreateMessage.answer.parse(sent.json());
    expect(created.data.message).toMatchObject({
      kind: 'image',
      image_url: image.url,
      message_text: '',
    });
    expect(created.data.payment_info.new_free_messages).toBe(2);

    const thief = newUserId();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/CreateMessage.php',
      headers: { authorization: t.initData(thief) },
      payload: { manager_id: advisor.id, image_id: image.id },
    });
    expect(stolen.statusCode).toBe(400);
  });
});
