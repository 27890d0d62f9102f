import { ASSET_MAX_BYTES, ASSET_MAX_PIXELS, FAVICON_MAX_PIXELS, declaredContentTypes, type AssetFormat, type AssetKind } from './assets.ts';

/*
 * What an image file is, read from its bytes (decision 0048): the format from its magic number
 * (an SVG from its XML root element) and the pixels from its header, by small readers of each
 * format's published layout, without an image library. The server decides with it; the back
 * office checks a chosen file with the same code before it uploads.
 */

export type AssetProblem =
  | 'ASSET_EMPTY'
  | 'ASSET_TOO_LARGE'
  | 'ASSET_UNSUPPORTED_TYPE'
  | 'ASSET_TYPE_MISMATCH'
  | 'ASSET_INVALID_IMAGE'
  | 'ASSET_TOO_MANY_PIXELS'
  | 'ASSET_FAVICON_TOO_LARGE';

export class AssetProblemError extends Error {
  readonly key: AssetProblem;
  constructor(key: AssetProblem, message: string) {
    super(message);
    this.name = 'AssetProblemError';
    this.key = key;
  }
}

export interface ImageHeader {
  format: AssetFormat;
  /** Pixels; null for an SVG (its size is read by the sanitiser from its root). */
  width: number | null;
  height: number | null;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => b[i]! * 0x1000000 + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const u32le = (b: Uint8Array, i: number) => b[i + 3]! * 0x1000000 + ((b[i + 2]! << 16) | (b[i + 1]! << 8) | b[i]!);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
const startsWith = (b: Uint8Array, bytes: readonly number[]) => bytes.every((byte, i) => b[i] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format the bytes' magic number (or XML root) names, or null. */
export function sniffFormat(bytes: Uint8Array): AssetFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 6 && u16le(bytes, 4) > 0) return 'ico';
  if (isSvgText(bytes)) return 'svg';
  return null;
}

/**
 * Whether the text's first element is `<svg`: after a byte-order mark, white space, the XML
 * declaration, comments and a DOCTYPE (which the sanitiser then refuses). HTML is not SVG.
 */
function isSvgText(bytes: Uint8Array): boolean {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const prolog = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*(?:\[[\s\S]*?\])?\s*>)*/y;
  prolog.lastIndex = 0;
  const match = prolog.exec(text);
  const rest = text.slice(match ? match[0].length : 0);
  return /^<svg[\s>/]/.test(rest);
}

function invalid(format: string, why: string): never {
  throw new AssetProblemError('ASSET_INVALID_IMAGE', `The ${format} cannot be read: ${why}`);
}

function png(b: Uint8Array): ImageHeader {
  // Signature, then the IHDR chunk: length 13, "IHDR", width, height (big-endian), …
  if (b.length < 33) invalid('PNG', 'shorter than its header');
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') invalid('PNG', 'no IHDR chunk first');
  return { format: 'png', width: u32be(b, 16), height: u32be(b, 20) };
}

function jpeg(b: Uint8Array): ImageHeader {
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) invalid('JPEG', `no marker at byte ${i}`);
    while (b[i] === 0xff && i < b.length) i += 1;
    const marker = b[i]!;
    i += 1;
    // Markers without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda) invalid('JPEG', 'no frame header before the image data');
    if (i + 2 > b.length) break;
    const length = u16be(b, i);
    if (length < 2) invalid('JPEG', 'a segment shorter than its length field');
    // Start of frame (SOF0–SOF15 but DHT, JPG and DAC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 7 > b.length) break;
      return { format: 'jpeg', width: u16be(b, i + 5), height: u16be(b, i + 3) };
    }
    i += length;
  }
  return invalid('JPEG', 'it ends before its frame header');
}

function gif(b: Uint8Array): ImageHeader {
  if (b.length < 13) invalid('GIF', 'shorter than its screen descriptor');
  return { format: 'gif', width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): ImageHeader {
  if (b.length < 30) invalid('WebP', 'shorter than its first chunk');
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // A key frame: the start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) invalid('WebP', 'no VP8 start code');
    return { format: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) invalid('WebP', 'no VP8L signature');
    const bits = u32le(b, 21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { format: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return invalid('WebP', `unknown first chunk ${JSON.stringify(chunk)}`);
}

function ico(b: Uint8Array): ImageHeader {
  const count = u16le(b, 4);
  const table = 6 + 16 * count;
  if (b.length < table) invalid('ICO', 'shorter than its directory');
  let width = 0;
  let height = 0;
  for (let n = 0; n < count; n += 1) {
    const entry = 6 + 16 * n;
    const size = u32le(b, entry + 8);
    const offset = u32le(b, entry + 12);
    if (size === 0 || offset < table || offset + size > b.length) invalid('ICO', `image ${n + 1} lies outside the file`);
    // 0 means 256.
    width = Math.max(width, b[entry] || 256);
    height = Math.max(height, b[entry + 1] || 256);
  }
  return { format: 'ico', width, height };
}

/** The format and pixels of an image's bytes; an unknown format or an unreadable header throws its key. */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const format = sniffFormat(bytes);
  if (!format) throw new AssetProblemError('ASSET_UNSUPPORTED_TYPE', 'The file is not a PNG, JPEG, WebP, GIF, ICO or SVG image');
  const header =
    format === 'png' ? png(bytes) : format === 'jpeg' ? jpeg(bytes) : format === 'gif' ? gif(bytes) : format === 'webp' ? webp(bytes) : format === 'ico' ? ico(bytes) : { format, width: null, height: null };
  if (header.width === 0 || header.height === 0) invalid(format, 'a width or height of 0');
  return header;
}

/**
 * Every check of an upload that its bytes decide: empty, size, format, the declared content type
 * (when given), the header and the pixel limits of its kind. Answers the header, or throws the key.
 */
export function checkUpload(bytes: Uint8Array, kind: AssetKind, declared?: string | null): ImageHeader {
  if (bytes.length === 0) throw new AssetProblemError('ASSET_EMPTY', 'The file is empty');
  if (bytes.length > ASSET_MAX_BYTES) throw new AssetProblemError('ASSET_TOO_LARGE', `The file has ${bytes.length} bytes, more than ${ASSET_MAX_BYTES}`);
  const header = readImageHeader(bytes);
  if (declared) {
    const named = declaredContentTypes[declared.toLowerCase().split(';')[0]!.trim()];
    if (named !== header.format) throw new AssetProblemError('ASSET_TYPE_MISMATCH', `Declared ${declared}, but the bytes are ${header.format}`);
  }
  checkPixels(kind, header);
  return header;
}

/** The pixel limits of a kind (a raster image's; an SVG scales). */
export function checkPixels(kind: AssetKind, header: ImageHeader): void {
  if (header.format === 'svg' || header.width === null || header.height === null) return;
  if (header.width > ASSET_MAX_PIXELS || header.height > ASSET_MAX_PIXELS) {
    throw new AssetProblemError('ASSET_TOO_MANY_PIXELS', `${header.width}×${header.height} pixels, more than ${ASSET_MAX_PIXELS}×${ASSET_MAX_PIXELS}`);
  }
  if (kind === 'favicon' && (header.width > FAVICON_MAX_PIXELS || header.height > FAVICON_MAX_PIXELS)) {
    throw new AssetProblemError('ASSET_FAVICON_TOO_LARGE', `${header.width}×${header.height} pixels, more than ${FAVICON_MAX_PIXELS}×${FAVICON_MAX_PIXELS} for a favicon`);
  }
}
