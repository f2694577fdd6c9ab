import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import {
  ATTACHMENT_IMAGE_MAX_SIDE,
  ATTACHMENT_MAX_PIXELS,
  ATTACHMENT_THUMBNAIL_SIDE,
  type AttachmentType,
  MESSAGES,
} from '@gestar/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { AppException, serviceUnavailable } from '../../common/http/app-exception';
import { imageDimensions, type SniffedType } from './images';
import type { ImageJob, ImageResult } from './image-worker';

export interface ProcessedImage {
  bytes: Buffer;
  type: AttachmentType;
  thumbnail: Buffer;
}

/** Seconds a client is told to wait when the queue is full. */
const BUSY_RETRY_SECONDS = 15;
/** A worker with nothing to do for this long ends (libheif's memory goes with it). */
const IDLE_MS = 30_000;

// The worker file beside this one: compiled `.js` in `dist`, the `.ts` itself when this module
// runs from source (tests), which Node loads by stripping its types.
const WORKER_FILE = join(__dirname, `image-worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
// heic-decode is heic-convert's own decoder: found from heic-convert's folder, whatever the layout.
const HEIC_DECODER = createRequire(require.resolve('heic-convert')).resolve('heic-decode');

/**
 * Decodes and re-encodes images in worker threads, off the event loop: at most `imageWorkers`
 * images at a time and `imageQueue` more waiting; beyond that the upload answers 503 with
 * Retry-After instead of waiting without end. An image's size is read from its header first:
 * one over ATTACHMENT_MAX_PIXELS is refused before any pixel is decoded.
 */
@Injectable()
export class ImagePool implements OnModuleDestroy {
  private pool: Piscina<ImageJob, ImageResult> | null = null;
  /** Jobs running or waiting. */
  private admitted = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Jobs running or waiting now (for tests and the bench). */
  get pending(): number {
    return this.admitted;
  }

  private workers(): Piscina<ImageJob, ImageResult> {
    this.pool ??= new Piscina<ImageJob, ImageResult>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: this.config.imageWorkers,
      idleTimeout: IDLE_MS,
      // The admission below bounds the queue; piscina never refuses on its own.
      maxQueue: this.config.imageWorkers + this.config.imageQueue,
    });
    return this.pool;
  }

  async process(bytes: Buffer, type: Exclude<SniffedType, 'application/pdf'>): Promise<ProcessedImage> {
    const size = await imageDimensions(bytes);
    if (!size) throw new AppException(422, MESSAGES.errors.attachmentUnreadable);
    if (size.width * size.height > ATTACHMENT_MAX_PIXELS) throw new AppException(422, MESSAGES.errors.attachmentTooManyPixels);
    if (this.admitted >= this.config.imageWorkers + this.config.imageQueue) {
      const busy = serviceUnavailable(MESSAGES.errors.imagesBusy);
      busy.headers['Retry-After'] = String(BUSY_RETRY_SECONDS);
      throw busy;
    }
    this.admitted++;
    try {
      const out = await this.workers().run({
        bytes,
        type,
        maxPixels: ATTACHMENT_MAX_PIXELS,
        maxSide: ATTACHMENT_IMAGE_MAX_SIDE,
        thumbnailSide: ATTACHMENT_THUMBNAIL_SIDE,
        heicDecoder: HEIC_DECODER,
      });
      return { bytes: toBuffer(out.bytes), type: out.type, thumbnail: toBuffer(out.thumbnail) };
    } catch (error) {
      const message = (error as Error | undefined)?.message ?? '';
      if (message === 'TOO_MANY_PIXELS' || /pixel limit/i.test(message)) {
        throw new AppException(422, MESSAGES.errors.attachmentTooManyPixels);
      }
      throw new AppException(422, MESSAGES.errors.attachmentUnreadable);
    } finally {
      this.admitted--;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}

function toBuffer(a: Uint8Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}
