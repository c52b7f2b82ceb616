/**
 * The TON pieces of a deposit, without a TON library: the amount in nanotons for a dollar
 * amount, the text-comment payload (a one-cell BOC) a wallet attaches as the memo, the
 * user-friendly form of a raw address, and the ton://transfer link for wallets without TON Connect.
 */

const NANOTONS_PER_TON = 1_000_000_000n;

/** Nanotons worth at least `cents` at `rateCentsPerTon` (rounded up, so the deposit covers the amount). */
export function nanotonsFor(cents: number, rateCentsPerTon: number): bigint {
  const rate = BigInt(rateCentsPerTon);
  return (BigInt(cents) * NANOTONS_PER_TON + rate - 1n) / rate;
}

/** "1.5", "0.000000001": nanotons as TON for people to read, without trailing zeros. */
export function formatTon(nanotons: bigint): string {
  const whole = nanotons / NANOTONS_PER_TON;
  const fraction = (nanotons % NANOTONS_PER_TON).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

// ---------- the comment payload ----------

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A text comment as a message body: op 0 (32 zero bits) then the UTF-8 text, in one cell,
 * serialized as a bag of cells with a CRC32C (the form TON Connect's `payload` expects).
 * A memo is a Telegram id, far below the 123 bytes one cell can hold.
 */
export function commentPayload(text: string): string {
  const textBytes = new TextEncoder().encode(text);
  if (textBytes.length > 123) throw new RangeError('a one-cell comment holds at most 123 bytes');
  const data = new Uint8Array(4 + textBytes.length);
  data.set(textBytes, 4);
  // cell: d1 = no references, ordinary, level 0; d2 = 2 × whole bytes (no partial byte)
  const cell = new Uint8Array(2 + data.length);
  cell[0] = 0;
  cell[1] = data.length * 2;
  cell.set(data, 2);
  const header = [
    0xb5,
    0xee,
    0x9c,
    0x72, // serialized_boc magic
    0x41, // has_idx 0, has_crc32c 1, has_cache_bits 0, flags 0, size (bytes per cell index) 1
    0x01, // off_bytes
    0x01, // cells
    0x01, // roots
    0x00, // absent
    cell.length, // tot_cells_size
    0x00, // root list: cell 0
  ];
  const body = new Uint8Array(header.length + cell.length);
  body.set(header, 0);
  body.set(cell, header.length);
  const crc = crc32c(body);
  const boc = new Uint8Array(body.length + 4);
  boc.set(body, 0);
  new DataView(boc.buffer).setUint32(body.length, crc, true);
  return toBase64(boc);
}

// ---------- addresses ----------

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * The user-friendly, URL-safe form of a raw address ("0:<64 hex>"), non-bounceable as
 * recommended for wallets; other forms are returned unchanged.
 */
export function friendlyAddress(address: string): string {
  const raw = /^(-1|0):([0-9a-fA-F]{64})$/.exec(address.trim());
  if (!raw) return address.trim();
  const bytes = new Uint8Array(36);
  bytes[0] = 0x51; // non-bounceable, mainnet
  bytes[1] = raw[1] === '-1' ? 0xff : 0x00;
  for (let i = 0; i < 32; i++) bytes[2 + i] = parseInt(raw[2]!.slice(i * 2, i * 2 + 2), 16);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_');
}

/** The ton:// deep link most wallets open with the amount and comment filled in. */
export function tonTransferLink(address: string, nanotons: bigint, memo: string): string {
  return `ton://transfer/${friendlyAddress(address)}?amount=${nanotons.toString()}&text=${encodeURIComponent(memo)}`;
}
