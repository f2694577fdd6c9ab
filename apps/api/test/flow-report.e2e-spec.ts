import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { companyMidnight, FLOW_COLUMNS, FlowResponseSchema, MESSAGES, type FlowResponse } from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Lead and cycle time from the status history, the period being 1–10 March 2020 (no demo data
 * then). Each figure worked out by hand (hours):
 *
 *   O1 Carpintería, type A: assigned 03/03 08:00, first change 10:00, done 14:00 → wait 2, in progress 4, total 6
 *   O2 Carpintería, type A: assigned 04/03 08:00, changes 05/03 08:00 and 12:00, done 05/03 20:00
 *      → wait 24 (the first change counts), in progress 12, total 36
 *   O3 Tapicería, type B: assigned 01/03 00:00, no status change in its history, done 02/03 00:00
 *      → wait 24, in progress 0, total 24
 *   O4 Logística, type A: assigned 02/03 00:00, change 00:30, done 01:00 → wait 0.5, in progress 0.5, total 1
 *   Not counted: one done on 12/03 (after the period), one still open.
 *
 * All four: totals 1, 6, 24, 36 → mean 16.75, p25 4.75, median 15, p75 27, p90 32.4, max 36;
 * waits 0.5, 2, 24, 24 → mean 12.63, median 13; in progress 0, 0.5, 4, 12 → mean 4.13, median 2.25.
 */
const PERIOD = { start_date: '2020-03-01', end_date: '2020-03-10' };

