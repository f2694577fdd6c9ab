import { join } from 'node:path';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { ASSET_IMPORT_MAX_ROWS, MESSAGES } from '@gestar/contracts';
import { AppException, badRequest, serviceUnavailable } from '../../common/http/app-exception';
import type { SheetJob, SheetResult } from './asset-import-worker';

const m = MESSAGES.assets;
/** Spreadsheets read at once, and waiting; beyond that 503 with Retry-After. */
const WORKERS = 1;
const QUEUE = 2;
const BUSY_RETRY_SECONDS = 10;
/** A sheet that takes longer than this is given up (a pathological file). */
const TIMEOUT_MS = 20_000;
const IDLE_MS = 30_000;

const WORKER_FILE = join(__dirname, `asset-import-worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);

/**
 * Reads import spreadsheets (XLSX or CSV) in a worker thread, off the event loop (issue 33: no
 * client input holds it over 100 ms): one at a time, two more waiting, each bounded in time and in
 * rows (ASSET_IMPORT_MAX_ROWS; the parser stops reading past it).
 */
@Injectable()
export class AssetImportPool implements OnModuleDestroy {
  private pool: Piscina<SheetJob, SheetResult> | null = null;
  private admitted = 0;

  async read(bytes: Buffer): Promise<string[][]> {
    if (this.admitted >= WORKERS + QUEUE) {
      const busy = serviceUnavailable(m.importBusy);
      busy.headers['Retry-After'] = String(BUSY_RETRY_SECONDS);
      throw busy;
    }
    this.admitted++;
    let result: SheetResult;
    try {
      this.pool ??= new Piscina<SheetJob, SheetResult>({
        filename: WORKER_FILE,
        minThreads: 0,
        maxThreads: WORKERS,
        idleTimeout: IDLE_MS,
        maxQueue: WORKERS + QUEUE,
      });
      result = await this.pool.run({ bytes, maxRows: ASSET_IMPORT_MAX_ROWS }, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppException(422, m.importUnreadable);
    } finally {
      this.admitted--;
    }
    if ('rows' in result) return result.rows;
    if (result.error === 'NOT_SPREADSHEET') throw new AppException(415, m.importFileType);
    if (result.error === 'TOO_MANY_ROWS') throw badRequest(m.importTooManyRows);
    throw new AppException(422, m.importUnreadable);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
