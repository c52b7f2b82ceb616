/**
 * The icon wallets show for Seer when asked to connect (the TON Connect manifest's iconUrl must
 * be a 180×180 PNG): a violet disc with a white eye, drawn once at start so no binary asset is kept.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIZE = 180;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function pixel(x: number, y: number): [number, number, number, number] {
  const cx = SIZE / 2;
  const dx = x + 0.5 - cx;
  const dy = y + 0.5 - cx;
  const distance = Math.hypot(dx, dy);
  if (distance > SIZE / 2) return [0, 0, 0, 0];
  // an eye: the white almond where two large circles overlap, with a violet pupil
  const upper = Math.hypot(dx, dy - 46) < 78;
  const lower = Math.hypot(dx, dy + 46) < 78;
  if (distance < 17) return [47, 42, 143, 255];
  if (upper && lower) return [255, 255, 255, 255];
  const t = (x + y) / (2 * SIZE);
  return [Math.round(58 + t * 65), Math.round(36 + t * 43), Math.round(133 + t * 81), 255];
}

export function tonConnectIconPng(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4);
    for (let x = 0; x < SIZE; x++) Buffer.from(pixel(x, y)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
