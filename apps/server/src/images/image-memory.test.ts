/**
 * The server's memory under image bombs (decision 035), measured on the real server process
 * (compiled, plain node): dozens of 16-bit uploads, pixel bombs among them, each accepted one asked
 * for in every width. Before the fix, six 8000 × 8000 16-bit PNGs asked in 13 widths took a
 * server from 179 to 994 MB. Linux only (memory is read from /proc).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@seer/contract';
import { signInitData } from '../auth/init-data.js';
import type { Database } from '../db/database.js';
import { createTestDatabase, newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import { spawnServer, type ServerProcess } from '../test/server-process.js';
import { runImageLoad } from './image-load-kit.js';

let db: Database;
let server: ServerProcess;
beforeAll(async () => {
  db = await createTestDatabase();
  server = await spawnServer({
    env: {
      DATABASE_URL: db.url,
      NODE_ENV: 'test',
      BOT_TOKEN: TEST_BOT_TOKEN,
      LOG_LEVEL: 'warn',
      // glibc's allocator as docs/operations.md asks the server's environment to set it: two
      // arenas instead of one per thread that ever decoded an image, and buffers of 128 KB and
      // more given back to the system when freed (decision 035).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.kill('SIGKILL');
  await db?.close();
});

describe('memory under image bombs', () => {
  it('grows by less than 300 MB while dozens of 16-bit uploads are asked in every width', async () => {
    const result = await runImageLoad({
      base: server.base,
      pid: server.child.pid!,
      initData: (userId) => signInitData(TEST_BOT_TOKEN, { id: userId, first_name: 'Load' }),
      firstUserId: newUserId() + 10_000_000,
      bombs: 16,
      large: 6,
      interlaced: 2,
      clients: 8,
    });
    const grew = result.rssPeakMb - result.rssBeforeMb;
    console.log(
      `image load: ${JSON.stringify(result.statuses)}, ${result.busyAnswers} busy answers, ` +
        `${result.seconds.toFixed(1)} s; server RSS ${result.rssBeforeMb.toFixed(0)} → peak ` +
        `${result.rssPeakMb.toFixed(0)} MB (+${grew.toFixed(0)} MB), after ${result.rssAfterMb.toFixed(0)} MB`,
    );
    expect(result.statuses).toEqual({
      'bomb 413': 16,
      'large 200': 6,
      'interlaced 200': 2,
      'get 200': 8 * (1 + LIMITS.imageVariantWidths.length),
    });
    expect(grew).toBeLessThan(300);
  }, 300_000);
});