describe('lead and cycle time report', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (u: string) => ({ Authorization: `Bearer ${tokens[u]}` });
  let logistica: string;
  let carpinteria: string;
  let tipoA: { uuid: string; nombre: string };
  let tipoB: { uuid: string; nombre: string };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario']) tokens[u] = await tokenFor(t, u);
    const at = (date: string, h = 0) => new Date(companyMidnight(date, t.config.timezone).getTime() + h * 3_600_000);
    carpinteria = await areaUuid(t, 'Carpintería');
    const tapiceria = await areaUuid(t, 'Tapicería');
    logistica = await areaUuid(t, 'Logística');
    const admin = await userUuid(t, 'admin');
    const operario = await userUuid(t, 'operario');
    const q = (text: string, params: unknown[]) => t.ds.query(text, params);
    [tipoA, tipoB] = (await q(`SELECT uuid, nombre FROM tipos_tarea ORDER BY nombre LIMIT 2`, [])) as {
      uuid: string;
      nombre: string;
    }[] as [{ uuid: string; nombre: string }, { uuid: string; nombre: string }];
    const [estado] = await q(`SELECT uuid FROM estados ORDER BY "order" LIMIT 1`, []);
    const task = async (area: string, tipo: string) =>
      (
        (await q(
          `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ('Flujo', $1, $2, $3) RETURNING uuid`,
          [tipo, area, admin],
        )) as { uuid: string }[]
      )[0]!.uuid;
    const occurrence = async (tarea: string, asignada: Date, completada: Date | null, changes: Date[]) => {
      const [row] = (await q(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_completada)
         VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
        [tarea, operario, estado.uuid, asignada, completada],
      )) as { uuid: string }[];
      await q(
        `INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, fecha) VALUES ($1, 'asignacion', 'Tarea asignada', $2)`,
        [row!.uuid, asignada],
      );
      for (const c of changes) {
        await q(
          `INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, fecha) VALUES ($1, 'estado', 'Pendiente → En curso', $2)`,
          [row!.uuid, c],
        );
      }
    };
    const carpA = await task(carpinteria, tipoA.uuid);
    const tapB = await task(tapiceria, tipoB.uuid);
    const logA = await task(logistica, tipoA.uuid);
    await occurrence(carpA, at('2020-03-03', 8), at('2020-03-03', 14), [at('2020-03-03', 10)]);
    await occurrence(carpA, at('2020-03-04', 8), at('2020-03-05', 20), [at('2020-03-05', 12), at('2020-03-05', 8)]);
    await occurrence(tapB, at('2020-03-01'), at('2020-03-02'), []);
    await occurrence(logA, at('2020-03-02'), at('2020-03-02', 1), [at('2020-03-02', 0.5)]);
    await occurrence(carpA, at('2020-03-09'), at('2020-03-12'), [at('2020-03-10')]);
    await occurrence(carpA, at('2020-03-05'), null, [at('2020-03-06')]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = async (user: string, query: Record<string, string> = {}): Promise<FlowResponse> => {
    const res = await t.http
      .get('/api/reports/flow')
      .query({ ...PERIOD, ...query })
      .set(as(user));
    expect(res.status).toBe(200);
    return parseWith(FlowResponseSchema, res.body);
  };

  it('splits each completed occurrence at its first status change', async () => {
    const r = await get('admin');
    expect([r.desde, r.hasta]).toEqual(['2020-03-01', '2020-03-10']);
    expect(r.general.ocurrencias).toBe(4);
    expect(r.general.total).toEqual({ promedio: 16.75, p25: 4.75, mediana: 15, p75: 27, p90: 32.4, maximo: 36 });
    expect(r.general.espera).toMatchObject({ promedio: 12.63, mediana: 13, maximo: 24 });
    expect(r.general.en_curso).toMatchObject({ promedio: 4.13, mediana: 2.25, p25: 0.38, maximo: 12 });
    expect(r.histograma.map((b) => [b.etiqueta, b.total, b.en_curso])).toEqual([
      ['menos de 1 h', 0, 2],
      ['1–4 h', 1, 0],
      ['4–8 h', 1, 1],
      ['8 h–1 d', 0, 1],
      ['1–3 d', 2, 0],
      ['3–7 d', 0, 0],
      ['7 d o más', 0, 0],
    ]);
  });

  it('groups by task type and by area', async () => {
    const r = await get('admin');
    expect(r.por_tipo.map((g) => [g.nombre, g.ocurrencias, g.total.mediana, g.espera.maximo, g.en_curso.maximo])).toEqual([
      [tipoA.nombre, 3, 6, 24, 12],
      [tipoB.nombre, 1, 24, 24, 0],
    ]);
    expect(r.por_area.map((g) => [g.nombre, g.ocurrencias, g.total.promedio])).toEqual([
      ['Carpintería', 2, 21],
      ['Logística', 1, 1],
      ['Tapicería', 1, 24],
    ]);
  });

  it('a supervisor sees only their areas; a foreign area is refused', async () => {
    const r = await get('supervisor');
    expect(r.general.ocurrencias).toBe(3);
    expect(r.por_area.map((g) => g.nombre).sort()).toEqual(['Carpintería', 'Tapicería']);
    const own = await get('supervisor', { area_uuids: carpinteria });
    expect(own.general.ocurrencias).toBe(2);
    expectError(
      await t.http.get('/api/reports/flow').query({ ...PERIOD, area_uuids: logistica }).set(as('supervisor')),
      403,
      MESSAGES.errors.noAccessArea,
    );
    expectError(await t.http.get('/api/reports/flow').set(as('operario')), 403);
    expectError(await t.http.get('/api/reports/flow'), 401);
  });

  it('an empty period has zeros, not nulls; bad input is refused in Spanish', async () => {
    const empty = await get('admin', { start_date: '2019-01-01', end_date: '2019-01-02' });
    expect(empty.general).toEqual({
      ocurrencias: 0,
      espera: { promedio: 0, p25: 0, mediana: 0, p75: 0, p90: 0, maximo: 0 },
      en_curso: { promedio: 0, p25: 0, mediana: 0, p75: 0, p90: 0, maximo: 0 },
      total: { promedio: 0, p25: 0, mediana: 0, p75: 0, p90: 0, maximo: 0 },
    });
    expect(empty.por_tipo).toEqual([]);
    expect(empty.histograma.every((b) => b.total === 0 && b.en_curso === 0)).toBe(true);
    const bad = await t.http
      .get('/api/reports/flow')
      .query({ start_date: '2020-03-10', end_date: '2020-03-01' })
      .set(as('admin'));
    expectError(bad, 400, MESSAGES.validation.dateRangeInvalid);
    expectError(await t.http.get('/api/reports/flow').query({ employee_uuids: 'x' }).set(as('admin')), 400);
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

  it('the XLSX has a «Tiempos de ciclo» sheet with the figures', async () => {
    const res = await download('/api/reports/xlsx', 'admin');
    expect(res.status).toBe(200);
    const book = XLSX.read(res.body as Buffer, { type: 'buffer' });
    expect(book.SheetNames).toContain('Tiempos de ciclo');
    const aoa = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['Tiempos de ciclo']!, { header: 1, defval: '' });
    expect(aoa[1]![0]).toBe('Periodo: 01/03/2020 – 10/03/2020');
    expect(aoa[3]).toEqual([...FLOW_COLUMNS]);
    expect(aoa[4]).toEqual(['Todas', 'Todas las tareas', 4, 13, 24, 2.25, 9.6, 15, 32.4, 16.75]);
    expect(aoa.find((r) => r[0] === 'Área' && r[1] === 'Carpintería')).toEqual([
      'Área', 'Carpintería', 2, 13, 21.8, 8, 11.2, 21, 33, 21,
    ]);
    expect(aoa.find((r) => r[0] === '1–3 d')!.slice(0, 3)).toEqual(['1–3 d', 2, 0]);
  });

  it('the PDF has the lead and cycle time section', async () => {
    const res = await download('/api/reports/pdf', 'supervisor');
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'flujo-'));
    try {
      writeFileSync(join(dir, 'r.pdf'), res.body as Buffer);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Tiempos de espera y de ciclo');
      expect(text).toContain('Periodo: 01/03/2020 – 10/03/2020 · 3 tareas terminadas');
      const carp = text.split('\n').find((l) => l.includes('Área') && l.includes('Carpintería'))!;
      expect(carp).toMatch(/Carpintería\s+2\s+13\s+21,8\s+8\s+11,2\s+21\s+33\s+21/);
      expect(text).not.toMatch(/Área\s+Logística/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('each occurrence keeps its first status change, whoever writes the history', async () => {
    const drift = async () =>
      (
        (await t.ds.query(`
          SELECT count(*)::int AS n FROM tareas_asignadas ta
           WHERE ta.primer_cambio_estado IS DISTINCT FROM
                 (SELECT min(h.fecha) FROM historial_tareas_asignadas h WHERE h.tarea_asignada_uuid = ta.uuid AND h.tipo = 'estado')`)) as {
          n: number;
        }[]
      )[0]!.n;
    // Written by SQL above (O2's changes out of order: the earlier one wins).
    expect(await drift()).toBe(0);
    // Through the API: a fresh occurrence moved twice keeps the first move; one with an older change keeps it.
    const [estados, [task]] = (await Promise.all([
      t.ds.query(`SELECT uuid, "order" FROM estados ORDER BY "order"`),
      t.ds.query(`SELECT uuid FROM tareas WHERE titulo = 'Flujo' LIMIT 1`),
    ])) as [{ uuid: string }[], { uuid: string }[]];
    const [fresh] = (await t.ds.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid) VALUES ($1, $2, $3) RETURNING uuid`,
      [task!.uuid, await userUuid(t, 'operario'), estados[0]!.uuid],
    )) as { uuid: string }[];
    const [open] = (await t.ds.query(
      `SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1 AND fecha_completada IS NULL AND fecha_asignacion < '2021-01-01'`,
      [task!.uuid],
    )) as { uuid: string }[];
    for (const uuid of [fresh!.uuid, fresh!.uuid, open!.uuid]) {
      for (const estado of [estados[1]!, estados[0]!]) {
        const res = await t.http.put(`/api/assigned-tasks/${uuid}`).set(as('admin')).send({ estado_uuid: estado.uuid });
        expect(res.status).toBe(200);
      }
    }
    expect(await drift()).toBe(0);
    const [kept] = (await t.ds.query(`SELECT primer_cambio_estado FROM tareas_asignadas WHERE uuid = $1`, [open!.uuid])) as {
      primer_cambio_estado: Date;
    }[];
    expect(kept!.primer_cambio_estado.getTime()).toBeLessThan(Date.parse('2021-01-01'));
    expect((await get('admin')).general.ocurrencias).toBe(4);
  });
});
