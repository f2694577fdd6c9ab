import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { REPORT_EXPORT_COLUMNS } from '@gestar/contracts';
import { areaUuid, createTestApp, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Formula neutralisation on every text column of the XLSX and CSV exports:
 * a title, employee, area, status, observation or suggestion starting with
 * `=`, `+`, `-`, `@`, a tab, a carriage return or the full-width `＝` is kept
 * as text (an apostrophe in front). The expected cells are written out below.
 */

/** Binary bodies collected by supertest. */
function binary(res: { on(e: string, cb: (c?: Buffer) => void): void }, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => c && chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

const MARK = 'Fórmula';

/**
 * One row per dangerous start. Columns: Colaborador, Tarea, Área, Estado, Observaciones, Sugerencias.
 * The employee's full name is trimmed, so a leading tab or carriage return is gone there.
 */
const CASES: { start: string; cells: [string, string, string, string, string, string] }[] = [
  { start: '=', cells: [`'=Nombre0 ${MARK}`, `'=Tarea ${MARK} 0`, `'=Área ${MARK} 0`, `'=Estado ${MARK} 0`, `'=obs 0`, `1. =sug 0`] },
  { start: '+', cells: [`'+Nombre1 ${MARK}`, `'+Tarea ${MARK} 1`, `'+Área ${MARK} 1`, `'+Estado ${MARK} 1`, `'+obs 1`, `1. +sug 1`] },
  { start: '-', cells: [`'-Nombre2 ${MARK}`, `'-Tarea ${MARK} 2`, `'-Área ${MARK} 2`, `'-Estado ${MARK} 2`, `'-obs 2`, `1. -sug 2`] },
  { start: '@', cells: [`'@Nombre3 ${MARK}`, `'@Tarea ${MARK} 3`, `'@Área ${MARK} 3`, `'@Estado ${MARK} 3`, `'@obs 3`, `1. @sug 3`] },
  { start: '\t', cells: [`Nombre4 ${MARK}`, `'\tTarea ${MARK} 4`, `'\tÁrea ${MARK} 4`, `'\tEstado ${MARK} 4`, `'\tobs 4`, `1. \tsug 4`] },
  { start: '\r', cells: [`Nombre5 ${MARK}`, `'\rTarea ${MARK} 5`, `'\rÁrea ${MARK} 5`, `'\rEstado ${MARK} 5`, `'\robs 5`, `1. \rsug 5`] },
  { start: '＝', cells: [`'＝Nombre6 ${MARK}`, `'＝Tarea ${MARK} 6`, `'＝Área ${MARK} 6`, `'＝Estado ${MARK} 6`, `'＝obs 6`, `1. ＝sug 6`] },
];

/** The text columns of an exported row that a person types (REPORT_EXPORT_COLUMNS without dates, numbers and Sí/No). */
const TYPED = ['Colaborador', 'Tarea', 'Área', 'Estado', 'Observaciones', 'Sugerencias'].map((c) =>
  REPORT_EXPORT_COLUMNS.indexOf(c as (typeof REPORT_EXPORT_COLUMNS)[number]),
);
const textColumns = (r: string[]) => TYPED.map((i) => r[i]);

describe('exports keep dangerous text as text', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenFor(t, 'admin');
    const [tipo] = await t.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const admin = await userUuid(t, 'admin');
    const [operario] = await t.ds.query(`SELECT password_hash, rol_uuid FROM usuarios WHERE username = 'operario'`);
    const carpinteria = await areaUuid(t, 'Carpintería');
    for (const [i, { start }] of CASES.entries()) {
      const [area] = await t.ds.query(`INSERT INTO areas (nombre) VALUES ($1) RETURNING uuid`, [`${start}Área ${MARK} ${i}`]);
      const [estado] = await t.ds.query(
        `INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1, 'Prueba', $2, '#112233') RETURNING uuid`,
        [`${start}Estado ${MARK} ${i}`, 500 + i],
      );
      const [user] = await t.ds.query(
        `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
        [`formula${i}`, operario.password_hash, `${start}Nombre${i}`, MARK, operario.rol_uuid],
      );
      await t.ds.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2), ($1, $3)`, [user.uuid, area.uuid, carpinteria]);
      const [task] = await t.ds.query(
        `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid`,
        [`${start}Tarea ${MARK} ${i}`, tipo.uuid, area.uuid, admin],
      );
      await t.ds.query(`INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion) VALUES ($1, $2, $3)`, [
        task.uuid,
        user.uuid,
        `${start}sug ${i}`,
      ]);
      await t.ds.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, observaciones, asignado_por_uuid)
         VALUES ($1, $2, $3, CURRENT_DATE, $4, $5)`,
        [task.uuid, user.uuid, estado.uuid, `${start}obs ${i}`, admin],
      );
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const download = (format: string) =>
    t.http
      .get(`/api/reports/${format}`)
      .query({ title: MARK })
      .set('Authorization', `Bearer ${token}`)
      .buffer(true)
      .parse(binary);

  /** The exported rows of the cases, in the order of CASES (by the task title's number). */
  function ours(rows: string[][]): string[][] {
    const mine = rows.filter((r) => (r[1] ?? '').includes(MARK));
    return mine.sort((x, y) => Number(x[1]!.slice(-1)) - Number(y[1]!.slice(-1))).map(textColumns);
  }

  it('XLSX: every text column of every row, as text', async () => {
    const res = await download('xlsx');
    expect(res.status).toBe(200);
    const book = XLSX.read(res.body as Buffer, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const aoa = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
    expect(ours(aoa.slice(1))).toEqual(CASES.map((c) => c.cells));
    expect(Object.values(sheet).some((c) => typeof c === 'object' && c !== null && 'f' in c)).toBe(false);
  });

  it('CSV: every text column of every row, as text', async () => {
    const res = await download('csv');
    expect(res.status).toBe(200);
    const records: string[][] = parseCsv((res.body as Buffer).toString('utf8'), { bom: true, delimiter: ';' });
    expect(ours(records.slice(1))).toEqual(CASES.map((c) => c.cells));
  });
});
