/**
 * `npm run bench:images`: the compiled server's resident memory under image bombs (decision 035).
 * Uploads 16-bit PNGs (8000 × 8000 pixel bombs, 5000 × 3200 photos, interlaced ones with
 * transparency), asks for every accepted one in full and in every width, and prints how much the
 * server process grew. The server runs with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072
 * as docs/operations.md asks; run with MALLOC_ARENA_MAX=default to see glibc's defaults. Linux only.
 *
 *   npm run bench:images -- [bombs] [large] [interlaced] [clients]     (default 16 6 2 8)
 */
import { benchDatabase, loadAverage, startServer } from './lib.js';
import { signInitData } from '../apps/server/src/auth/init-data.js';
import { runImageLoad } from '../apps/server/src/images/image-load-kit.js';

const BOT_TOKEN = '123456789:BENCH-token-for-seer-benchmarks_abcd';
const [bombs = 16, large = 6, interlaced = 2, clients = 8] = process.argv
  .slice(2)
  .map((arg) => Number(arg));
// glibc's allocator as docs/operations.md asks the server's environment to set it.
const arenas = process.env.MALLOC_ARENA_MAX ?? '2';
const mmapThreshold = process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072';

const db = await benchDatabase();
const server = await startServer({
  DATABASE_URL: db.url,
  BOT_TOKEN,
  // The bot's calls fail at once on the discard port instead of reaching api.telegram.org.
  BOT_API_URL: 'http://127.0.0.1:9',
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://seer.example.com',
  LOG_LEVEL: 'error',
  ...(arenas === 'default'
    ? {}
    : { MALLOC_ARENA_MAX: arenas, MALLOC_MMAP_THRESHOLD_: mmapThreshold }),
});
try {
  const result = await runImageLoad({
    base: server.url,
    pid: server.child.pid!,
    initData: (userId) => signInitData(BOT_TOKEN, { id: userId, first_name: 'Bench' }),
    firstUserId: 900_000_000,
    bombs,
    large,
    interlaced,
    clients,
  });
  const allocator =
    arenas === 'default'
      ? "glibc's default allocator settings"
      : `MALLOC_ARENA_MAX=${arenas} MALLOC_MMAP_THRESHOLD_=${mmapThreshold}`;
  console.log(`image bombs on ${db.kind}, ${allocator}, load average ${loadAverage()}`);
  console.log(`  answers: ${JSON.stringify(result.statuses)}, ${result.busyAnswers} busy (503)`);
  console.log(
    `  server RSS: ${result.rssBeforeMb.toFixed(0)} MB before, peak ${result.rssPeakMb.toFixed(0)} MB ` +
      `(+${(result.rssPeakMb - result.rssBeforeMb).toFixed(0)} MB), ${result.rssAfterMb.toFixed(0)} MB after; ` +
      `${result.seconds.toFixed(1)} s`,
  );
} finally {
  await server.stop();
  await db.close();
}
