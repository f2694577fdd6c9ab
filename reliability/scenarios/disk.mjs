// The disk of the photos full (ENOSPC): UPLOADS_DIR on a 4 MB tmpfs filled with photo
// uploads. The refused upload answers 507 in Spanish, never a 500; no row lacks its file and
// no file its row; freed space takes uploads again; the nightly sweep removes what a crash left.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statfsSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { http, login, query, startApi } from '../lib.mjs';
import { check, figures, log, logDir, root, section } from '../checks.mjs';
import { compareRowsAndFiles, filesOnDisk, photo, photoOccurrences, sweepThroughJobs, upload } from '../uploads.mjs';

const SIZE_MB = 4;
/** The 507's text, as a person reads it (written here, not read from the contracts). */
const FULL_TEXT =
  'No queda espacio en el servidor para guardar archivos: no se guardó el archivo. Avise a un administrador e intente nuevamente más tarde.';
const CONCURRENT = 3;

const kb = (n) => `${Math.round(n / 1024)} KB`;
function diskUse(dir) {
  const s = statfsSync(dir);
  return { size: s.blocks * s.bsize, free: s.bavail * s.bsize };
}

export default async function disk({ cluster }) {
  const dir = join(root, '.data', 'reliability-disk', 'adjuntos');
  rmSync(join(root, '.data', 'reliability-disk'), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    check(
      'disco lleno: montar un disco pequeño',
      false,
      `montar un tmpfs necesita root (${String(err.stderr ?? err)
        .trim()
        .slice(0, 200)})`,
    );
    section('disk', '### Disco de las fotos lleno\n\nNo se ejecutó: montar un tmpfs necesita root.\n');
    return;
  }
  let api;
  try {
    await cluster.createDatabase('rel_disk');
    const url = cluster.url('rel_disk');
    api = await startApi(root, { databaseUrl: url, env: { UPLOADS_DIR: dir }, logDir, name: 'api-disk' });
    await api.waitHealthy(90_000);
    const { token } = await login(api.base, 'operario');
    const targets = await photoOccurrences(url, 10, 'Disco lleno');
    log(`Disco lleno: fotos a un tmpfs de ${SIZE_MB} MB (${CONCURRENT} subidas a la vez)`);

    // 1. Fill it: JPEG and PNG photos, as evidence of a step or loose, until six refusals in a row.
    const statuses = {};
    const answers = [];
    const stored = [];
    let refusedInRow = 0;
    let n = 0;
    let firstRefusalAt = null;
    while (refusedInRow < 6 && n < 90) {
      const batch = await Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          const k = n++;
          const t = targets[Math.floor(k / 8) % targets.length];
          const png = k % 3 === 2;
          const bytes = png ? await photo(640, 480, k + 1, 'png') : await photo(1024, 768, k + 1);
          const r = await upload(api.base, token, t.occurrence, bytes, {
            name: png ? `tablero-${k}.png` : `foto-${k}.jpg`,
            type: png ? 'image/png' : 'image/jpeg',
            item: k % 2 === 0 ? t.item : undefined,
          });
          return { k, bytes: bytes.length, ...r };
        }),
      );
      for (const r of batch.sort((a, b) => a.k - b.k)) {
        answers.push(r);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 201) {
          stored.push(r.body.uuid);
          refusedInRow = 0;
        } else {
          refusedInRow++;
          firstRefusalAt ??= stored.length;
        }
      }
    }
    const use = diskUse(dir);
    const refused = answers.filter((r) => r.status !== 201);
    const refusedOk = refused.filter((r) => (r.status === 507 || r.status === 503) && r.body?.message === FULL_TEXT);
    const fiveHundreds = answers.filter((r) => r.status === 500 || r.status === 0);
    const afterFill = await compareRowsAndFiles(url, dir);
    log(`Disco lleno: ${JSON.stringify(statuses)}; libres ${kb(use.free)} de ${kb(use.size)}`);

    // 2. While full: what is stored still downloads.
    const some = stored[0];
    const download = some
      ? await fetch(`${api.base}/api/attachments/${some}`, { headers: { authorization: `Bearer ${token}` } })
      : null;
    const downloadStatus = download?.status ?? null;
    if (download) await download.arrayBuffer();

    // 3. Free space (the operario deletes four photos) and upload again.
    let deleted = 0;
    for (const uuid of stored.slice(0, 4)) {
      if ((await http(api.base, 'DELETE', `/api/attachments/${uuid}`, { token })).status === 200) deleted++;
    }
    const freedKb = diskUse(dir).free;
    const again = await upload(api.base, token, targets[targets.length - 1].occurrence, await photo(1024, 768, 777), {
      name: 'despues.jpg',
    });
    const afterFree = await compareRowsAndFiles(url, dir);
    await api.stop();

    // 4. What a crash leaves (written by hand, as a SIGKILL between the write and the row would):
    // parts of writes in progress and files without a row, old and recent. The sweep removes
    // the old ones and leaves the recent (maybe an upload in progress) and every file with a row.
    const old = new Date(Date.now() - 2 * 3600_000);
    // Every stored file made old too: the sweep must keep them for their rows, not for their age.
    const before = filesOnDisk(dir);
    for (const name of before.files) utimesSync(join(dir, name), old, old);
    mkdirSync(join(dir, '.tmp'), { recursive: true });
    const leftovers = { oldParts: [], recentParts: [], oldOrphans: [], recentOrphans: [] };
    for (let i = 0; i < 3; i++) {
      const part = join(dir, '.tmp', `${randomUUID()}.part`);
      writeFileSync(part, Buffer.alloc(20_000, 1));
      utimesSync(part, old, old);
      leftovers.oldParts.push(part);
      const u = randomUUID();
      for (const name of [`${u}.jpg`, `${u}-miniatura.webp`]) {
        writeFileSync(join(dir, name), Buffer.alloc(10_000, 2));
        utimesSync(join(dir, name), old, old);
        leftovers.oldOrphans.push(name);
      }
    }
    const recentPart = join(dir, '.tmp', `${randomUUID()}.part`);
    writeFileSync(recentPart, 'x');
    leftovers.recentParts.push(recentPart);
    const recent = `${randomUUID()}.png`;
    writeFileSync(join(dir, recent), 'x');
    leftovers.recentOrphans.push(recent);
    const sweep = await sweepThroughJobs(root, { databaseUrl: url, uploadsDir: dir, logDir, name: 'barrido-disk' });
    const after = filesOnDisk(dir);
    const afterSweep = await compareRowsAndFiles(url, dir);
    const leftOld =
      leftovers.oldOrphans.filter((f) => after.files.includes(f)).length +
      leftovers.oldParts.filter((p) => after.parts.includes(p.split('/').pop())).length;
    const keptRecent =
      leftovers.recentOrphans.filter((f) => after.files.includes(f)).length +
      leftovers.recentParts.filter((p) => after.parts.includes(p.split('/').pop())).length;

    const [{ n: historyNotes }] = await query(
      url,
      `SELECT count(*)::int AS n FROM historial_tareas_asignadas WHERE tipo = 'adjunto'`,
    );
    figures.disk = {
      sizeMb: SIZE_MB,
      attempts: answers.length,
      statuses,
      stored: stored.length,
      firstRefusalAt,
      refused: refused.length,
      refusedOk: refusedOk.length,
      freeAtFull: use.free,
      afterFill,
      downloadStatus,
      deleted,
      freedKb,
      again: again.status,
      afterFree,
      sweep,
      leftOld,
      keptRecent,
      historyNotes,
    };
    const f = figures.disk;
    check(
      'disco lleno: la subida responde 507 en castellano, nunca 500',
      f.refused > 0 && f.refusedOk === f.refused && fiveHundreds.length === 0,
      `${f.refusedOk}/${f.refused} rechazos con 507 y el mensaje; respuestas ${JSON.stringify(statuses)}`,
    );
    const consistent = (c) => c.rowsWithoutFile.length === 0 && c.filesWithoutRow.length === 0 && c.parts === 0;
    check(
      'disco lleno: ninguna fila sin archivo ni archivo sin fila',
      consistent(afterFill) && consistent(afterFree) && afterSweep.rowsWithoutFile.length === 0,
      `lleno: ${afterFill.rows} filas, ${afterFill.files} archivos (con miniaturas), ${afterFill.rowsWithoutFile.length} filas sin archivo, ${afterFill.filesWithoutRow.length} archivos sin fila, ${afterFill.parts} temporales; tras liberar: ${afterFree.rowsWithoutFile.length}/${afterFree.filesWithoutRow.length}/${afterFree.parts}`,
    );
    check(
      'disco lleno: con espacio liberado se vuelve a subir',
      f.deleted === 4 && f.again === 201 && downloadStatus === 200,
      `4 fotos eliminadas (${deleted}), libres ${kb(freedKb)}; la subida siguiente respondió ${again.status}; una descarga con el disco lleno ${downloadStatus}`,
    );
    check(
      'disco lleno: el barrido limpia lo que deja una caída',
      sweep.ok && leftOld === 0 && keptRecent === 2 && afterSweep.filesWithoutRow.length === 1,
      `trabajo attachments-orphans ${sweep.ok ? `en ${sweep.ms} ms` : `falló: ${sweep.error}`}; quedan ${leftOld} de 9 restos viejos (3 temporales, 3 fotos con miniatura), ${keptRecent}/2 recientes conservados, ${afterSweep.rowsWithoutFile.length} filas sin archivo`,
    );
    section(
      'disk',
      `### Disco de las fotos lleno

Esperado: cuando el disco de los archivos (\`UPLOADS_DIR\`) se llena, la subida responde 507 (Insufficient Storage) con un mensaje en castellano que lo explica, nunca un 500; no queda ninguna fila de \`adjuntos\` sin su archivo (ni su miniatura) ni un archivo sin su fila ni un temporal; al liberar espacio se vuelve a subir; el barrido nocturno (\`attachments-orphans\`) borra lo que deja una caída (temporales \`.tmp/*.part\` y archivos sin fila de más de una hora) y nada más.

Se montó un tmpfs de ${SIZE_MB} MB como \`UPLOADS_DIR\` de la API compilada y el operario subió fotos reales (JPEG de 1024 × 768 y PNG de 640 × 480, con grano, la mitad como evidencia de un paso que requiere foto), ${CONCURRENT} a la vez, hasta seis rechazos seguidos.

| Medida | Valor |
|---|---|
| Subidas intentadas | ${f.attempts} (${Object.entries(statuses)
        .map(([s, c]) => `${c} × ${s}`)
        .join(', ')}) |
| Guardadas antes del primer rechazo | ${f.firstRefusalAt} |
| Rechazos con 507 y el mensaje | ${f.refusedOk} de ${f.refused} |
| Libre con el disco lleno | ${kb(f.freeAtFull)} |
| Filas y archivos con el disco lleno | ${afterFill.rows} filas, ${afterFill.files} archivos con miniaturas; ${afterFill.rowsWithoutFile.length} filas sin archivo, ${afterFill.filesWithoutRow.length} archivos sin fila, ${afterFill.parts} temporales |
| Descarga con el disco lleno | ${downloadStatus} |
| Tras eliminar 4 fotos | libres ${kb(freedKb)}; la subida siguiente: ${again.status} |
| Barrido por el planificador de trabajos | ${sweep.ok ? `${sweep.ms} ms` : 'falló'}; de 3 temporales y 3 fotos con miniatura sin fila, de hace dos horas, quedan ${leftOld}; los 2 recientes quedan (${keptRecent}) y los ${before.files.length} archivos con fila también (envejecidos a propósito) |
`,
    );
  } finally {
    if (api?.alive()) await api.stop('SIGKILL');
    try {
      execFileSync('umount', [dir], { stdio: 'pipe' });
    } catch (err) {
      log(`Disco lleno: no se pudo desmontar ${dir}: ${String(err.stderr ?? err).trim()}`);
    }
  }
}
