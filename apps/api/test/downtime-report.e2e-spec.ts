import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import {
  companyMidnight,
  DOWNTIME_COLUMNS,
  DowntimeResponseSchema,
  MESSAGES,
  type DowntimeResponse,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * The downtime figures («Paradas y mantenimiento») over hand-made timelines, the period being
 * 1–10 March 2026 (240 hours). Each figure below is worked out by hand:
 *
 * SIE-01 (Carpintería)
 *   28/02 12:00 – 01/03 06:00 detenido (report)   6 h inside (crosses the start; began before: no failure)
 *   01/03 06:00 – 03/03 00:00 operativo           42 h
 *   03/03 00:00 – 03/03 10:00 detenido (report)   10 h, failure 1
 *   03/03 10:00 – 05/03 00:00 operativo           38 h
 *   05/03 00:00 – 05/03 04:00 detenido (report)   4 h, failure 2
 *   05/03 04:00 – 05/03 06:00 mantenimiento       2 h (not stopped)
 *   05/03 06:00 – 10/03 20:00 operativo           134 h
 *   10/03 20:00 – 12/03 00:00 detenido (by hand)  4 h inside (crosses the end; no report: no failure)
 *   → stopped 24 h, 2 failures, operating 214 h, MTBF 107 h, MTTR 12 h.
 *   Preventive (a schedule's occurrences): on time 1, late 1, open and overdue 1 (one before the
 *   period not counted); corrective (accepted reports): 2.
 * CNC-01 (Tapicería): operativo until 08/03, then detenido by a report and still open
 *   → stopped 72 h (until the period's end), 1 failure, operating 168 h, MTBF 168, MTTR 72.
 * PRE-01 (Carpintería): operativo all along → no failures, MTBF and MTTR null (not Infinity).
 * TUP-01 (Logística, none of the supervisor's areas): 01/03 – 04/03 operativo, 5 h detenido by a
 *   report, then operativo still open → stopped 5, 1 failure, operating 235, MTBF 235, MTTR 5.
 */

function binary(res: { on(e: string, cb: (c?: Buffer) => void): void }, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => c && chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

const PERIOD = { start_date: '2026-03-01', end_date: '2026-03-10' };

describe('downtime report', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (u: string) => ({ Authorization: `Bearer ${tokens[u]}` });
  let logistica: string;
  let carpinteria: string;

  /** An instant: the company date plus hours. */
  let at: (date: string, hours?: number) => Date;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario']) tokens[u] = await tokenFor(t, u);
    at = (date, h = 0) => new Date(companyMidnight(date, t.config.timezone).getTime() + h * 3_600_000);
    carpinteria = await areaUuid(t, 'Carpintería');
    const tapiceria = await areaUuid(t, 'Tapicería');
    logistica = await areaUuid(t, 'Logística');
    const admin = await userUuid(t, 'admin');
    const operario = await userUuid(t, 'operario');
    const q = (text: string, params: unknown[]) => t.ds.query(text, params);
    // Only the hand-made machines below: the demo's own are taken away (their tasks keep no machine).
    await q(`UPDATE tareas SET equipo_uuid = NULL WHERE equipo_uuid IS NOT NULL`, []);
    await q(`DELETE FROM solicitudes`, []);
    await q(`DELETE FROM equipos`, []);

    const machine = async (codigo: string, nombre: string, area: string) =>
      (
        (await q(`INSERT INTO equipos (codigo, nombre, area_uuid, creado_en) VALUES ($1, $2, $3, $4) RETURNING uuid`, [
          codigo,
          nombre,
          area,
          at('2026-01-01'),
        ])) as { uuid: string }[]
      )[0]!.uuid;
    const report = async (equipo: string, area: string) =>
      (
        (await q(
          `INSERT INTO solicitudes (equipo_uuid, area_uuid, descripcion, equipo_detenido, estado, creado_por_uuid)
         VALUES ($1, $2, 'Se trabó', true, 'aceptada', $3) RETURNING uuid`,
          [equipo, area, operario],
        )) as { uuid: string }[]
      )[0]!.uuid;
    const state = (equipo: string, estado: string, desde: Date, hasta: Date | null, solicitud: string | null = null) =>
      q(`INSERT INTO equipo_estados (equipo_uuid, estado, desde, hasta, solicitud_uuid) VALUES ($1, $2, $3, $4, $5)`, [
        equipo,
        estado,
        desde,
        hasta,
        solicitud,
      ]);

    const sie = await machine('SIE-01', 'Sierra circular', carpinteria);
    await state(sie, 'operativo', at('2026-02-20'), at('2026-02-28', 12));
    await state(sie, 'detenido', at('2026-02-28', 12), at('2026-03-01', 6), await report(sie, carpinteria));
    await state(sie, 'operativo', at('2026-03-01', 6), at('2026-03-03'));
    const s2 = await report(sie, carpinteria);
    await state(sie, 'detenido', at('2026-03-03'), at('2026-03-03', 10), s2);
    await state(sie, 'operativo', at('2026-03-03', 10), at('2026-03-05'));
    const s3 = await report(sie, carpinteria);
    await state(sie, 'detenido', at('2026-03-05'), at('2026-03-05', 4), s3);
    await state(sie, 'mantenimiento', at('2026-03-05', 4), at('2026-03-05', 6));
    await state(sie, 'operativo', at('2026-03-05', 6), at('2026-03-10', 20));
    await state(sie, 'detenido', at('2026-03-10', 20), at('2026-03-12'));
    await state(sie, 'operativo', at('2026-03-12'), null);

    const cnc = await machine('CNC-01', 'Router CNC', tapiceria);
    await state(cnc, 'operativo', at('2026-02-01'), at('2026-03-08'));
    await state(cnc, 'detenido', at('2026-03-08'), null, await report(cnc, tapiceria));

    const pre = await machine('PRE-01', 'Prensa', carpinteria);
    await state(pre, 'operativo', at('2026-01-01'), null);

    const tup = await machine('TUP-01', 'Tupí', logistica);
    await state(tup, 'operativo', at('2026-02-15'), at('2026-03-04'));
    await state(tup, 'detenido', at('2026-03-04'), at('2026-03-04', 5), await report(tup, logistica));
    await state(tup, 'operativo', at('2026-03-04', 5), null);

    // Work on SIE-01: a scheduled task (preventive) and the tasks of two accepted reports (corrective).
    const [tipo] = await q(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`, []);
    const [estado] = await q(`SELECT uuid FROM estados ORDER BY "order" LIMIT 1`, []);
    const task = async (titulo: string) =>
      (
        (await q(
          `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, equipo_uuid) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
          [titulo, tipo.uuid, carpinteria, admin, sie],
        )) as { uuid: string }[]
      )[0]!.uuid;
    const afilar = await task('Afilar el disco');
    const [prog] = await q(
      `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion) VALUES ($1, 2, '2026-04-01') RETURNING uuid`,
      [afilar],
    );
    const occurrence = async (
      tarea: string,
      asignada: Date,
      vence: string,
      completada: Date | null,
      programacion: string | null,
    ) =>
      (
        (await q(
          `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento, fecha_completada,
           programacion_uuid, fecha_ocurrencia)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::uuid IS NULL THEN NULL ELSE $5::date END) RETURNING uuid`,
          [tarea, operario, estado.uuid, asignada, vence, completada, programacion],
        )) as { uuid: string }[]
      )[0]!.uuid;
    await occurrence(afilar, at('2026-02-25', 10), '2026-02-26', null, prog.uuid); // before the period
    await occurrence(afilar, at('2026-03-02', 10), '2026-03-03', at('2026-03-03', 15), prog.uuid); // on time
    await occurrence(afilar, at('2026-03-04', 10), '2026-03-05', at('2026-03-07', 9), prog.uuid); // late
    await occurrence(afilar, at('2026-03-06', 10), '2026-03-07', null, prog.uuid); // open, overdue
    const reparar = await task('Reparar la sierra');
    for (const [s, when] of [
      [s2, at('2026-03-03', 1)],
      [s3, at('2026-03-05', 1)],
    ] as const) {
      const ta = await occurrence(reparar, when, '2026-03-06', when, null);
      await q(`UPDATE solicitudes SET tarea_asignada_uuid = $1 WHERE uuid = $2`, [ta, s]);
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, query: Record<string, string | number> = {}): Promise<DowntimeResponse> => {
    const res = await t.http
      .get('/api/reports/downtime')
      .query({ ...PERIOD, ...query })
      .set(as(user));
    expect(res.status).toBe(200);
    return parseWith(DowntimeResponseSchema, res.body);
  };
  const row = (r: DowntimeResponse, codigo: string) => r.data.find((m) => m.equipo.codigo === codigo)!;

  it('works out each machine’s figures from its timeline, clipped to the period', async () => {
    const r = await get('admin');
    expect([r.desde, r.hasta, r.granularidad]).toEqual(['2026-03-01', '2026-03-10', 'dia']);
    const { serie, equipo, ...sie } = row(r, 'SIE-01');
    expect(equipo.area.nombre).toBe('Carpintería');
    expect(sie).toEqual({
      horas_detenido: 24,
      horas_mantenimiento: 2,
      horas_operativo: 214,
      fallas: 2,
      mtbf_horas: 107,
      mttr_horas: 12,
      preventivas: 3,
      preventivas_a_tiempo: 1,
      preventivas_tarde: 1,
      preventivas_vencidas: 1,
      correctivas: 2,
    });
    expect(serie.map((b) => b.horas_detenido)).toEqual([6, 0, 10, 0, 4, 0, 0, 0, 0, 4]);
    expect(serie[0]!.desde).toBe('2026-03-01');

    const cnc = row(r, 'CNC-01');
    expect([cnc.horas_detenido, cnc.fallas, cnc.horas_operativo, cnc.mtbf_horas, cnc.mttr_horas]).toEqual([
      72, 1, 168, 168, 72,
    ]);
    expect(cnc.serie.slice(-3).map((b) => b.horas_detenido)).toEqual([24, 24, 24]);

    const pre = row(r, 'PRE-01');
    expect([pre.horas_detenido, pre.fallas, pre.horas_operativo, pre.mtbf_horas, pre.mttr_horas]).toEqual([
      0,
      0,
      240,
      null,
      null,
    ]);

    const tup = row(r, 'TUP-01');
    expect([tup.horas_detenido, tup.fallas, tup.horas_operativo, tup.mtbf_horas, tup.mttr_horas]).toEqual([
      5, 1, 235, 235, 5,
    ]);

    // Totals: the means of the sums, not a mean of means.
    expect(r.total).toMatchObject({
      equipos: 4,
      horas_detenido: 101,
      fallas: 4,
      horas_operativo: 857,
      mtbf_horas: 214.25,
      mttr_horas: 25.25,
    });
    expect(r.por_area.map((a) => [a.nombre, a.equipos, a.horas_detenido, a.fallas])).toEqual([
      ['Carpintería', 2, 24, 2],
      ['Logística', 1, 5, 1],
      ['Tapicería', 1, 72, 1],
    ]);
  });

  it('sorts and pages the table; no failures sort last either way', async () => {
    expect((await get('admin')).data.map((m) => m.equipo.codigo)).toEqual(['CNC-01', 'SIE-01', 'TUP-01', 'PRE-01']);
    for (const order of ['asc', 'desc']) {
      const codes = (await get('admin', { sort: 'mtbf_horas', order })).data.map((m) => m.equipo.codigo);
      expect(codes.at(-1)).toBe('PRE-01');
    }
    expect((await get('admin', { sort: 'mtbf_horas', order: 'asc' })).data.map((m) => m.equipo.codigo)).toEqual([
      'SIE-01',
      'CNC-01',
      'TUP-01',
      'PRE-01',
    ]);
    const page = await get('admin', { sort: 'codigo', order: 'asc', limit: 2, page: 2 });
    expect(page.data.map((m) => m.equipo.codigo)).toEqual(['SIE-01', 'TUP-01']);
    expect(page.meta).toEqual({ totalItems: 4, currentPage: 2, limit: 2, totalPages: 2 });
    expect(page.total.equipos).toBe(4);
  });

  it('charts a long period per week, from the Monday on or before its start', async () => {
    const r = await get('admin', { start_date: '2026-02-01', end_date: '2026-04-30' });
    expect(r.granularidad).toBe('semana');
    const sie = row(r, 'SIE-01');
    expect(sie.serie[0]!.desde).toBe('2026-01-26');
    const total = sie.serie.reduce((n, b) => n + b.horas_detenido, 0);
    expect(Math.round(total * 100) / 100).toBe(sie.horas_detenido);
    // 28/02 12:00 – 01/03 06:00 (18 h), 10 h, 4 h, 10/03 20:00 – 12/03 00:00 (28 h).
    expect(sie.horas_detenido).toBe(60);
  });

  it('a supervisor sees only the machines of their areas; a foreign area or no permission is refused', async () => {
    const r = await get('supervisor');
    expect(r.data.map((m) => m.equipo.codigo).sort()).toEqual(['CNC-01', 'PRE-01', 'SIE-01']);
    expect(r.total).toMatchObject({ equipos: 3, horas_detenido: 96, fallas: 3 });
    expect(r.por_area.map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
    const onlyOwn = await get('supervisor', { area_uuids: carpinteria });
    expect(onlyOwn.data.map((m) => m.equipo.codigo).sort()).toEqual(['PRE-01', 'SIE-01']);

    const foreign = await t.http
      .get('/api/reports/downtime')
      .query({ ...PERIOD, area_uuids: logistica })
      .set(as('supervisor'));
    expectError(foreign, 403, MESSAGES.errors.noAccessArea);
    const csv = await t.http.get('/api/reports/downtime/csv').query({ area_uuids: logistica }).set(as('supervisor'));
    expectError(csv, 403, MESSAGES.errors.noAccessArea);
    expectError(await t.http.get('/api/reports/downtime').set(as('operario')), 403);
    expectError(await t.http.get('/api/reports/downtime'), 401);
  });

  it('refuses bad input in Spanish', async () => {
    const bad = (query: Record<string, string>) => t.http.get('/api/reports/downtime').query(query).set(as('admin'));
    expectError(await bad({ sort: 'precio' }), 400, MESSAGES.validation.downtimeSortInvalid);
    expectError(await bad({ order: 'arriba' }), 400, MESSAGES.validation.downtimeOrderInvalid);
    expectError(
      await bad({ start_date: '2026-03-10', end_date: '2026-03-01' }),
      400,
      MESSAGES.validation.dateRangeInvalid,
    );
    expectError(await bad({ area_uuids: 'no-es-uuid' }), 400);
  });

  it('without dates: the last 30 days up to today; a future period has no hours', async () => {
    const r = await get('admin', { start_date: '', end_date: '' });
    expect(r.data[0]!.serie).toHaveLength(30);
    const future = await get('admin', { start_date: '2099-01-01', end_date: '2099-01-10' });
    expect(future.total.horas_detenido).toBe(0);
    expect(future.total.horas_operativo).toBe(0);
  });

  it('parallel requests answer the same figures', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => get('supervisor')));
    for (const r of all) expect(r.total).toEqual(all[0]!.total);
  });

  const download = (path: string, user: string, query: Record<string, string> = PERIOD) =>
    t.http.get(path).query(query).set(as(user)).buffer(true).parse(binary);

  it('the CSV of the table holds every machine with its figures', async () => {
    const res = await download('/api/reports/downtime/csv', 'supervisor');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Paradas-\d{4}-\d{2}-\d{2}\.csv/);
    const records: string[][] = parseCsv((res.body as Buffer).toString('utf8'), { bom: true, delimiter: ';' });
    expect(records[0]).toEqual([...DOWNTIME_COLUMNS]);
    expect(records.slice(1).map((r) => r[0])).toEqual(['CNC-01', 'SIE-01', 'PRE-01']);
    expect(records[2]).toEqual([
      'SIE-01',
      'Sierra circular',
      'Carpintería',
      '24',
      '2',
      '2',
      '107',
      '12',
      '3',
      '1',
      '1',
      '1',
      '2',
    ]);
    expect(records[3]!.slice(6, 8)).toEqual(['—', '—']);
  });

  it('the XLSX has a «Paradas» sheet with the figures', async () => {
    const res = await download('/api/reports/xlsx', 'admin');
    expect(res.status).toBe(200);
    const book = XLSX.read(res.body as Buffer, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Reporte', 'Resumen', 'Paradas', 'Horas', 'Tiempos de ciclo']);
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets.Paradas!, { header: 1, defval: '' });
    expect(aoa[1]![0]).toBe('Periodo: 01/03/2026 – 10/03/2026');
    expect(aoa[3]).toEqual([...DOWNTIME_COLUMNS]);
    expect(aoa.find((r) => r[0] === 'SIE-01')).toEqual([
      'SIE-01',
      'Sierra circular',
      'Carpintería',
      24,
      2,
      2,
      107,
      12,
      3,
      1,
      1,
      1,
      2,
    ]);
  });

  it('the PDF has a «Paradas y mantenimiento» section with the machines that had figures', async () => {
    const res = await download('/api/reports/pdf', 'supervisor');
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'paradas-'));
    try {
      writeFileSync(join(dir, 'r.pdf'), res.body as Buffer);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Paradas y mantenimiento');
      expect(text).toContain('Periodo: 01/03/2026 – 10/03/2026 · 3 equipos');
      const sie = text.split('\n').find((l) => l.includes('SIE-01'))!;
      expect(
        sie
          .trim()
          .split(/\s{2,}|\s(?=\d)/)
          .slice(-10),
      ).toEqual(['24', '2', '2', '107', '12', '3', '1', '1', '1', '2']);
      // PRE-01 had nothing in the period: left out of the PDF (it is in the CSV and the XLSX).
      expect(text).not.toContain('PRE-01');
      expect(text).not.toContain('TUP-01');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
