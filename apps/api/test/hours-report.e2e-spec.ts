import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import * as XLSX from 'xlsx';
import {
  companyMidnight,
  HOURS_COLUMNS,
  HoursResponseSchema,
  MESSAGES,
  type HoursGroup,
  type HoursResponse,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, newOccurrence, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Hours worked over hand-made intervals, the period being 1–10 March 2020 (no demo data then).
 *
 *   T1 «Mesa de roble 1042» Carpintería, type A, machine MR-01, estimate 4 h
 *   T2 «Tapizar sillas» Tapicería, type B, no machine, no estimate
 *   T3 «Cargar camión» Logística, type A, estimate 1 h
 *
 *   O1 (T1, operario, done 05/03 18:00): operario 03/03 08–10 (2 h), 03/03 11–12:30 (1.5 h),
 *      05/03 09–11 (2 h); supervisor 04/03 10–11 (1 h) → 6.5 h
 *   O2 (T2, open): operario 29/02 22:00 – 01/03 02:00 (2 h inside the period), 09/03 10–13 (3 h) → 5 h
 *   O3 (T3, done 06/03 12:00): operario 06/03 08–09 → 1 h
 *   O6 (T2, open): supervisor 27/02 00:00 – 01/03 12:00, a long interval (12 h inside) → 12 h
 *   O4 (T1, done 07/03) and O5 (T2, done 08/03): no time at all.
 *
 * Total 24.5 h: operario 11.5, supervisor 13; T2 17, T1 6.5, T3 1; type B 17, A 7.5; MR-01 6.5,
 * no machine 18; Tapicería 17, Carpintería 6.5, Logística 1. Per day (by the start, clipped):
 * 01/03 14, 03/03 3.5, 04/03 1, 05/03 2, 06/03 1, 09/03 3. Done in the period: 4, 2 without
 * time; with an estimate O1, O3, O4: 9 h estimated, 7.5 h recorded.
 */
const PERIOD = { start_date: '2020-03-01', end_date: '2020-03-10' };

describe('hours report', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (u: string) => ({ Authorization: `Bearer ${tokens[u]}` });
  let logistica: string;
  let carpinteria: string;
  let supervisorUuid: string;
  let chofer: string;
  let tipoA: string;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario']) tokens[u] = await tokenFor(t, u);
    const at = (date: string, h = 0) => new Date(companyMidnight(date, t.config.timezone).getTime() + h * 3_600_000);
    carpinteria = await areaUuid(t, 'Carpintería');
    const tapiceria = await areaUuid(t, 'Tapicería');
    logistica = await areaUuid(t, 'Logística');
    const admin = await userUuid(t, 'admin');
    const operario = await userUuid(t, 'operario');
    supervisorUuid = await userUuid(t, 'supervisor');
    chofer = await userUuid(t, 'jruiz');
    const q = async <T = { uuid: string }>(text: string, params: unknown[]) => (await t.ds.query(text, params)) as T[];
    const [a, b] = await q(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 2`, []);
    tipoA = a!.uuid;
    const [estado] = await q(`SELECT uuid FROM estados ORDER BY "order" LIMIT 1`, []);
    const [mr] = await q(`INSERT INTO equipos (codigo, nombre, area_uuid) VALUES ('MR-01', 'Escuadradora', $1) RETURNING uuid`, [
      carpinteria,
    ]);
    const task = async (titulo: string, area: string, tipo: string, equipo: string | null, minutos: number | null) =>
      (
        await q(
          `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, equipo_uuid, minutos_estimados)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid`,
          [titulo, tipo, area, admin, equipo, minutos],
        )
      )[0]!.uuid;
    const t1 = await task('Mesa de roble 1042', carpinteria, tipoA, mr!.uuid, 240);
    const t2 = await task('Tapizar sillas', tapiceria, b!.uuid, null, null);
    const t3 = await task('Cargar camión', logistica, tipoA, null, 60);
    const occurrence = async (tarea: string, completada: Date | null) =>
      (
        await q(
          `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_completada)
           VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
          [tarea, operario, estado!.uuid, at('2020-02-20'), completada],
        )
      )[0]!.uuid;
    const interval = (ocurrencia: string, usuario: string, inicio: Date, fin: Date) =>
      q(`INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin) VALUES ($1, $2, $3, $4)`, [
        ocurrencia,
        usuario,
        inicio,
        fin,
      ]);
    const o1 = await occurrence(t1, at('2020-03-05', 18));
    await interval(o1, operario, at('2020-03-03', 8), at('2020-03-03', 10));
    await interval(o1, operario, at('2020-03-03', 11), at('2020-03-03', 12.5));
    await interval(o1, operario, at('2020-03-05', 9), at('2020-03-05', 11));
    await interval(o1, supervisorUuid, at('2020-03-04', 10), at('2020-03-04', 11));
    const o2 = await occurrence(t2, null);
    await interval(o2, operario, at('2020-02-29', 22), at('2020-03-01', 2));
    await interval(o2, operario, at('2020-03-09', 10), at('2020-03-09', 13));
    const o3 = await occurrence(t3, at('2020-03-06', 12));
    await interval(o3, operario, at('2020-03-06', 8), at('2020-03-06', 9));
    const o6 = await occurrence(t2, null);
    await interval(o6, supervisorUuid, at('2020-02-27'), at('2020-03-01', 12));
    await occurrence(t1, at('2020-03-07'));
    await occurrence(t2, at('2020-03-08'));
    // Outside the period: not counted.
    await interval(o2, operario, at('2020-03-11', 8), at('2020-03-11', 9));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, query: Record<string, string> = {}): Promise<HoursResponse> => {
    const res = await t.http
      .get('/api/reports/hours')
      .query({ ...PERIOD, ...query })
      .set(as(user));
    expect(res.status).toBe(200);
    return parseWith(HoursResponseSchema, res.body);
  };
  const pairs = (list: HoursGroup[]) => list.map((g) => [g.nombre, g.horas, g.ocurrencias]);

  it('sums each interval inside the period by person, task, type, machine and area', async () => {
    const r = await get('admin');
    expect([r.desde, r.hasta, r.granularidad]).toEqual(['2020-03-01', '2020-03-10', 'dia']);
    expect(r.total).toEqual({
      horas: 24.5,
      ocurrencias: 4,
      personas: 2,
      estimadas_ocurrencias: 3,
      horas_estimadas: 9,
      horas_reales_estimadas: 7.5,
      terminadas: 4,
      terminadas_sin_tiempo: 2,
    });
    expect(pairs(r.por_persona)).toEqual([
      ['Sergio Gómez', 13, 2],
      ['Oscar Pérez', 11.5, 3],
    ]);
    expect(pairs(r.por_tarea)).toEqual([
      ['Tapizar sillas', 17, 2],
      ['Mesa de roble 1042', 6.5, 1],
      ['Cargar camión', 1, 1],
    ]);
    expect(r.por_tipo.map((g) => [g.uuid === tipoA, g.horas, g.ocurrencias])).toEqual([
      [false, 17, 2],
      [true, 7.5, 2],
    ]);
    expect(pairs(r.por_equipo)).toEqual([
      ['Sin equipo', 18, 3],
      ['MR-01 · Escuadradora', 6.5, 1],
    ]);
    expect(pairs(r.por_area)).toEqual([
      ['Tapicería', 17, 2],
      ['Carpintería', 6.5, 1],
      ['Logística', 1, 1],
    ]);
    expect(r.por_periodo.map((b) => b.horas)).toEqual([14, 0, 3.5, 1, 2, 1, 0, 0, 3, 0]);
    expect(r.por_periodo[0]!.desde).toBe('2020-03-01');
  });

  it('today counts each closed interval until now: one ending or starting later is cut there', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: t.config.timezone });
    const dayStart = companyMidnight(today, t.config.timezone).getTime();
    const now = Date.now();
    const occurrence = await newOccurrence(t, 'Lijar con reloj adelantado');
    const spans: [number, number][] = [
      [now - 2 * 3_600_000, now - 3_600_000],
      [now - 1_800_000, now + 1_800_000],
      [now + 3_600_000, now + 7_200_000],
    ];
    for (const [inicio, fin] of spans) {
      await t.ds.query(`INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin) VALUES ($1, $2, $3, $4)`, [
        occurrence,
        chofer,
        new Date(inicio),
        new Date(fin),
      ]);
    }
    const expected = spans.reduce((h, [a, b]) => h + Math.max(0, Math.min(b, now) - Math.max(a, dayStart)) / 3_600_000, 0);
    const r = await get('admin', { start_date: today, end_date: today, employee_uuids: chofer });
    expect(r.total.horas).toBeGreaterThan(0);
    expect(r.total.horas).toBeCloseTo(expected, 1);
  });

  it('estimated against actual per task type, and the occurrences finished without time', async () => {
    const r = await get('admin');
    expect(r.estimado_por_tipo.map((e) => [e.uuid === tipoA, e.ocurrencias, e.horas_estimadas, e.horas_reales])).toEqual([
      [true, 3, 9, 7.5],
    ]);
    expect(r.sin_tiempo.map((s) => [s.titulo, s.area, s.empleado])).toEqual([
      ['Tapizar sillas', 'Tapicería', 'Oscar Pérez'],
      ['Mesa de roble 1042', 'Carpintería', 'Oscar Pérez'],
    ]);
  });

  it('filters by person (who worked) and by area', async () => {
    const sup = await get('admin', { employee_uuids: supervisorUuid });
    expect(sup.total.horas).toBe(13);
    expect(pairs(sup.por_persona)).toEqual([['Sergio Gómez', 13, 2]]);
    const carp = await get('admin', { area_uuids: carpinteria });
    expect(carp.total).toMatchObject({ horas: 6.5, terminadas: 2, terminadas_sin_tiempo: 1, horas_estimadas: 8 });
  });

  it('a supervisor sees only their areas; a foreign area or person is refused', async () => {
    const r = await get('supervisor');
    expect(r.total).toMatchObject({
      horas: 23.5,
      terminadas: 3,
      terminadas_sin_tiempo: 2,
      estimadas_ocurrencias: 2,
      horas_estimadas: 8,
      horas_reales_estimadas: 6.5,
    });
    expect(r.por_area.map((g) => g.nombre)).toEqual(['Tapicería', 'Carpintería']);
    expectError(
      await t.http.get('/api/reports/hours').query({ ...PERIOD, area_uuids: logistica }).set(as('supervisor')),
      403,
      MESSAGES.errors.noAccessArea,
    );
    expectError(
      await t.http.get('/api/reports/hours').query({ ...PERIOD, employee_uuids: chofer }).set(as('supervisor')),
      403,
      MESSAGES.errors.noAccessUser,
    );
    expectError(await t.http.get('/api/reports/hours').set(as('operario')), 403);
    expectError(await t.http.get('/api/reports/hours/csv').set(as('operario')), 403);
    expectError(await t.http.get('/api/reports/hours'), 401);
  });

  it('a long period is charted per week, from the Monday; bad input refused in Spanish', async () => {
    const r = await get('admin', { start_date: '2020-01-01', end_date: '2020-04-30' });
    expect(r.granularidad).toBe('semana');
    expect(r.por_periodo[0]!.desde).toBe('2019-12-30');
    // Whole now: 27/02 00:00 – 01/03 12:00 (84 h, 2020 is a leap year), 29/02 22:00 – 01/03 02:00
    // (4 h), and the hour of 11/03: 24.5 - 12 + 84 - 2 + 4 + 1.
    expect(r.total.horas).toBe(99.5);
    expect(Math.round(r.por_periodo.reduce((n, b) => n + b.horas, 0) * 100) / 100).toBe(99.5);
    expectError(
      await t.http.get('/api/reports/hours').query({ start_date: '2020-03-10', end_date: '2020-03-01' }).set(as('admin')),
      400,
      MESSAGES.validation.dateRangeInvalid,
    );
    expectError(await t.http.get('/api/reports/hours').query({ employee_uuids: 'nadie' }).set(as('admin')), 400);
  });

  it('parallel requests answer the same figures', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => get('supervisor')));
    for (const r of all) expect(r.total).toEqual(all[0]!.total);
  });

  const download = (path: string, user: string) =>
    t.http
      .get(path)
      .query(PERIOD)
      .set(as(user))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  it('the CSV holds every group with its hours', async () => {
    const res = await download('/api/reports/hours/csv', 'admin');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Horas-\d{4}-\d{2}-\d{2}\.csv/);
    const records: string[][] = parseCsv((res.body as Buffer).toString('utf8'), { bom: true, delimiter: ';' });
    expect(records[0]).toEqual([...HOURS_COLUMNS]);
    expect(records[1]).toEqual(['Total', 'Todas las horas', '24,5', '4']);
    expect(records).toContainEqual(['Persona', 'Oscar Pérez', '11,5', '3']);
    expect(records).toContainEqual(['Tarea', 'Mesa de roble 1042', '6,5', '1']);
    expect(records).toContainEqual(['Equipo', 'MR-01 · Escuadradora', '6,5', '1']);
    expect(records).toContainEqual(['Área', 'Logística', '1', '1']);
  });

  it('the XLSX has an «Horas» sheet with the figures as numbers', async () => {
    const res = await download('/api/reports/xlsx', 'admin');
    expect(res.status).toBe(200);
    const book = XLSX.read(res.body as Buffer, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Reporte', 'Resumen', 'Paradas', 'Horas', 'Tiempos de ciclo']);
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets.Horas!, { header: 1, defval: '' });
    expect(aoa[1]![0]).toBe('Periodo: 01/03/2020 – 10/03/2020');
    expect(aoa[2]![0]).toBe('Tareas terminadas en el periodo: 4; sin tiempo registrado: 2');
    expect(aoa.find((r) => r[0] === 'Persona' && r[1] === 'Sergio Gómez')!.slice(0, 4)).toEqual([
      'Persona',
      'Sergio Gómez',
      13,
      2,
    ]);
    const estimate = aoa.find((r) => r[1] === 3 && r[2] === 9)!;
    expect(estimate.slice(1, 5)).toEqual([3, 9, 7.5, -1.5]);
    expect(aoa.find((r) => r[0] === '01/03/2020')!.slice(0, 2)).toEqual(['01/03/2020', 14]);
  });

  it('the PDF has the hours section with its figures', async () => {
    const res = await download('/api/reports/pdf', 'supervisor');
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'horas-'));
    try {
      writeFileSync(join(dir, 'r.pdf'), res.body as Buffer);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Horas trabajadas');
      expect(text).toMatch(/Total\s+Todas las horas\s+23,5\s+3/);
      expect(text).toMatch(/Persona\s+Sergio Gómez\s+13\s+2/);
      expect(text).toMatch(/Área\s+Carpintería\s+6,5\s+1/);
      expect(text).not.toMatch(/Área\s+Logística/);
      expect(text).toContain('8 / 6,5 h');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
