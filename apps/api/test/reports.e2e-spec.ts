import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import { Logger } from '@nestjs/common';
import {
  calendarDateIn,
  MESSAGES,
  REPORT_EXPORT_COLUMNS,
  ReportResponseSchema,
  type ReportRow,
  ReportStatsResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { PdfRendererService } from '../src/modules/reports/export/pdf-renderer.service';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Reports against the demo organisation plus rows of our own with fixed
 * dates in March/April 2024 (company time zone America/Argentina/Buenos_Aires,
 * UTC-3 all year), so date filters have exact edges to test.
 */

const HYPERLINK = '=HYPERLINK("http://evil.example","clic")';

/** Binary bodies (xlsx, pdf) collected by supertest. */
function binary(
  res: { on(e: string, cb: (c?: Buffer) => void): void; setEncoding?: unknown },
  cb: (err: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => c && chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

function dmy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const neutral = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** What every export must hold for one JSON report row, in the order of REPORT_EXPORT_COLUMNS. */
function expectedCells(r: ReportRow, tz: string): string[] {
  return [
    `${r.empleado.nombre} ${r.empleado.apellido}`,
    r.tarea.titulo,
    r.tarea.area.nombre,
    r.estado.nombre,
    dmy(calendarDateIn(new Date(r.fecha_asignacion), tz)),
    dmy(calendarDateIn(r.fecha_vencimiento, tz)),
    r.fecha_completada === null ? '' : dmy(calendarDateIn(new Date(r.fecha_completada), tz)),
    r.a_tiempo === null ? '' : r.a_tiempo ? 'Sí' : 'No',
    r.calificacion === null ? '' : String(r.calificacion),
    neutral(r.observaciones ?? ''),
    r.checklist_progreso.total === 0 ? '' : `${r.checklist_progreso.hechos} de ${r.checklist_progreso.total}`,
    neutral(r.tarea.sugerencias.map((s, i) => `${i + 1}. ${s.descripcion}`).join('\n')),
  ];
}

describe('reports', () => {
  let t: TestApp;
  let tz: string;
  const tokens: Record<string, string> = {};
  const users: Record<string, string> = {};
  const areas: Record<string, string> = {};
  const estados: Record<string, string> = {};

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const report = async (who: string, query: Record<string, string | number> = {}) => {
    const res = await t.http
      .get('/api/reports')
      .query({ limit: 100, ...query })
      .set(as(who));
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return parseWith(ReportResponseSchema, res.body);
  };
  /** Independent count of the rows a filter must return. */
  const sqlCount = async (where: string, params: unknown[] = []) => {
    const [row]: { c: number }[] = await t.ds.query(
      `SELECT count(*)::int AS c FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE ${where}`,
      params,
    );
    return row!.c;
  };

  beforeAll(async () => {
    // Batches of 3 rows: every export crosses several keyset batches.
    process.env.REPORT_EXPORT_BATCH_SIZE = '3';
    try {
      t = await createTestApp();
    } finally {
      delete process.env.REPORT_EXPORT_BATCH_SIZE;
    }
    tz = t.config.timezone;
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      users[u] = await userUuid(t, u);
    }
    for (const a of ['Carpintería', 'Tapicería', 'Logística']) areas[a] = await areaUuid(t, a);
    for (const row of (await t.ds.query('SELECT uuid, nombre FROM estados')) as { uuid: string; nombre: string }[]) {
      estados[row.nombre] = row.uuid;
    }
    const [{ uuid: tipo }]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tipos_tarea LIMIT 1');
    const task = async (titulo: string, area: string) => {
      const [{ uuid }]: { uuid: string }[] = await t.ds.query(
        'INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1,$2,$3,$4) RETURNING uuid',
        [titulo, tipo, areas[area], users.admin],
      );
      return uuid;
    };
    const row = (
      tarea: string,
      who: string,
      estado: string,
      asignada: string,
      due: string,
      extra: Record<string, unknown> = {},
    ) =>
      t.ds.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento,
           calificacion, observaciones, fecha_completada, archivada)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
        [
          tarea,
          users[who],
          estados[estado],
          asignada,
          due,
          extra.calificacion ?? null,
          extra.observaciones ?? null,
          extra.completada ?? null,
          extra.archivada ?? false,
        ],
      );
    const barnizar = await task('Barnizar cómoda Provenzal', 'Carpintería');
    const sillon = await task('Tapizar sillón de 3 cuerpos', 'Tapicería');
    const algodon = await task('Comprar tela 100% algodón', 'Tapicería');
    const flete = await task('Flete a Córdoba', 'Logística');
    await row(barnizar, 'operario', 'Completada', '2024-03-10T12:00:00-03:00', '2024-03-12', {
      calificacion: 5,
      observaciones: HYPERLINK,
      completada: '2024-03-11T18:00:00-03:00',
      archivada: true,
    });
    // The last minute of March in the company zone (already April 1st in UTC).
    await row(sillon, 'mlopez', 'Pendiente', '2024-03-31T23:30:00-03:00', '2024-04-05', {
      observaciones: '+54 11 5555-0000',
    });
    await row(algodon, 'mlopez', 'En progreso', '2024-04-01T00:10:00-03:00', '2024-04-02', {
      observaciones: '-2 metros; @proveedor',
    });
    await row(flete, 'jruiz', 'Completada', '2024-02-29T09:00:00-03:00', '2024-03-01', {
      completada: '2024-03-04T10:00:00-03:00',
      calificacion: 2,
    });
    // Completed late in the evening of its due day in the company zone (the next day in UTC): on time.
    const lustrar = await task('Lustrar mesa ratona', 'Logística');
    await row(lustrar, 'jruiz', 'Completada', '2025-06-05T08:00:00-03:00', '2025-06-06', {
      completada: '2025-06-06T23:30:00-03:00',
    });
    // Suggestions are listed in the order they were made.
    await t.ds.query(
      `INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion, fecha_creacion)
       VALUES ($1,$2,'Lijar entre manos', now() - interval '1 hour'), ($1,$3,'Usar barniz al agua', now())`,
      [barnizar, users.operario, users.supervisor],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/reports', () => {
    it('answers every assigned task, archived ones included, newest first, with suggestions', async () => {
      const all = await report('admin');
      expect(all.meta.totalItems).toBe(await sqlCount('true'));
      expect(all.data).toHaveLength(all.meta.totalItems);
      expect(all.data.some((r) => r.archivada)).toBe(true);
      const times = all.data.map((r) => r.fecha_asignacion);
      expect([...times].sort().reverse()).toEqual(times);
      const barnizar = all.data.find((r) => r.tarea.titulo === 'Barnizar cómoda Provenzal')!;
      expect(barnizar).toMatchObject({
        empleado: { nombre: 'Oscar', apellido: 'Pérez' },
        tarea: { area: { nombre: 'Carpintería' } },
        estado: { nombre: 'Completada' },
        calificacion: 5,
        observaciones: HYPERLINK,
        archivada: true,
      });
      expect(barnizar.tarea.sugerencias.map((s) => s.descripcion)).toEqual([
        'Lijar entre manos',
        'Usar barniz al agua',
      ]);
      expect(calendarDateIn(barnizar.fecha_vencimiento, tz)).toBe('2024-03-12');
      expect(all.data.find((r) => r.tarea.titulo === 'Flete a Córdoba')!.tarea.sugerencias).toEqual([]);
    });

    it('each row says when it was completed and whether on time, so the stats can be counted row by row', async () => {
      const all = await report('admin');
      const byTitle = (titulo: string) => all.data.find((r) => r.tarea.titulo === titulo)!;
      expect(byTitle('Barnizar cómoda Provenzal')).toMatchObject({ a_tiempo: true });
      expect(calendarDateIn(new Date(byTitle('Barnizar cómoda Provenzal').fecha_completada!), tz)).toBe('2024-03-11');
      expect(byTitle('Flete a Córdoba')).toMatchObject({ a_tiempo: false });
      expect(byTitle('Lustrar mesa ratona')).toMatchObject({ a_tiempo: true });
      expect(calendarDateIn(new Date(byTitle('Lustrar mesa ratona').fecha_completada!), tz)).toBe('2025-06-06');
      expect(byTitle('Tapizar sillón de 3 cuerpos')).toMatchObject({ fecha_completada: null, a_tiempo: null });
      // The figures the screen shows are the rows counted by hand.
      const stats = parseWith(
        ReportStatsResponseSchema,
        (await t.http.get('/api/reports/stats').set(as('admin')).expect(200)).body,
      );
      expect(all.data.filter((r) => r.fecha_completada !== null)).toHaveLength(stats.completadas);
      expect(all.data.filter((r) => r.a_tiempo === true)).toHaveLength(stats.completadas_a_tiempo);
      expect(all.data.filter((r) => r.a_tiempo !== null)).toHaveLength(stats.completadas);
    });

    it('pages with limit: pages are disjoint, cover everything and report totalPages', async () => {
      const all = await report('admin');
      const seen: string[] = [];
      const first = await report('admin', { limit: 3, page: 1 });
      expect(first.totalPages).toBe(Math.ceil(all.meta.totalItems / 3));
      expect(first.meta).toEqual({
        totalItems: all.meta.totalItems,
        currentPage: 1,
        limit: 3,
        totalPages: first.totalPages,
      });
      for (let page = 1; page <= first.totalPages; page++) {
        seen.push(...(await report('admin', { limit: 3, page })).data.map((r) => r.uuid));
      }
      expect(seen).toEqual(all.data.map((r) => r.uuid));
      expect((await report('admin', { limit: 3, page: first.totalPages + 1 })).data).toEqual([]);
    });

    it('status_uuids narrows to those statuses', async () => {
      const res = await report('admin', { status_uuids: estados.Completada! });
      expect(res.data.length).toBe(await sqlCount('ta.estado_uuid = $1', [estados.Completada]));
      expect(new Set(res.data.map((r) => r.estado.nombre))).toEqual(new Set(['Completada']));
      const two = await report('admin', { status_uuids: `${estados.Pendiente},${estados['En progreso']}` });
      expect(two.data.length).toBe(
        await sqlCount('ta.estado_uuid = ANY($1)', [[estados.Pendiente, estados['En progreso']]]),
      );
      expect(new Set(two.data.map((r) => r.estado.nombre))).toEqual(new Set(['Pendiente', 'En progreso']));
    });

    it('area_uuids narrows to tasks of those areas', async () => {
      const res = await report('admin', { area_uuids: areas['Tapicería']! });
      expect(res.data.length).toBe(await sqlCount('t.area_uuid = $1', [areas['Tapicería']]));
      expect(new Set(res.data.map((r) => r.tarea.area.nombre))).toEqual(new Set(['Tapicería']));
    });

    it('employee_uuids narrows to those employees', async () => {
      const res = await report('admin', { employee_uuids: `${users.mlopez},${users.jruiz}` });
      expect(res.data.length).toBe(await sqlCount('ta.empleado_uuid = ANY($1)', [[users.mlopez, users.jruiz]]));
      expect(new Set(res.data.map((r) => r.empleado.nombre))).toEqual(new Set(['María', 'Julián']));
    });

    it('title matches part of the title, ignoring case and accents; % and _ are literal', async () => {
      const res = await report('admin', { title: 'COMODA provenzal' });
      expect(res.data.map((r) => r.tarea.titulo)).toEqual(['Barnizar cómoda Provenzal']);
      expect((await report('admin', { title: 'cordoba' })).data.map((r) => r.tarea.titulo)).toEqual([
        'Flete a Córdoba',
      ]);
      expect((await report('admin', { title: '100%' })).data.map((r) => r.tarea.titulo)).toEqual([
        'Comprar tela 100% algodón',
      ]);
      expect((await report('admin', { title: '%' })).data.map((r) => r.tarea.titulo)).toEqual([
        'Comprar tela 100% algodón',
      ]);
      expect((await report('admin', { title: 'a_g' })).data).toEqual([]);
    });

    it('start_date/end_date are inclusive calendar days of fecha_asignacion in the company zone', async () => {
      const march = await report('admin', { start_date: '2024-03-01', end_date: '2024-03-31' });
      expect(march.data.map((r) => r.tarea.titulo)).toEqual([
        'Tapizar sillón de 3 cuerpos',
        'Barnizar cómoda Provenzal',
      ]);
      const day = await report('admin', { start_date: '2024-04-01', end_date: '2024-04-01' });
      expect(day.data.map((r) => r.tarea.titulo)).toEqual(['Comprar tela 100% algodón']);
      const from = await report('admin', { start_date: '2024-03-31' });
      expect(from.data.length).toBe(await sqlCount(`ta.fecha_asignacion >= '2024-03-31T00:00:00-03:00'`));
      const until = await report('admin', { end_date: '2024-02-29' });
      expect(until.data.map((r) => r.tarea.titulo)).toEqual(['Flete a Córdoba']);
    });

    it('filters combine (AND)', async () => {
      const res = await report('admin', {
        area_uuids: `${areas['Carpintería']},${areas['Tapicería']}`,
        status_uuids: estados.Pendiente!,
        start_date: '2024-01-01',
        end_date: '2024-12-31',
      });
      expect(res.data.map((r) => r.tarea.titulo)).toEqual(['Tapizar sillón de 3 cuerpos']);
    });

    it('bad filters answer 400 in Spanish', async () => {
      const bad = expectError(await t.http.get('/api/reports').query({ status_uuids: 'x' }).set(as('admin')), 400);
      expect(bad.errors).toContainEqual({ path: 'status_uuids.0', message: MESSAGES.validation.invalidUuid });
      const range = expectError(
        await t.http.get('/api/reports').query({ start_date: '2024-03-02', end_date: '2024-03-01' }).set(as('admin')),
        400,
      );
      expect(range.errors).toContainEqual({ path: 'end_date', message: MESSAGES.validation.dateRangeInvalid });
    });
  });

  describe('scope', () => {
    it('generate:area-report sees only its own areas (supervisor: Carpintería, Tapicería)', async () => {
      const res = await report('supervisor');
      expect(res.meta.totalItems).toBe(
        await sqlCount('t.area_uuid = ANY($1)', [[areas['Carpintería'], areas['Tapicería']]]),
      );
      expect(new Set(res.data.map((r) => r.tarea.area.nombre))).toEqual(new Set(['Carpintería', 'Tapicería']));
      expect((await report('supervisor', { title: 'cordoba' })).data).toEqual([]);
    });

    it('a foreign area or employee filter is refused with 403 on list, stats and exports', async () => {
      const foreignArea = { area_uuids: `${areas['Carpintería']},${areas['Logística']}` };
      // jruiz works only in Logística, none of the supervisor's areas.
      const foreignEmployee = { employee_uuids: `${users.operario},${users.jruiz}` };
      for (const q of [foreignArea, foreignEmployee]) {
        for (const path of [
          '/api/reports',
          '/api/reports/stats',
          '/api/reports/xlsx',
          '/api/reports/csv',
          '/api/reports/pdf',
        ]) {
          expectError(await t.http.get(path).query(q).set(as('supervisor')), 403, q === foreignArea ? MESSAGES.errors.noAccessArea : MESSAGES.errors.noAccessUser);
        }
      }
      // The caller itself and its areas' employees pass.
      const own = await report('supervisor', { employee_uuids: `${users.operario},${users.supervisor}` });
      const expected = await sqlCount('ta.empleado_uuid = ANY($1) AND t.area_uuid = ANY($2)', [
        [users.operario, users.supervisor],
        [areas['Carpintería'], areas['Tapicería']],
      ]);
      expect(expected).toBeGreaterThan(0);
      expect(own.meta.totalItems).toBe(expected);
    });

    it('generate:report sees every area; read:all:areas widens an area report', async () => {
      expect(new Set((await report('admin')).data.map((r) => r.tarea.area.nombre))).toEqual(
        new Set(['Carpintería', 'Tapicería', 'Logística']),
      );
      const [{ uuid: rol }]: { uuid: string }[] = await t.ds.query(
        `INSERT INTO roles (nombre, permisos) VALUES ('Auditor', ARRAY['generate:area-report','read:all:areas']) RETURNING uuid`,
      );
      await t.ds.query(`UPDATE usuarios SET rol_uuid = $1 WHERE username = 'mlopez'`, [rol]);
      try {
        const auditor = await tokenFor(t, 'mlopez');
        const res = await t.http
          .get('/api/reports')
          .query({ area_uuids: areas['Logística']!, limit: 100 })
          .set({ Authorization: `Bearer ${auditor}` });
        expect(parseWith(ReportResponseSchema, res.body).data.length).toBe(
          await sqlCount('t.area_uuid = $1', [areas['Logística']]),
        );
      } finally {
        await t.ds.query(
          `UPDATE usuarios SET rol_uuid = (SELECT uuid FROM roles WHERE nombre = 'Operario') WHERE username = 'mlopez'`,
        );
      }
    });

    it('operario and users without a report permission are refused; no token is 401', async () => {
      for (const path of [
        '/api/reports',
        '/api/reports/stats',
        '/api/reports/xlsx',
        '/api/reports/pdf',
        '/api/reports/csv',
      ]) {
        expectError(await t.http.get(path).set(as('operario')), 403);
        expectError(await t.http.get(path).set(as('jruiz')), 403);
        expectError(await t.http.get(path), 401);
      }
    });
  });

  describe('GET /api/reports/stats', () => {
    it('counts by status per area, on-time rate and average ratings (Carpintería)', async () => {
      const res = await t.http.get('/api/reports/stats').query({ area_uuids: areas['Carpintería']! }).set(as('admin'));
      const s = parseWith(ReportStatsResponseSchema, res.body);
      // Demo: mesa (En progreso), sierra (Pendiente), two cleanings completed late (one archived, rated 4); ours: barnizar on time, rated 5.
      expect(s).toMatchObject({
        total: 5,
        archivadas: 2,
        completadas: 3,
        completadas_a_tiempo: 1,
        promedio_calificacion: 4.5,
      });
      expect(s.tasa_a_tiempo).toBeCloseTo(1 / 3, 3);
      expect(s.por_estado.map((e) => [e.nombre, e.total])).toEqual([
        ['Pendiente', 1],
        ['En progreso', 1],
        ['Completada', 3],
      ]);
      expect(s.por_area).toHaveLength(1);
      expect(s.por_area[0]).toMatchObject({
        nombre: 'Carpintería',
        total: 5,
        completadas: 3,
        completadas_a_tiempo: 1,
        promedio_calificacion: 4.5,
      });
      expect(s.por_area[0]!.por_estado.reduce((n, e) => n + e.total, 0)).toBe(5);
      expect(s.por_empleado).toEqual([
        expect.objectContaining({
          empleado_uuid: users.operario,
          total: 5,
          archivadas: 2,
          completadas: 3,
          completadas_a_tiempo: 1,
          promedio_calificacion: 4.5,
        }),
      ]);
    });

    it('uses the same filters and scope as the list', async () => {
      const q = { start_date: '2024-02-01', end_date: '2024-04-30' };
      const all = parseWith(
        ReportStatsResponseSchema,
        (await t.http.get('/api/reports/stats').query(q).set(as('admin'))).body,
      );
      expect(all.total).toBe(4);
      expect(all.por_area.map((a) => [a.nombre, a.total, a.tasa_a_tiempo])).toEqual([
        ['Carpintería', 1, 1],
        ['Logística', 1, 0],
        ['Tapicería', 2, null],
      ]);
      expect(all.promedio_calificacion).toBe(3.5);
      const scoped = parseWith(
        ReportStatsResponseSchema,
        (await t.http.get('/api/reports/stats').query(q).set(as('supervisor'))).body,
      );
      expect(scoped.total).toBe(3);
      expect(scoped.por_area.map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
      expect(scoped.por_empleado.map((e) => e.nombre).sort()).toEqual(['María', 'Oscar']);
      const none = parseWith(
        ReportStatsResponseSchema,
        (await t.http.get('/api/reports/stats').query({ title: 'no existe' }).set(as('admin'))).body,
      );
      expect(none).toMatchObject({
        total: 0,
        tasa_a_tiempo: null,
        promedio_calificacion: null,
        por_estado: [],
        por_area: [],
        por_empleado: [],
      });
    });
  });

  describe('exports', () => {
    let rows: ReportRow[];
    let tmp: string;
    beforeAll(async () => {
      rows = (await report('admin')).data;
      tmp = mkdtempSync(join(tmpdir(), 'reportes-'));
    });
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    const download = (format: string, who = 'admin', query: Record<string, string> = {}) =>
      t.http.get(`/api/reports/${format}`).query(query).set(as(who)).buffer(true).parse(binary);

    it('XLSX: every row (several batches), Spanish headers, date cells, widths, formulas neutralised', async () => {
      const res = await download('xlsx');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Reporte-${todayIn(tz)}.xlsx"`);
      const book = XLSX.read(res.body as Buffer, { type: 'buffer', cellNF: true, cellStyles: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      const aoa = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
      expect(aoa[0]).toEqual([...REPORT_EXPORT_COLUMNS]);
      expect(aoa.slice(1)).toEqual(rows.map((r) => expectedCells(r, tz)));
      // Real dates: numeric cells with a date format, not text.
      expect(sheet.E2).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' });
      expect(sheet.F2?.t).toBe('n');
      expect((sheet['!cols'] ?? []).length).toBe(REPORT_EXPORT_COLUMNS.length);
      const barnizar = aoa.find((r) => r[1] === 'Barnizar cómoda Provenzal')!;
      expect(barnizar[9]).toBe(`'${HYPERLINK}`);
      // The completion is a real date cell too.
      const completed = aoa.findIndex((r) => r[1] === 'Barnizar cómoda Provenzal') + 1;
      expect(sheet[`G${completed}`]).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' });
      expect(Object.values(sheet).some((c) => typeof c === 'object' && c !== null && 'f' in c)).toBe(false);
      // A second sheet holds the screen's summary, over the same rows; a third the machines' downtime.
      expect(book.SheetNames).toEqual(['Reporte', 'Resumen', 'Paradas', 'Horas', 'Tiempos de ciclo']);
      const stats = parseWith(
        ReportStatsResponseSchema,
        (await t.http.get('/api/reports/stats').set(as('admin')).expect(200)).body,
      );
      const summary = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets.Resumen!, { header: 1, defval: '' });
      const figure = (label: string) => summary.find((r) => r[0] === label)?.[1];
      expect(figure('Tareas')).toBe(stats.total);
      expect(figure('Completadas')).toBe(stats.completadas);
      expect(figure('Completadas a tiempo')).toBe(stats.completadas_a_tiempo);
      expect(figure('Vencidas sin completar')).toBe(stats.vencidas);
      for (const e of stats.por_estado) expect(summary).toContainEqual(expect.arrayContaining([e.nombre, e.total]));
      for (const a of stats.por_area) {
        expect(summary).toContainEqual(expect.arrayContaining([a.nombre, a.total, a.completadas, a.completadas_a_tiempo]));
      }
    });

    it('CSV: UTF-8 with BOM, ; separated, quoted, every row, formulas neutralised', async () => {
      const res = await download('csv');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Reporte-${todayIn(tz)}.csv"`);
      const buf = res.body as Buffer;
      expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = buf.toString('utf8');
      expect(text.slice(1, 16)).toBe('"Colaborador";"');
      const records: string[][] = parseCsv(text, { bom: true, delimiter: ';', relax_column_count: false });
      expect(records[0]).toEqual([...REPORT_EXPORT_COLUMNS]);
      expect(records.slice(1)).toEqual(rows.map((r) => expectedCells(r, tz)));
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""clic"")"`);
      expect(text).toContain(`"'+54 11 5555-0000"`);
      expect(text).toContain(`"'-2 metros; @proveedor"`);
    });

    it('CSV and XLSX follow the filters', async () => {
      const q = { area_uuids: areas['Tapicería']!, start_date: '2024-03-01', end_date: '2024-04-30' };
      const csv = parseCsv((await download('csv', 'supervisor', q)).body.toString('utf8'), {
        bom: true,
        delimiter: ';',
      }) as string[][];
      expect(csv.slice(1).map((r) => r[1])).toEqual(['Comprar tela 100% algodón', 'Tapizar sillón de 3 cuerpos']);
      const book = XLSX.read((await download('xlsx', 'supervisor', { title: 'zzz' })).body as Buffer, {
        type: 'buffer',
      });
      expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([
        [...REPORT_EXPORT_COLUMNS],
      ]);
    });

    it('PDF: company header, filters, every row, page numbers; Chromium reused and relaunched', async () => {
      const res = await download('pdf', 'admin', { area_uuids: areas['Carpintería']!, start_date: '2024-01-01' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Reporte-${todayIn(tz)}.pdf"`);
      const file = join(tmp, 'r.pdf');
      writeFileSync(file, res.body as Buffer);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Muebles del Sur S.A.');
      expect(text).toContain('Áreas: Carpintería');
      expect(text).toContain('Rango de fecha: 01/01/2024');
      // The rows' page, then the machines' downtime and the time worked, each on a page of its own.
      expect(text).toMatch(/Página 1 de 3/);
      for (const h of ['Colaborador', 'Tarea', 'Estado', 'Calificación', 'Observaciones', 'Sugerencias'])
        expect(text).toContain(h);
      expect(text).toContain('Oscar Pérez');
      // Values are printed as text (escaped into the template), never interpreted.
      expect(text).toContain('=HYPERLINK("http://evil');
      expect(text).toContain('1. Lijar entre manos');
      expect(text).toContain('2. Usar barniz al agua');
      // The screen's figures and charts come before the table.
      for (const h of ['TAREAS', 'COMPLETADAS A TIEMPO', 'CALIFICACIÓN PROMEDIO', 'VENCIDAS', 'Tareas por estado']) {
        expect(text).toContain(h);
      }
      expect(text).toContain('Completadas a tiempo por área');
      expect(text).toMatch(/\d+ de \d+ completadas/);
      expect(text.indexOf('Tareas por estado')).toBeLessThan(text.indexOf('Observaciones'));

      // Every row of the full report, in order: the dates of creation and due of each row appear in sequence.
      const full = await download('pdf');
      writeFileSync(file, full.body as Buffer);
      const all = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      const datePairs = [...all.matchAll(/(\d{2}\/\d{2}\/\d{4})\s+(\d{2}\/\d{2}\/\d{4})/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
      expect(datePairs).toEqual(rows.map((r) => `${expectedCells(r, tz)[4]} ${expectedCells(r, tz)[5]}`));
      for (const r of rows) expect(all).toContain(`${r.empleado.nombre} ${r.empleado.apellido}`);

      const pdf = t.app.get(PdfRendererService);
      const browser = await pdf.currentBrowser();
      expect(browser?.connected).toBe(true);
      expect((await download('pdf', 'admin', { title: 'cordoba' })).status).toBe(200);
      expect(await pdf.currentBrowser()).toBe(browser);
      await browser!.close();
      const again = await download('pdf', 'admin', { title: 'cordoba' });
      expect(again.status).toBe(200);
      expect((again.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdf.currentBrowser()).not.toBe(browser);
    });

    it('an unknown format is 400', async () => {
      const res = expectError(await t.http.get('/api/reports/docx').set(as('admin')), 400);
      expect(res.errors).toContainEqual({ path: 'format', message: MESSAGES.validation.invalidFormat });
    });
  });

  describe('PDF row limit (REPORT_PDF_MAX_ROWS=3)', () => {
    let small: TestApp;
    beforeAll(async () => {
      process.env.REPORT_PDF_MAX_ROWS = '3';
      try {
        small = await createTestApp();
      } finally {
        delete process.env.REPORT_PDF_MAX_ROWS;
      }
    });
    afterAll(async () => {
      await small?.close();
    });

    it('answers 413 suggesting XLSX above the limit, and the PDF at or under it', async () => {
      const auth = { Authorization: `Bearer ${await tokenFor(small, 'admin')}` };
      expectError(await small.http.get('/api/reports/pdf').set(auth), 413, MESSAGES.errors.reportTooLargeForPdf);
      expect((await small.http.get('/api/reports/xlsx').set(auth)).status).toBe(200);
      const ok = await small.http
        .get('/api/reports/pdf')
        .query({ area_uuids: await areaUuid(small, 'Tapicería') })
        .set(auth)
        .buffer(true)
        .parse(binary);
      expect(ok.status).toBe(200);
      expect((ok.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('without Chromium (PUPPETEER_EXECUTABLE_PATH names no file)', () => {
    let bare: TestApp;
    const warnings: string[] = [];
    beforeAll(async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
        warnings.push(String(message));
      });
      try {
        bare = await createTestApp({ env: { PUPPETEER_EXECUTABLE_PATH: '/nonexistent/gestar/chromium' } });
      } finally {
        warn.mockRestore();
      }
    });
    afterAll(async () => {
      await bare?.close();
    });

    it('warns once at start, answers the PDF export 503 in Spanish, and still exports XLSX', async () => {
      expect(warnings.filter((w) => w.includes('/nonexistent/gestar/chromium'))).toEqual([
        'No se encontró Chromium en /nonexistent/gestar/chromium: la exportación a PDF no está disponible (defina PUPPETEER_EXECUTABLE_PATH o CHROMIUM_PATH)',
      ]);
      const auth = { Authorization: `Bearer ${await tokenFor(bare, 'admin')}` };
      for (let i = 0; i < 2; i++) {
        const body = expectError(await bare.http.get('/api/reports/pdf').set(auth), 503);
        expect(body).toEqual({
          statusCode: 503,
          message: 'La exportación a PDF no está disponible en este servidor.',
          error: 'Service Unavailable',
        });
      }
      expect((await bare.http.get('/api/reports/xlsx').set(auth)).status).toBe(200);
    });
  });
});
