import type Sharp from 'sharp';
import type { AttachmentType } from '@gestar/contracts';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first photo rather than at every start. Only headers are read
 * here; pixels are decoded in the image workers. Loading it on the main thread also keeps libvips
 * loaded while workers come and go (a library unloaded with a worker's exit crashes the process).
 */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
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

/**
 * The image's width and height from its header (libvips reads no pixel for this), or null when
 * the header cannot be read. Runs on the event loop: milliseconds even for a huge image.
 */
export async function imageDimensions(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
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
