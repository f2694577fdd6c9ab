// Runs in a worker thread of the image pool (image-pool.ts), never on the API's event loop.
// Self-contained on purpose: only packages are imported, so Node runs this very file from `src`
// (tests, by stripping its types) and its compiled `.js` from `dist` (production).
import sharp, { type Sharp } from 'sharp';

/** One image to re-encode: the uploaded bytes and what their first bytes say they are. */
export interface ImageJob {
  bytes: Uint8Array;
  type: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';
  maxPixels: number;
  maxSide: number;
  thumbnailSide: number;
  /** Where `heic-decode` lives (resolved by the main thread from heic-convert's own folder). */
  heicDecoder: string;
}

export interface ImageResult {
  bytes: Uint8Array;
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  thumbnail: Uint8Array;
}

type HeicDecode = (opts: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

// One image at a time per worker, each with one libvips thread: the worker pool bounds the work,
// libvips does not fan out over every core, and at most one of libuv's threads (which the password
// hashing shares) is taken per worker. Every upload is a different image: no operation cache.
sharp.concurrency(1);
sharp.cache(false);

/** A pipeline stuck in a pathological file gives up instead of holding the worker. */
const SHARP_TIMEOUT = { seconds: 60 };

let heicDecode: Promise<HeicDecode> | undefined;

/** The message of the error thrown for an image over `maxPixels` (an error's class does not cross threads). */
export const TOO_MANY_PIXELS = 'TOO_MANY_PIXELS';

/**
 * Re-encodes an image: oriented by its EXIF, every metadata block dropped (sharp keeps none unless
 * asked, so no GPS position is stored), the long side at most `maxSide`, and a WebP thumbnail.
 * HEIC (HEVC, which sharp's libvips does not decode) is decoded by libheif compiled to WebAssembly
 * straight to pixels and becomes JPEG. Throws on bytes that do not decode or hold too many pixels.
 */
export default async function processImage(job: ImageJob): Promise<ImageResult> {
  let input: Sharp;
  let outType: ImageResult['type'];
  if (job.type === 'image/heic') {
    heicDecode ??= import(job.heicDecoder).then((m: { default: HeicDecode }) => m.default);
    const decoded = await (await heicDecode)({ buffer: job.bytes });
    if (decoded.width * decoded.height > job.maxPixels) throw new Error(TOO_MANY_PIXELS);
    // libheif has applied the file's rotation and mirroring already.
    input = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
      limitInputPixels: job.maxPixels,
    }).removeAlpha();
    outType = 'image/jpeg';
  } else {
    input = sharp(job.bytes, { failOn: 'error', limitInputPixels: job.maxPixels }).rotate();
    outType = job.type;
  }
  const pipeline = input
    .resize({ width: job.maxSide, height: job.maxSide, fit: 'inside', withoutEnlargement: true })
    .timeout(SHARP_TIMEOUT);
  const encoded =
    outType === 'image/png'
      ? pipeline.png({ compressionLevel: 8 })
      : outType === 'image/webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.jpeg({ quality: 85 });
  const out = await encoded.toBuffer();
  const thumbnail = await sharp(out)
    .resize({ width: job.thumbnailSide, height: job.thumbnailSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .timeout(SHARP_TIMEOUT)
    .toBuffer();
  return { bytes: out, type: outType, thumbnail };
}
