/**
 * A load of image bombs against a running server, measuring its resident memory (decision 035):
 * 16-bit PNG uploads (pixel bombs among them), every accepted one then asked for in full and in
 * every width, by clients that ask again after a 503. Used by `image-memory.test.ts` and by
 * `npm run bench:images`; Linux only (the server's memory is read from /proc).
 */
import { readFileSync } from 'node:fs';
import { LIMITS } from '@seer/contract';
import { sixteenBitPng, pngImage } from './image-fixtures.js';

const MB = 1024 * 1024;
const BOUNDARY = '----seer-image-load';

export interface ImageLoadOptions {
  /** http://host:port of the server. */
  base: string;
  /** The server's process id, whose memory is measured. */
  pid: number;
  /** Signed init data for a Telegram user (each upload comes from a user of its own). */
  initData(userId: number): string;
  firstUserId: number;
  /** How many uploads of each kind. */
  bombs: number;
  large: number;
  interlaced: number;
  /** Requests in flight at a time. */
  clients: number;
}

export interface ImageLoadResult {
  /** Answers counted by kind and status, e.g. "bomb 413", "get 200". */
  statuses: Record<string, number>;
  busyAnswers: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

/** Resident memory of a process, in bytes, from /proc. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes[1]) * 1024;
}

function multipart(file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Sends until the answer is not 503 busy, waiting as Retry-After says (at most 200 ms here). */
async function untilNotBusy(
  send: () => Promise<Response>,
): Promise<{ response: Response; busy: number }> {
  for (let busy = 0; ; busy++) {
    const response = await send();
    if (response.status !== 503) return { response, busy };
    await response.arrayBuffer();
    const wait = Math.min(200, Number(response.headers.get('retry-after') ?? '1') * 1000);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Runs `tasks` with `clients` of them in flight at a time. */
async function inParallel(clients: number, tasks: (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

export async function runImageLoad(options: ImageLoadOptions): Promise<ImageLoadResult> {
  const files = {
    // 8000 × 8000 at 16 bits: about 0.6 MB sent, 367 MB once decoded. Refused from its header.
    bomb: await sixteenBitPng(8000, 8000),
    // 5000 × 3200 at 16 bits: 92 MB decoded, scaled down to 4096 px.
    large: await sixteenBitPng(5000, 3200),
    // 16-bit with transparency, interlaced (decoded all at once): 95 MB.
    interlaced: await sixteenBitPng(4300, 2900, { alpha: true, interlaced: true }),
  };
  let userId = options.firstUserId;
  const upload = (file: Buffer) => {
    const user = userId++;
    return () =>
      fetch(`${options.base}/api/UploadImage.php`, {
        method: 'POST',
        headers: {
          authorization: options.initData(user),
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body: multipart(file),
      });
  };

  // Warm up, so the figure is what the load adds: sharp loaded, one image stored and resized.
  const warm = await untilNotBusy(upload(pngImage(64, 64)));
  const { image } = (await warm.response.json()) as { image: { url: string } };
  await (
    await untilNotBusy(() => fetch(`${options.base}${image.url}?w=64`))
  ).response.arrayBuffer();

  const before = residentBytes(options.pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, residentBytes(options.pid));
    } catch {
      // the process is gone: the load will fail and say so
    }
  }, 20);
  const started = performance.now();
  const statuses: Record<string, number> = {};
  let busyAnswers = 0;
  const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const urls: string[] = [];
  try {
    // Mixed, as an attacker would send them: bomb, large, interlaced, bomb…
    const left = { bomb: options.bombs, large: options.large, interlaced: options.interlaced };
    const kinds: (keyof typeof files)[] = [];
    while (kinds.length < options.bombs + options.large + options.interlaced) {
      for (const kind of ['bomb', 'large', 'interlaced'] as const) {
        if (left[kind] > 0) {
          left[kind]--;
          kinds.push(kind);
        }
      }
    }
    await inParallel(
      options.clients,
      kinds.map((kind) => async () => {
        const { response, busy } = await untilNotBusy(upload(files[kind]));
        busyAnswers += busy;
        count(`${kind} ${response.status}`);
        const answer = (await response.json()) as { image?: { url: string } };
        if (response.ok && answer.image) urls.push(answer.image.url);
      }),
    );
    const widths = [undefined, ...LIMITS.imageVariantWidths];
    await inParallel(
      options.clients,
      urls.flatMap((url) =>
        widths.map((width) => async () => {
          const { response, busy } = await untilNotBusy(() =>
            fetch(`${options.base}${width ? `${url}?w=${width}` : url}`),
          );
          await response.arrayBuffer();
          busyAnswers += busy;
          count(`get ${response.status}`);
        }),
      ),
    );
  } finally {
    clearInterval(sampler);
  }
  return {
    statuses,
    busyAnswers,
    seconds: (performance.now() - started) / 1000,
    rssBeforeMb: before / MB,
    rssPeakMb: peak / MB,
    rssAfterMb: residentBytes(options.pid) / MB,
  };
}
