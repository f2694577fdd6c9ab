// What the disk and kills scenarios share: photos made here (real JPEG and PNG files),
// uploads through the API, occurrences to attach them to, the comparison of the
// attachments table with the files on disk, and the orphan sweep run through the job runtime.
import { createRequire } from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { query, sleep, startApi } from './lib.mjs';

const requireApi = createRequire(join(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
const sharp = requireApi('sharp');

/**
 * A photo of `w` x `h`: a gradient with grain, as a phone takes it, which JPEG and PNG
 * barely compress (so each upload takes real space). `seed` varies the grain.
 */
export async function photo(w, h, seed, format = 'jpeg') {
  const raw = Buffer.alloc(w * h * 3);
  let x = (seed * 2654435761) >>> 0;
  for (let y = 0; y < h; y++) {
    for (let i = 0; i < w; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      const grain = (x >>> 24) - 128;
      const o = (y * w + i) * 3;
      raw[o] = Math.max(0, Math.min(255, ((i * 255) / w + grain) | 0));
      raw[o + 1] = Math.max(0, Math.min(255, ((y * 255) / h + grain) | 0));
      raw[o + 2] = Math.max(0, Math.min(255, 128 + grain));
    }
  }
  const image = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/**
 * `POST /api/assigned-tasks/:id/attachments` (multipart, field `archivo`; `checklist_item_uuid` for
 * a step's evidence). Answers `{ status, body }`, or `{ status: 0, error }` when the connection failed.
 */
export async function upload(
  base,
  token,
  occurrence,
  bytes,
  { name = 'foto.jpg', type = 'image/jpeg', item, timeoutMs = 60_000 } = {},
) {
  const form = new FormData();
  if (item) form.append('checklist_item_uuid', item);
  form.append('archivo', new Blob([bytes], { type }), name);
  try {
    const res = await fetch(`${base}/api/assigned-tasks/${occurrence}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch (error) {
    return { status: 0, error: String(error?.cause?.code ?? error?.message ?? error) };
  }
}

/**
 * `count` assigned tasks of Carpintería for operario, each with a checklist step that requires a
 * photo, written straight to the tables (as the load scenario's fixtures are). Answers
 * `[{ occurrence, item }]`.
 */
export async function photoOccurrences(url, count, title = 'Fotos') {
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM areas WHERE nombre = 'Carpintería') AS carp, (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo,
            (SELECT uuid FROM usuarios WHERE username = 'operario') AS operario, (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin,
            (SELECT uuid FROM estados ORDER BY "order" LIMIT 1) AS estado`,
  );
  const rows = await query(
    url,
    `WITH t AS (
       INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT $6 || ' ' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
     ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, $5 FROM t),
     ta AS (
       INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
       SELECT uuid, $5, $7, current_date + 1, $3 FROM t RETURNING uuid
     )
     INSERT INTO tarea_asignada_checklist (tarea_asignada_uuid, orden, texto, requiere_foto)
     SELECT uuid, 1, 'Foto del trabajo terminado', true FROM ta RETURNING tarea_asignada_uuid AS occurrence, uuid AS item`,
    [ids.tipo, ids.carp, ids.admin, count, ids.operario, title, ids.estado],
  );
  return rows;
}

/** The stored files (not the `.tmp/` folder) and the temporary parts of writes in progress. */
export function filesOnDisk(dir) {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const tmp = join(dir, '.tmp');
  return { files: names.filter((n) => !n.startsWith('.')), parts: existsSync(tmp) ? readdirSync(tmp) : [] };
}

/**
 * The attachments table against the disk: rows whose file or thumbnail is missing, and files no
 * row names (with the number of rows and files).
 */
export async function compareRowsAndFiles(url, dir) {
  const rows = await query(url, 'SELECT clave, miniatura_clave FROM adjuntos');
  const named = new Set(rows.flatMap((r) => [r.clave, ...(r.miniatura_clave ? [r.miniatura_clave] : [])]));
  const { files, parts } = filesOnDisk(dir);
  const present = new Set(files);
  return {
    rows: rows.length,
    files: files.length,
    parts: parts.length,
    rowsWithoutFile: [...named].filter((k) => !present.has(k)),
    filesWithoutRow: files.filter((f) => !named.has(f)),
  };
}

/**
 * One run of the job `attachments-orphans` (both sweeps) through the job runtime: the built API
 * with the runtime on, sent the job at once (reliability/sweep-worker.mjs); answers when the
 * job's run is recorded in `trabajos`, with the milliseconds it took.
 */
export async function sweepThroughJobs(root, { databaseUrl, uploadsDir, logDir, name = 'barrido' }) {
  const before = await runsOf(databaseUrl);
  const worker = await startApi(root, {
    databaseUrl,
    logDir,
    name,
    script: join(import.meta.dirname, 'sweep-worker.mjs'),
    env: { UPLOADS_DIR: uploadsDir, SCHEDULER_ENABLED: 'true', SEED_DEMO: 'false', JOBS_POLL_SECONDS: '1' },
  });
  try {
    await worker.waitLine(/SWEEP_SENT/, 90_000);
    const t0 = Date.now();
    while (Date.now() - t0 < 60_000) {
      const now = await runsOf(databaseUrl);
      if (now.runs > before.runs || now.failures > before.failures) {
        return { ok: now.runs > before.runs, ms: Date.now() - t0, error: now.error };
      }
      await sleep(100);
    }
    return { ok: false, ms: Date.now() - t0, error: 'el trabajo no terminó en 60 s' };
  } finally {
    await worker.stop();
  }
}

async function runsOf(url) {
  const [r] = await query(
    url,
    `SELECT ejecuciones::int AS runs, fallos::int AS failures, ultimo_error AS error FROM trabajos WHERE nombre = 'attachments-orphans'`,
  );
  return r ?? { runs: 0, failures: 0, error: null };
}
