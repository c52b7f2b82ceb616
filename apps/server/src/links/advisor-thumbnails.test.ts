/**
 * Advisors' thumbnails for Telegram's inline results: a square JPEG from an SVG demo portrait or
 * an uploaded image, public, and 4xx for anything else.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor } from '../test/builders.js';
import { THUMBNAIL_SIZE } from './advisor-thumbnails.js';

let t: TestApp;
let advisors: Advisor[];
beforeAll(async () => {
  t = await startTestApp();
  advisors = JSON.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/GetAllManagers.php',
        headers: { authorization: t.initData(newUserId()) },
      })
    ).body,
  ).data.managers;
});
afterAll(async () => {
  await t?.close();
});

const thumbnail = (id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/advisors/${id}/thumbnail.jpg` });

async function expectSquareJpeg(bytes: Buffer): Promise<sharp.Stats> {
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE });
  return sharp(bytes).stats();
}

describe('GET /api/advisors/:id/thumbnail.jpg', () => {
  it('draws a demo advisor’s SVG portrait as a square JPEG, without sign-in', async () => {
    const advisor = advisors[0]!;
    expect(advisor.avatar).toMatch(/\.svg$/);
    const response = await thumbnail(advisor.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toMatch(/public/);
    const stats = await expectSquareJpeg(response.rawPayload);
    // A drawn portrait, not an empty square: the picture has contrast.
    expect(Math.max(...stats.channels.map((c) => c.max - c.min))).toBeGreaterThan(100);
  });

  it('makes the thumbnail of an uploaded portrait, transparent parts on white', async () => {
    const png = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 4,
        background: { r: 200, g: 30, b: 60, alpha: 0 },
      },
    })
      .png()
      .toBuffer();
    const image = await t.services.images.upload(newUserId(), png);
    const advisorId = await anAdvisor(t, { avatarUrl: image.url });
    const response = await thumbnail(advisorId);
    expect(response.statusCode).toBe(200);
    const stats = await expectSquareJpeg(response.rawPayload);
    for (const channel of stats.channels.slice(0, 3)) expect(channel.mean).toBeGreaterThan(250);
  });

  it('answers 404 for an unknown or inactive advisor and 400 for a malformed id', async () => {
    expect((await thumbnail(999_999)).statusCode).toBe(404);
    const inactive = await anAdvisor(t, { isActive: false });
    expect((await thumbnail(inactive)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '..%2F..%2Fetc%2Fpasswd'])
      expect((await thumbnail(bad)).statusCode).toBe(400);
  });
});
