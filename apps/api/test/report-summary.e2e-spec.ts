import { DEFAULT_TIMEZONE } from '@gestar/contracts';
import { ReportsRepository, type ReportWhere } from '../src/modules/reports/reports.repository';
import { areaUuid, createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * The reports' summary (`resumen_asignaciones`, issue 21) against the assignments it sums: after
 * inserts, bulk and single updates, deletes and a task moved to another area, every filter's total,
 * per-area-and-status and per-employee counts are the ones counted row by row. The row-by-row
 * answer is the repository's own (the path a title filter takes), asked with every task's id.
 */
describe('report summary', () => {
  let t: TestApp;
  let repo: ReportsRepository;
  let allTasks: string[];
  const ids: Record<string, string> = {};
  const TODAY = '2026-02-20';

  const live = (f: ReportWhere): ReportWhere => ({ ...f, titleTaskUuids: allTasks });
  const sorted = <T>(rows: T[]) => [...rows].map((r) => JSON.stringify(r)).sort();

  /** Summary and row-by-row answers of `f`, side by side. */
  async function both(f: ReportWhere) {
    const read = async (w: ReportWhere) => ({
      total: await repo.count(w),
      pairs: sorted(await repo.areaStatusCounts(w, TODAY)),
      employees: await repo.employeeCounts(w),
    });
    return { summary: await read(f), rows: await read(live(f)) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    repo = t.app.get(ReportsRepository);
    for (const u of ['admin', 'operario', 'mlopez', 'jruiz']) ids[u] = await userUuid(t, u);
    for (const a of ['Carpintería', 'Tapicería', 'Logística']) ids[a] = await areaUuid(t, a);
    const [tipo] = await t.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const statuses: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM estados ORDER BY "order"`);
    statuses.forEach((s, i) => (ids[`estado${i}`] = s.uuid));
    const tasks: string[] = [];
    for (const [i, area] of ['Carpintería', 'Tapicería', 'Logística', 'Carpintería'].entries()) {
      const [task] = await t.ds.query(
        `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid`,
        [`Resumen ${i}`, tipo.uuid, ids[area], ids.admin],
      );
      tasks.push(task.uuid);
    }
    // 240 assignments from mid-December to mid-March, every 9 hours (so some fall just before and
    // after a company midnight and a month's first day), over 4 tasks, 3 employees and the statuses;
    // some completed on time or late, some archived, some rated, some without a due date.
    await t.ds.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento,
         fecha_completada, archivada, calificacion, asignado_por_uuid)
       SELECT ($1::uuid[])[1 + g % 4], ($2::uuid[])[1 + g % 3], ($3::uuid[])[1 + g % cardinality($3::uuid[])],
         ts, CASE WHEN g % 5 = 0 THEN NULL ELSE (ts AT TIME ZONE $4)::date + (g % 4) END,
         CASE WHEN g % 3 = 0 THEN ts + make_interval(days => g % 7) END,
         g % 4 = 0, CASE WHEN g % 6 = 0 THEN 1 + g % 5 END, $5
       FROM generate_series(0, 239) g, LATERAL (SELECT timestamptz '2025-12-15 01:30:00Z' + make_interval(hours => 9 * g) AS ts) d`,
      [tasks, [ids.operario, ids.mlopez, ids.jruiz], statuses.map((s) => s.uuid), DEFAULT_TIMEZONE, ids.admin],
    );
    // Changes: a bulk status move, completions, archiving, ratings, due dates, deletes, a task's area.
    await t.ds.query(`UPDATE tareas_asignadas SET estado_uuid = $1 WHERE tarea_uuid = $2 AND NOT archivada`, [ids.estado1, tasks[0]]);
    await t.ds.query(
      `UPDATE tareas_asignadas SET fecha_completada = fecha_asignacion + interval '30 days'
       WHERE fecha_completada IS NULL AND empleado_uuid = $1 AND fecha_asignacion < '2026-01-20'`,
      [ids.mlopez],
    );
    await t.ds.query(`UPDATE tareas_asignadas SET archivada = true, calificacion = 5 WHERE tarea_uuid = $1 AND fecha_completada IS NOT NULL`, [tasks[2]]);
    await t.ds.query(`UPDATE tareas_asignadas SET fecha_vencimiento = NULL WHERE empleado_uuid = $1 AND estado_uuid = $2`, [ids.jruiz, ids.estado0]);
    await t.ds.query(`UPDATE tareas_asignadas SET observaciones = 'Sin efecto en los conteos' WHERE tarea_uuid = $1`, [tasks[3]]);
    await t.ds.query(`DELETE FROM tareas_asignadas WHERE uuid IN (SELECT uuid FROM tareas_asignadas ORDER BY fecha_asignacion LIMIT 25)`);
    const [one] = await t.ds.query(`SELECT uuid FROM tareas_asignadas WHERE NOT archivada ORDER BY fecha_asignacion DESC LIMIT 1`);
    await t.ds.query(`UPDATE tareas_asignadas SET estado_uuid = $1, calificacion = 3 WHERE uuid = $2`, [ids.estado0, one.uuid]);
    await t.ds.query(`UPDATE tareas SET area_uuid = $1 WHERE uuid = $2`, [ids['Logística'], tasks[3]]);
    allTasks = (await t.ds.query(`SELECT uuid FROM tareas`)).map((r: { uuid: string }) => r.uuid);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const base: ReportWhere = { scopeAreas: null, timeZone: DEFAULT_TIMEZONE };
  const cases: [string, () => ReportWhere][] = [
    ['no filter', () => base],
    ['part of two months', () => ({ ...base, fromDate: '2026-01-15', toDate: '2026-02-11' })],
    ['two whole months and days on either side', () => ({ ...base, fromDate: '2025-12-20', toDate: '2026-02-03' })],
    ['exactly one month', () => ({ ...base, fromDate: '2026-01-01', toDate: '2026-02-01' })],
    ['one day', () => ({ ...base, fromDate: '2026-02-01', toDate: '2026-02-02' })],
    ['from a date on', () => ({ ...base, fromDate: '2026-01-10' })],
    ['up to a date', () => ({ ...base, toDate: '2026-02-15' })],
    ['an area', () => ({ ...base, areaUuids: [ids['Logística']!] })],
    ['a status and an employee', () => ({ ...base, statusUuids: [ids.estado1!], employeeUuids: [ids.mlopez!] })],
    ['a supervisor scope with dates', () => ({ ...base, scopeAreas: [ids['Carpintería']!, ids['Tapicería']!], fromDate: '2026-01-05', toDate: '2026-03-02' })],
  ];

  it.each(cases)('%s: the summary adds up to the rows', async (_name, where) => {
    const f = where();
    // The row-by-row path filters by instants; the summary by the same range's dates.
    const instant = (d?: string) => (d ? new Date(`${d}T03:00:00Z`) : undefined); // midnight in Buenos Aires (UTC-3)
    const { summary, rows } = await both({ ...f, from: instant(f.fromDate), to: instant(f.toDate) });
    expect(rows.total).toBeGreaterThan(0);
    expect(summary).toEqual(rows);
  });

  it('follows the company zone: rebuilt once when it changes, then kept', async () => {
    const madrid: ReportWhere = { ...base, timeZone: 'Europe/Madrid', fromDate: '2026-01-01', toDate: '2026-02-01' };
    const instants = { from: new Date('2025-12-31T23:00:00Z'), to: new Date('2026-01-31T23:00:00Z') };
    const rebuild = async (zone: string) =>
      ((await t.ds.query(`SELECT f_resumen_zona($1) AS rebuilt`, [zone])) as { rebuilt: boolean }[])[0]!.rebuilt;
    expect(await rebuild('Europe/Madrid')).toBe(true);
    expect(await rebuild('Europe/Madrid')).toBe(false);
    const { summary, rows } = await both({ ...madrid, ...instants });
    expect(summary).toEqual(rows);
    expect(await rebuild(DEFAULT_TIMEZONE)).toBe(true);
    const again = await both({ ...base, from: undefined });
    expect(again.summary).toEqual(again.rows);
  });
});
