/**
 * The disk of the files full (issue 37 §3): an upload that finds no space answers 507 with a
 * Spanish message and stores nothing (no row, no file, no thumbnail, no temporary part); once
 * space is freed uploads work again. The files live on a 1 MB tmpfs mounted for this test (as
 * root); where mounting is not permitted, on a storage whose writes go to /dev/full, which fails
 * every write with the kernel's own ENOSPC.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { AttachmentResponseSchema, ErrorBodySchema, MESSAGES } from '@gestar/contracts';
import { AttachmentStorage } from '../src/modules/attachments/attachment-storage';
import { createTestApp, newOccurrence, parseWith, TestApp, tokenFor } from './support/test-app';

type Auth = { Authorization: string };

/** A photo of `w` x `h` random pixels: JPEG barely compresses it, so each upload takes real space. */
async function noisyPhoto(w: number, h: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Mounts a 1 MB tmpfs at `dir`; false where this process may not mount (not root). */
function mountTmpfs(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('uploads on a full disk', () => {
  const base = mkdtempSync(join(tmpdir(), 'gestar-disco-'));
  const uploads = join(base, 'adjuntos');
  mkdirSync(uploads);
  const mounted = mountTmpfs(uploads);
  let t: TestApp;
  let admin: Auth;
  let operario: Auth;
  let occurrence: string;
  /** Without a tmpfs: whether the storage's writes go to /dev/full. */
  let full = false;
  /** Whether the thumbnails' writes go to /dev/full (the photo itself found space). */
  let thumbnailsFull = false;

  /** Where the files on disk and the rows disagree: rows whose files are missing, files no row names, leftovers. */
  const mismatch = async () => {
    const files = new Set(readdirSync(uploads).filter((n) => !n.startsWith('.')));
    const rows: { clave: string; miniatura_clave: string | null }[] = await t.ds.query(
      'SELECT clave, miniatura_clave FROM adjuntos',
    );
    const named = new Set(rows.flatMap((r) => [r.clave, ...(r.miniatura_clave ? [r.miniatura_clave] : [])]));
    return {
      rowsWithoutFile: [...named].filter((k) => !files.has(k)),
      filesWithoutRow: [...files].filter((f) => !named.has(f)),
      parts: readdirSync(join(uploads, '.tmp')).length,
    };
  };
  const upload = (who: Auth, bytes: Buffer, name: string) =>
    t.http
      .post(`/api/assigned-tasks/${occurrence}/attachments`)
      .set(who)
      .attach('archivo', bytes, { filename: name, contentType: 'image/jpeg' });

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOADS_DIR: uploads } });
    // Without a tmpfs (or for the thumbnails only), the storage's writes meet the device that is always full.
    const storage = t.app.get(AttachmentStorage);
    const put = storage.put.bind(storage);
    jest.spyOn(storage, 'put').mockImplementation(async (key, bytes) => {
      if (!full && !(thumbnailsFull && key.endsWith('-miniatura.webp'))) return put(key, bytes);
      await writeFile('/dev/full', bytes);
    });
    admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    operario = { Authorization: `Bearer ${await tokenFor(t, 'operario')}` };
    occurrence = await newOccurrence(t, 'Fotos del tablero');
  });
  afterAll(async () => {
    if (mounted) execFileSync('umount', [uploads]);
    await t?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('answers 507 in Spanish once the disk is full, stores nothing, and takes uploads again once space is freed', async () => {
    // Without a tmpfs the "disk" is full at once.
    full = !mounted;
    const stored: string[] = [];
    let refused: { status: number; body: unknown } | undefined;
    // 400 x 300 noise is about 100 KB as JPEG: the 1 MB disk holds fewer than 10 with their thumbnails.
    for (let i = 0; i < 15 && !refused; i++) {
      const res = await upload(operario, await noisyPhoto(400, 300, i + 1), `foto-${i}.jpg`);
      if (res.status === 201) stored.push(parseWith(AttachmentResponseSchema, res.body).uuid);
      else refused = res;
    }
    expect(refused).toBeDefined();
    expect(refused!.status).toBe(507);
    expect(parseWith(ErrorBodySchema, refused!.body)).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: MESSAGES.errors.storageFull,
    });
    if (mounted) expect(stored.length).toBeGreaterThan(0);
    // Nothing half-stored: every row has its file and thumbnail, every file its row, no part left.
    expect(await mismatch()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [], parts: 0 });
    const rows: { n: number }[] = await t.ds.query(
      'SELECT count(*)::int AS n FROM adjuntos WHERE tarea_asignada_uuid = $1',
      [occurrence],
    );
    expect(rows[0].n).toBe(stored.length);
    // The history names only what was stored.
    const notes: { n: number }[] = await t.ds.query(
      `SELECT count(*)::int AS n FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = $1 AND tipo = 'adjunto'`,
      [occurrence],
    );
    expect(notes[0].n).toBe(stored.length);

    // A description image meets the same disk: 507 too.
    const image = await t.http
      .post('/api/attachments/images')
      .set(admin)
      .attach('archivo', await noisyPhoto(400, 300, 99), { filename: 'descripcion.jpg', contentType: 'image/jpeg' });
    expect(image.status).toBe(507);
    expect(image.body.message).toBe(MESSAGES.errors.storageFull);

    // Space freed (two photos deleted, or the disk emptied), uploads work again.
    if (mounted) {
      for (const uuid of stored.slice(0, 2))
        expect((await t.http.delete(`/api/attachments/${uuid}`).set(operario)).status).toBe(200);
    } else {
      full = false;
    }
    const again = await upload(operario, await noisyPhoto(200, 150, 7), 'despues.jpg');
    expect(again.status).toBe(201);
    expect(await mismatch()).toEqual({ rowsWithoutFile: [], filesWithoutRow: [], parts: 0 });
  });

  it('a photo whose thumbnail finds no space answers 507 and leaves neither the photo nor a row', async () => {
    // Room for the photo: the earlier uploads deleted.
    const earlier: { uuid: string }[] = await t.ds.query('SELECT uuid FROM adjuntos WHERE tarea_asignada_uuid = $1', [
      occurrence,
    ]);
    for (const { uuid } of earlier)
      expect((await t.http.delete(`/api/attachments/${uuid}`).set(operario)).status).toBe(200);
    const before = await mismatch();
    const [{ n: rows }] = await t.ds.query('SELECT count(*)::int AS n FROM adjuntos');
    thumbnailsFull = true;
    try {
      const res = await upload(operario, await noisyPhoto(200, 150, 11), 'sin-miniatura.jpg');
      expect(res.status).toBe(507);
      expect(res.body.message).toBe(MESSAGES.errors.storageFull);
    } finally {
      thumbnailsFull = false;
    }
    expect(await mismatch()).toEqual(before);
    expect((await t.ds.query('SELECT count(*)::int AS n FROM adjuntos'))[0].n).toBe(rows);
  });
});
