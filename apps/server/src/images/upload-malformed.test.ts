/** UploadImage.php under malformed multipart: a 4xx JSON answer that names the problem, never a 5xx. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { jpegImage } from './image-fixtures.js';

let t: LiveApp;
beforeAll(async () => {
  t = await startLiveApp();
});
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = 'seer-boundary';
const filePart = (bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
  ]);

async function post(contentType: string | undefined, payload: Buffer | string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/UploadImage.php',
    headers: {
      authorization: t.initData(newUserId()),
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
    },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as { status: string; code: string; message: string },
  };
}

describe('a malformed upload', () => {
  it('without a boundary is a 400 that says so', async () => {
    const answer = await post('multipart/form-data', filePart(jpegImage(10, 10)));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
    expect(answer.body.message).toMatch(/boundary/i);
  });

  it('cut off before its closing boundary is a 400 that says so', async () => {
    const answer = await post(
      `multipart/form-data; boundary=${BOUNDARY}`,
      filePart(jpegImage(10, 10)).subarray(0, 200),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
    expect(answer.body.message).toMatch(/incomplete|ended/i);
  });

  it('with an empty body is a 400', async () => {
    const answer = await post(`multipart/form-data; boundary=${BOUNDARY}`, '');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
    expect(answer.body.message).toMatch(/no file/);
  });

  it('with a body that is not multipart at all is a 400', async () => {
    const answer = await post(`multipart/form-data; boundary=${BOUNDARY}`, 'just some text');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
    // Without a boundary line the parser reads it as a body cut short, or as one with no file.
    expect(answer.body.message).toMatch(/no file|ended before its closing boundary/);
  });

  it('with a part without Content-Disposition is a 400', async () => {
    const answer = await post(
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Type: image/jpeg\r\n\r\nxxxx\r\n--${BOUNDARY}--\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
  });

  it('sent as another content type is a 415 naming multipart/form-data', async () => {
    for (const type of ['text/plain', 'application/octet-stream', 'image/jpeg', undefined]) {
      const answer = await post(type, 'abc');
      expect(answer.status, String(type)).toBeGreaterThanOrEqual(400);
      expect(answer.status, String(type)).toBeLessThan(500);
      expect(answer.body.status).toBe('error');
      expect(answer.body.message, String(type)).toMatch(/multipart\/form-data/);
    }
    const json = await post('application/json', '{}');
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/multipart\/form-data/);
  });

  it('with too many parts is a 4xx', async () => {
    const parts = Array.from(
      { length: 10 },
      (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join('');
    const answer = await post(
      `multipart/form-data; boundary=${BOUNDARY}`,
      `${parts}--${BOUNDARY}--\r\n`,
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('whose sender goes away mid-file leaves the server answering', async () => {
    const { port } = new URL(t.base);
    const body = filePart(jpegImage(200, 200));
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/UploadImage.php HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.initData(newUserId())}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length + 100}\r\n\r\n`,
        );
        socket.write(body.subarray(0, 300), () => setTimeout(() => socket.destroy(), 50));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => {});
    });
    const health = await fetch(`${t.base}/api/health`);
    expect(health.status).toBe(200);
  });
});
