import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live. Keys are opaque, flat names chosen by the service. Another store
 * (an S3-compatible bucket) implements the same four calls.
 */
export abstract class AttachmentStorage {
  /** Stores the bytes under `key` all at once: a reader never sees half a file. */
  abstract put(key: string, bytes: Buffer): Promise<void>;
  abstract read(key: string): Promise<{ stream: Readable; size: number } | null>;
  abstract delete(key: string): Promise<void>;
  /** Keys stored before `olderThan` (the orphan sweep leaves uploads in progress alone). */
  abstract keysOlderThan(olderThan: Date): Promise<string[]>;
}

const KEY = /^[a-z0-9-]+(\.[a-z0-9]+)?$/;

/** A folder on disk (`UPLOADS_DIR`): each file written to `.tmp/` first, then renamed into place. */
export class DiskAttachmentStorage extends AttachmentStorage {
  constructor(private readonly dir: string) {
    super();
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`Clave de archivo no válida: ${key}`);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const tmpDir = join(this.dir, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${randomUUID()}.part`);
    try {
      await writeFile(tmp, bytes, { flag: 'wx' });
      await rename(tmp, this.path(key));
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    const path = this.path(key);
    try {
      const s = await stat(path);
      return { stream: createReadStream(path), size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async keysOlderThan(olderThan: Date): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const keys: string[] = [];
    for (const name of names) {
      if (!KEY.test(name)) continue;
      const s = await stat(join(this.dir, name)).catch(() => null);
      if (s?.isFile() && s.mtime < olderThan) keys.push(name);
    }
    // Temporary files of writes that never finished (a crash between write and rename).
    const tmpDir = join(this.dir, '.tmp');
    for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
      const s = await stat(join(tmpDir, name)).catch(() => null);
      if (s && s.mtime < olderThan) await rm(join(tmpDir, name), { force: true });
    }
    return keys;
  }
}
