// The API killed (SIGKILL) during photo uploads, bulk actions and XLSX exports, several
// rounds each: nothing half-written once it starts again. Every bulk action is applied to all
// its tasks or to none (with its history and audit rows), every attachment row has its files,
// the files without a row are only what the nightly sweep removes, an export is received whole
// or not at all and leaves no file behind, and the API starts again cleanly each time.
//
//   KILL_ROUNDS (5): rounds of each kind.
import { mkdirSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { login, percentile, query, sleep, startApi } from '../lib.mjs';
import { check, figures, log, logDir, root, section } from '../checks.mjs';
import { compareRowsAndFiles, filesOnDisk, photo, photoOccurrences, sweepThroughJobs, upload } from '../uploads.mjs';

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 5);
const UPLOADERS = 6;
const BULKERS = 4;
const BULK_SIZE = 150;
const EXPORTERS = 3;
/** Occurrences for the exports to read (the demo's plus these). */
const EXPORT_ROWS = 3000;

const XLSX = createRequire(join(root, 'apps', 'api', 'package.json'))('xlsx');

/** `count` occurrences of `area` for `username` (Carpintería and operario: the bulk actions' own). */
async function occurrencesOf(url, count, area = 'Carpintería', username = 'operario') {
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM areas WHERE nombre = $1) AS carp, (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo,
            (SELECT uuid FROM usuarios WHERE username = $2) AS operario, (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin,
            (SELECT uuid FROM usuarios WHERE username = 'supervisor') AS supervisor, (SELECT uuid FROM estados ORDER BY "order" LIMIT 1) AS estado`,
    [area, username],
  );
  const rows = await query(
    url,
    `WITH t AS (
       INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT 'Masiva ' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
     ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, $5 FROM t)
     INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
     SELECT uuid, $5, $6, current_date + 1, $3 FROM t RETURNING uuid`,
    [ids.tipo, ids.carp, ids.admin, count, ids.operario, ids.estado],
  );
  return { ids, uuids: rows.map((r) => r.uuid) };
}

/**
 * What one bulk action left on its tasks: how many changed, with a history entry, with an audit
 * entry. Archiving writes `archivada`, an «archivo» entry and an «archivar» audit row; reassigning
 * writes the assignee, an «asignacion» entry and an audit row of the change.
 */
async function bulkEffect(url, b, supervisor) {
  const [r] = await query(
    url,
    `SELECT (SELECT count(*)::int FROM tareas_asignadas WHERE uuid = ANY($1::uuid[])
               AND CASE WHEN $2 = 'archivar' THEN archivada ELSE empleado_uuid = $3::uuid END) AS changed,
            (SELECT count(DISTINCT tarea_asignada_uuid)::int FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = ANY($1::uuid[])
               AND tipo = CASE WHEN $2 = 'archivar' THEN 'archivo' ELSE 'asignacion' END) AS history,
            (SELECT count(DISTINCT recurso_uuid)::int FROM auditoria WHERE recurso = 'tarea_asignada'
               AND recurso_uuid::text = ANY($1::text[])) AS audit`,
    [b.ids, b.accion, supervisor],
  );
  return r;
}

/** A valid XLSX: a workbook whose first sheet has rows. */
function validWorkbook(buf) {
  try {
    const book = XLSX.read(buf, { type: 'buffer', sheetRows: 3 });
    return book.SheetNames.length > 0;
  } catch {
    return false;
  }
}

export default async function kills({ cluster }) {
  const base = join(root, '.data', 'reliability-kills');
  rmSync(base, { recursive: true, force: true });
  const uploadsDir = join(base, 'adjuntos');
  const tmpDir = join(base, 'tmp');
  mkdirSync(uploadsDir, { recursive: true });
  mkdirSync(tmpDir, { recursive: true });
  await cluster.createDatabase('rel_kills');
  const url = cluster.url('rel_kills');
  const env = { UPLOADS_DIR: uploadsDir, TMPDIR: tmpDir };
  const starts = [];
  let n = 0;
  const boot = async () => {
    const t0 = Date.now();
    const api = await startApi(root, { databaseUrl: url, env, logDir, name: `api-kills-${++n}` });
    await api.waitHealthy(90_000);
    starts.push(Date.now() - t0);
    return api;
  };
  let api = await boot();
  const photoTargets = await photoOccurrences(url, 80, 'Fotos con SIGKILL');
  const { ids, uuids: bulkPool } = await occurrencesOf(url, ROUNDS * BULKERS * 4 * BULK_SIZE);
  // The exports read mlopez's occurrences of Tapicería only: a workbook of a known size.
  const { ids: exported } = await occurrencesOf(url, EXPORT_ROWS, 'Tapicería', 'mlopez');
  // Photos made once: the clients must not wait for the encoder.
  const photos = await Promise.all(
    Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? photo(640, 480, i + 1, 'png') : photo(1280, 960, i + 1))),
  );
  log(`SIGKILL: ${ROUNDS} rondas de subidas, acciones masivas y exportaciones XLSX`);

  const rounds = [];
  const uploadsAcked = [];
  const bulks = [];
  const exports = [];
  let nextBulk = 0;
  let photoTurn = 0;
  const ownerLines = [];
  let leftSoFar = 0;
  for (const kind of ['fotos', 'masivas', 'xlsx']) {
    for (let r = 1; r <= ROUNDS; r++) {
      const who = await login(api.base, kind === 'fotos' ? 'operario' : 'admin');
      let stop = false;
      const started = Date.now();
      let inFlight = 0;
      /** Requests answered before the kill. */
      let answered = 0;
      const loops = [];
      const loop = (fn) =>
        loops.push(
          (async () => {
            while (!stop) {
              inFlight++;
              await fn();
              inFlight--;
              if (!stop) answered++;
            }
          })(),
        );
      if (kind === 'fotos') {
        for (let c = 0; c < UPLOADERS; c++) {
          loop(async () => {
            const k = photoTurn++;
            const t = photoTargets[k % photoTargets.length];
            const bytes = photos[k % photos.length];
            const png = (k % photos.length) % 3 === 2;
            const res = await upload(api.base, who.token, t.occurrence, bytes, {
              name: png ? `k-${k}.png` : `k-${k}.jpg`,
              type: png ? 'image/png' : 'image/jpeg',
              item: k % 2 === 0 ? t.item : undefined,
            });
            if (res.status === 201) uploadsAcked.push(res.body.uuid);
          });
        }
      } else if (kind === 'masivas') {
        for (let c = 0; c < BULKERS; c++) {
          loop(async () => {
            const set = bulkPool.slice(nextBulk * BULK_SIZE, (nextBulk + 1) * BULK_SIZE);
            nextBulk++;
            if (set.length < BULK_SIZE) {
              await sleep(50);
              return;
            }
            const accion = nextBulk % 2 === 0 ? 'archivar' : 'reasignar';
            const b = { ids: set, accion, status: null };
            bulks.push(b);
            const body =
              accion === 'archivar'
                ? { ids: set, accion, calificacion: 4 }
                : { ids: set, accion, empleado_uuid: ids.supervisor };
            try {
              const res = await fetch(`${api.base}/api/assigned-tasks/bulk`, {
                method: 'POST',
                headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
                body: JSON.stringify(body),
                signal: AbortSignal.timeout(60_000),
              });
              b.status = res.status;
              b.body = await res.json().catch(() => null);
            } catch {
              b.status = 0;
            }
          });
        }
      } else {
        for (let c = 0; c < EXPORTERS; c++) {
          loop(async () => {
            const e = { status: null, bytes: 0, valid: false };
            exports.push(e);
            try {
              const res = await fetch(`${api.base}/api/reports/xlsx?employee_uuids=${exported.operario}`, {
                headers: { authorization: `Bearer ${who.token}` },
                signal: AbortSignal.timeout(60_000),
              });
              const buf = Buffer.from(await res.arrayBuffer());
              e.status = res.status;
              e.bytes = buf.length;
              e.valid = res.status === 200 && validWorkbook(buf);
            } catch {
              e.status = 0;
            }
          });
        }
      }
      // A random moment of the work: between 0.3 and 2.5 s after the first requests left.
      const delay = 300 + Math.floor(Math.random() * 2200);
      await sleep(delay);
      const cutInFlight = inFlight;
      stop = true;
      api.child.kill('SIGKILL');
      await api.exited;
      await Promise.all(loops);
      // The database as the killed process left it, before anything starts again.
      await sleep(200);
      const [left] = await query(
        url,
        `SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
                   AND state LIKE 'idle in transaction%') AS idle_in_tx,
                (SELECT count(*)::int FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                   WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND l.locktype IN ('relation', 'tuple', 'transactionid')
                   AND a.state <> 'idle') AS locks`,
      );
      const consistency = await compareRowsAndFiles(url, uploadsDir);
      // Files and parts this kill left without a row (the earlier rounds' are still there).
      const newOrphans = consistency.filesWithoutRow.length + consistency.parts - leftSoFar;
      leftSoFar += newOrphans;
      api = await boot();
      ownerLines.push(...api.lines.filter((l) => /ERROR/.test(l)));
      rounds.push({
        kind,
        r,
        delay,
        cutInFlight,
        answered,
        ms: Date.now() - started,
        ...left,
        rowsWithoutFile: consistency.rowsWithoutFile.length,
        orphans: newOrphans,
        parts: consistency.parts,
      });
      log(
        `SIGKILL ${kind} ${r}: a los ${delay} ms, ${answered} respondidas antes y ${cutInFlight} en curso; filas sin archivo ${consistency.rowsWithoutFile.length}, archivos sin fila ${consistency.filesWithoutRow.length} (${newOrphans} de esta muerte), temporales ${consistency.parts}`,
      );
    }
  }

  // Bulk actions: each all or nothing, with its history and audit rows; an acknowledged one applied.
  let whole = 0;
  let none = 0;
  const partial = [];
  let ackedMissing = 0;
  for (const b of bulks) {
    const e = await bulkEffect(url, b, ids.supervisor);
    const size = b.ids.length;
    if (e.changed === size && e.history === size && e.audit === size) whole++;
    else if (e.changed === 0 && e.history === 0 && e.audit === 0) none++;
    else partial.push({ accion: b.accion, status: b.status, ...e });
    if (b.status === 200 && e.changed !== size) ackedMissing++;
  }
  const bulkCut = bulks.filter((b) => b.status === 0);

  // Uploads: every acknowledged upload's row and files are there; files without rows are old enough for the sweep.
  const before = await compareRowsAndFiles(url, uploadsDir);
  const [{ n: ackedPresent }] = await query(
    url,
    'SELECT count(*)::int AS n FROM adjuntos WHERE uuid = ANY($1::uuid[])',
    [uploadsAcked],
  );
  await api.stop();
  const old = new Date(Date.now() - 2 * 3600_000);
  const disk = filesOnDisk(uploadsDir);
  for (const f of disk.files) utimesSync(join(uploadsDir, f), old, old);
  for (const p of disk.parts) utimesSync(join(uploadsDir, '.tmp', p), old, old);
  const sweep = await sweepThroughJobs(root, { databaseUrl: url, uploadsDir, logDir, name: 'barrido-kills' });
  const after = await compareRowsAndFiles(url, uploadsDir);

  // Exports: each received whole (a workbook that opens) or not at all; nothing left in TMPDIR; no job row stuck.
  const exportOk = exports.filter((e) => e.status === 200);
  const exportBroken = exportOk.filter((e) => !e.valid);
  const exportCut = exports.filter((e) => e.status === 0);
  const tmpLeft = readdirSync(tmpDir).length;
  const [jobs] = await query(
    url,
    `SELECT CASE WHEN to_regclass('pgboss.job') IS NULL THEN 0
                 ELSE (SELECT count(*)::int FROM pgboss.job WHERE state = 'active') END AS active`,
  ).catch(() => [{ active: -1 }]);

  const f = (figures.kills = {
    rounds: rounds.length,
    starts,
    startP50: percentile(starts, 50),
    startMax: Math.max(...starts),
    uploadsAcked: uploadsAcked.length,
    ackedPresent,
    before,
    after,
    sweep,
    bulks: bulks.length,
    bulkCut: bulkCut.length,
    whole,
    none,
    partial,
    ackedMissing,
    exports: exports.length,
    exportOk: exportOk.length,
    exportBroken: exportBroken.length,
    exportCut: exportCut.length,
    tmpLeft,
    activeJobs: jobs.active,
    roundsDetail: rounds,
  });
  const leftTx = rounds.reduce((a, r) => a + r.idle_in_tx, 0);
  check(
    'SIGKILL: cada acción masiva se aplicó entera o no se aplicó',
    partial.length === 0 && ackedMissing === 0 && f.bulks > 0,
    `${f.bulks} acciones de ${BULK_SIZE} tareas: ${whole} enteras (estado, historial y auditoría), ${none} sin aplicar, ${partial.length} a medias; ${f.bulkCut} cortadas por la señal; confirmadas sin aplicar ${ackedMissing}`,
  );
  check(
    'SIGKILL: ninguna fila de adjunto sin su archivo',
    rounds.every((r) => r.rowsWithoutFile === 0) &&
      before.rowsWithoutFile.length === 0 &&
      ackedPresent === uploadsAcked.length,
    `${before.rows} filas, ${uploadsAcked.length} subidas confirmadas (${ackedPresent} con fila), ${before.rowsWithoutFile.length} filas sin archivo o miniatura`,
  );
  check(
    'SIGKILL: los archivos sin fila son solo lo que el barrido borra',
    sweep.ok && after.filesWithoutRow.length === 0 && after.parts === 0 && after.rowsWithoutFile.length === 0,
    `antes del barrido ${before.filesWithoutRow.length} archivos sin fila y ${before.parts} temporales; el barrido (${sweep.ok ? `${sweep.ms} ms` : `falló: ${sweep.error}`}) deja ${after.filesWithoutRow.length} y ${after.parts}, y ${after.rows} filas con sus ${after.files} archivos`,
  );
  check(
    'SIGKILL: una exportación XLSX llega entera o no llega',
    exportBroken.length === 0 && tmpLeft === 0 && jobs.active === 0 && exportOk.length > 0,
    `${f.exports} pedidas: ${exportOk.length} recibidas y todas abren (${exportBroken.length} rotas), ${exportCut.length} cortadas sin respuesta; ${tmpLeft} archivos en TMPDIR; ${jobs.active} trabajos activos`,
  );
  check(
    'SIGKILL: la API vuelve a arrancar limpia',
    starts.length === rounds.length + 1 && leftTx === 0,
    `${starts.length} arranques, mediana ${f.startP50} ms, máximo ${f.startMax} ms; ${leftTx} sesiones en transacción tras la muerte`,
  );
  const byKind = (k) => rounds.filter((r) => r.kind === k);
  const row = (k, label) => {
    const rs = byKind(k);
    return `| ${label} | ${rs.length} | ${rs.map((r) => r.delay).join(', ')} | ${rs.map((r) => `${r.answered} + ${r.cutInFlight}`).join(', ')} | ${rs.reduce((a, r) => a + r.orphans, 0)} | ${rs.reduce((a, r) => a + r.rowsWithoutFile, 0)} |`;
  };
  section(
    'kills',
    `### La API muerta con SIGKILL durante fotos, acciones masivas y exportaciones

Esperado: nada queda escrito a medias. Cada acción masiva se aplica a todas sus tareas o a ninguna, con su historial y su auditoría; cada fila de \`adjuntos\` tiene su archivo y su miniatura, y los archivos sin fila que deja una muerte son solo los que el barrido nocturno borra; una exportación XLSX llega entera (un libro que abre) o no llega, sin archivos sueltos ni trabajos trabados; la API vuelve a arrancar sin ayuda.

Se hicieron ${ROUNDS} rondas de cada clase contra la API compilada: ${UPLOADERS} personas subiendo fotos reales (JPEG de 1280 × 960 y PNG, la mitad como evidencia de un paso), ${BULKERS} acciones masivas de ${BULK_SIZE} tareas a la vez (archivar con calificación o reasignar, cada una a tareas propias) o ${EXPORTERS} exportaciones XLSX de las ${EXPORT_ROWS} tareas de una persona; SIGKILL en un momento al azar entre 0,3 y 2,5 s, se miró la base como quedó y se arrancó de nuevo.

| Clase | Rondas | Muerte a los (ms) | Respondidas antes + en curso al morir | Archivos sin fila que dejó | Filas sin archivo |
|---|---|---|---|---|---|
${row('fotos', 'Fotos')}
${row('masivas', 'Acciones masivas')}
${row('xlsx', 'Exportación XLSX')}

| Medida | Valor |
|---|---|
| Acciones masivas | ${f.bulks}: ${whole} enteras, ${none} sin aplicar, ${partial.length} a medias (${f.bulkCut} cortadas por la señal) |
| Subidas confirmadas | ${f.uploadsAcked}, todas con fila (${ackedPresent}) |
| Archivos sin fila tras las muertes | ${before.filesWithoutRow.length} y ${before.parts} temporales; tras el barrido del planificador de trabajos: ${after.filesWithoutRow.length} y ${after.parts} |
| Exportaciones | ${f.exports} pedidas, ${exportOk.length} recibidas (todas abren: ${exportBroken.length} rotas), ${exportCut.length} cortadas; ${tmpLeft} archivos en TMPDIR |
| Arranques | ${starts.length}, mediana ${f.startP50} ms, máximo ${f.startMax} ms; sesiones en transacción tras morir: ${leftTx} |
`,
  );
  if (ownerLines.length) log(`SIGKILL: errores en los arranques: ${ownerLines.slice(0, 3).join(' | ')}`);
}
