// The XLSX baseline: the xlsx library alone writing the same rows the API
// exports (read first, untimed), as dense sheet cells of the same types. An
// empty text (no observations, no suggestions) is no cell, as in the API.
const { createRequire } = require('node:module');
const { join } = require('node:path');
const apiRequire = createRequire(join(process.env.BENCH_API_DIR, 'package.json'));
const XLSX = apiRequire('xlsx');
const { Client } = apiRequire('pg');

const areas = JSON.parse(process.env.BENCH_AREAS);
(async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(
    `SELECT u.nombre || ' ' || u.apellido AS colaborador, t.titulo, a.nombre AS area, e.nombre AS estado,
            (ta.fecha_asignacion AT TIME ZONE $2)::date::text AS creada,
            COALESCE(ta.fecha_vencimiento, (ta.fecha_asignacion AT TIME ZONE $2)::date)::text AS vence,
            ta.calificacion, COALESCE(ta.observaciones, '') AS observaciones
       FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid JOIN areas a ON a.uuid = t.area_uuid
       JOIN usuarios u ON u.uuid = ta.empleado_uuid JOIN estados e ON e.uuid = ta.estado_uuid
      WHERE t.area_uuid = ANY($1::uuid[]) ORDER BY ta.fecha_asignacion DESC, ta.uuid DESC`,
    [areas, process.env.APP_TIMEZONE],
  );
  await client.end();
  const date = (d) => {
    const [y, m, dd] = d.split('-').map(Number);
    return { t: 'n', v: Date.UTC(y, m - 1, dd) / 86400000 + 25569, z: 'dd/mm/yyyy' };
  };
  const started = performance.now();
  const header = ['Colaborador', 'Tarea', 'Área', 'Estado', 'Fecha de creación', 'Fecha de vencimiento', 'Calificación', 'Observaciones', 'Sugerencias'];
  const sheet = XLSX.utils.aoa_to_sheet([header.map((h) => ({ t: 's', v: h }))], { dense: true });
  for (let i = 0; i < rows.length; i += 2000) {
    const aoa = rows.slice(i, i + 2000).map((r) => [
      { t: 's', v: r.colaborador }, { t: 's', v: r.titulo }, { t: 's', v: r.area }, { t: 's', v: r.estado },
      date(r.creada), date(r.vence), r.calificacion === null ? { t: 'z' } : { t: 'n', v: r.calificacion },
      r.observaciones === '' ? { t: 'z' } : { t: 's', v: r.observaciones }, { t: 'z' },
    ]);
    XLSX.utils.sheet_add_aoa(sheet, aoa, { origin: -1 });
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Reporte');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, rows: rows.length, bytes: buffer.length }));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
