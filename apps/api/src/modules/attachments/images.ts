import type Sharp from 'sharp';
import { ATTACHMENT_IMAGE_MAX_SIDE, ATTACHMENT_THUMBNAIL_SIDE, type AttachmentType } from '@gestar/contracts';

let loaded: Promise<typeof Sharp> | undefined;

/** sharp (libvips), loaded on the first photo rather than at every start. */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different image: libvips' operation cache would only hold decoded pixels of
    // photos already stored (tens of MB each) in the API's memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** What the bytes are, from their first bytes (never the name or the declared type). */
export type SniffedType = AttachmentType | 'image/heic';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffType(b: Buffer): SniffedType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(b.toString('latin1', 8, 12))) {
    return 'image/heic';
  }
  return null;
}

export interface ProcessedImage {
  bytes: Buffer;
  type: AttachmentType;
  thumbnail: Buffer;
}

type HeicConvert = (opts: { buffer: Buffer; format: 'JPEG' | 'PNG'; quality?: number }) => Promise<ArrayBuffer>;

/** HEIC (HEVC) is decoded by libheif compiled to WebAssembly; sharp's own build reads AVIF only. */
async function heicToJpeg(bytes: Buffer): Promise<Buffer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const convert = require('heic-convert') as HeicConvert;
  return Buffer.from(await convert({ buffer: bytes, format: 'JPEG', quality: 0.92 }));
}

/**
 * Re-encodes an image: oriented by its EXIF, every metadata block dropped (sharp keeps none unless
 * asked, so no GPS position is stored), the long side at most 2,048 px, and a WebP thumbnail.
 * HEIC becomes JPEG. Throws on bytes that do not decode.
 */
export async function processImage(bytes: Buffer, type: SniffedType): Promise<ProcessedImage> {
  let input = bytes;
  let outType: AttachmentType = type === 'image/heic' ? 'image/jpeg' : (type as AttachmentType);
  if (type === 'image/heic') input = await heicToJpeg(bytes);
  const sharp = await loadSharp();
  const pipeline = sharp(input, { failOn: 'error', limitInputPixels: 120_000_000 })
    .rotate()
    .resize({
      width: ATTACHMENT_IMAGE_MAX_SIDE,
      height: ATTACHMENT_IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const encoded =
    outType === 'image/png'
      ? pipeline.png({ compressionLevel: 8 })
      : outType === 'image/webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.jpeg({ quality: 85 });
  const out = await encoded.toBuffer();
  if (outType !== 'image/png' && outType !== 'image/webp') outType = 'image/jpeg';
  const thumbnail = await sharp(out)
    .resize({ width: ATTACHMENT_THUMBNAIL_SIDE, height: ATTACHMENT_THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return { bytes: out, type: outType, thumbnail };
}

/** A file name safe for a header and a disk: no path, no control characters, the extension of what is stored. */
export function safeFileName(original: string | undefined, type: AttachmentType): string {
  const ext = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' }[type];
  const base = (original ?? '')
    .split(/[\\/]/)
    .pop()!
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
    .join('')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 200);
  return `${base || 'archivo'}${ext}`;
}
