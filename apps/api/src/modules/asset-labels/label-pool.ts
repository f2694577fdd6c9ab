import { join } from 'node:path';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { MESSAGES } from '@gestar/contracts';
import { APP_CONFIG, type AppConfig } from '../../config';
import { serviceUnavailable } from '../../common/http/app-exception';
import type { LabelJob } from './label-worker';

/** Seconds a client is told to wait when the queue is full. */
const BUSY_RETRY_SECONDS = 5;
/** A worker with nothing to do for this long ends. */
const IDLE_MS = 30_000;

// The worker file beside this one: compiled `.js` in `dist`, the `.ts` itself when this module
// runs from source (tests), which Node loads by stripping its types.
const WORKER_FILE = join(__dirname, `label-worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);

/**
 * Draws label sheets (QR codes, texts, PDF or PNG) in worker threads, off the event loop: at most
 * `labelWorkers` at a time and `labelQueue` more waiting; beyond that the request answers 503 with
 * Retry-After instead of waiting without end.
 */
@Injectable()
export class LabelPool implements OnModuleDestroy {
  private pool: Piscina<LabelJob, Uint8Array> | null = null;
  /** Jobs running or waiting. */
  private admitted = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private workers(): Piscina<LabelJob, Uint8Array> {
    this.pool ??= new Piscina<LabelJob, Uint8Array>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: this.config.labelWorkers,
      idleTimeout: IDLE_MS,
      // The admission below bounds the queue; piscina never refuses on its own.
      maxQueue: this.config.labelWorkers + this.config.labelQueue,
    });
    return this.pool;
  }

  async draw(job: LabelJob): Promise<Buffer> {
    if (this.admitted >= this.config.labelWorkers + this.config.labelQueue) {
      const busy = serviceUnavailable(MESSAGES.errors.labelsBusy);
      busy.headers['Retry-After'] = String(BUSY_RETRY_SECONDS);
      throw busy;
    }
    this.admitted++;
    try {
      const out = await this.workers().run(job);
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    } finally {
      this.admitted--;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
