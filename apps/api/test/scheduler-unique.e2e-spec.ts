import { Client } from 'pg';
import { OccurrencesService } from '../src/modules/assigned-tasks/occurrences.service';
import { urlForDatabase } from './setup/db';
import { areaUuid, createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * The unique key (schedule, occurrence date, employee) and its ON CONFLICT path:
 * the same occurrence inserted at once by two API processes, several times each,
 * while a third connection holds an uncommitted insert of it, ends as one row
 * per employee and one history entry each, and no insert fails.
 */
describe('scheduled occurrence inserted concurrently', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.dbName });
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('yields no duplicate and no error', async () => {
    const [tipo] = await a.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const [estado] = await a.ds.query(`SELECT uuid FROM estados ORDER BY "order" LIMIT 1`);
    const area = await areaUuid(a, 'Carpintería');
    const admin = await userUuid(a, 'admin');
    const operario = await userUuid(a, 'operario');
    const supervisor = await userUuid(a, 'supervisor');
    const [task] = await a.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, activo) VALUES ('Revisar extintores', $1, $2, $3, true) RETURNING uuid`,
      [tipo.uuid, area, admin],
    );
    for (const u of [operario, supervisor])
      await a.ds.query(`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1, $2)`, [task.uuid, u]);
    const [schedule] = await a.ds.query(
      `INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
       VALUES ($1, 1, '2031-03-10', 2, true) RETURNING uuid`,
      [task.uuid],
    );
    const occurrence = { programacion_uuid: schedule.uuid, fecha_ocurrencia: '2031-03-10', fecha_vencimiento: '2031-03-12' };

    // Another process in the middle of its tick: the operario's occurrence inserted, not yet committed.
    const other = new Client({ connectionString: urlForDatabase(a.dbName) });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, programacion_uuid, fecha_ocurrencia)
         VALUES ($1, $2, $3, '2031-03-12', $4, '2031-03-10')`,
        [task.uuid, operario, estado.uuid, schedule.uuid],
      );

      const at = new Date('2031-03-10T12:00:00Z');
      const attempts = [a, b, a, b, a, b].map((t) =>
        t.app.get(OccurrencesService).createScheduledOccurrences([occurrence], estado.uuid, at),
      );
      // The attempts wait on the uncommitted row; let them reach it before it commits.
      await waitForLockWaiters(a, 1);
      await other.query('COMMIT');

      const outcomes = await Promise.allSettled(attempts);
      const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      const inserted = outcomes.flatMap((o) => (o as PromiseFulfilledResult<{ empleado_uuid: string }[]>).value);
      // Only the supervisor's occurrence was still missing: exactly one attempt inserted it.
      expect(inserted.map((r) => r.empleado_uuid)).toEqual([supervisor]);
    } finally {
      await other.end();
    }

    const rows: { empleado_uuid: string; n: number; historial: number }[] = await a.ds.query(
      `SELECT ta.empleado_uuid, count(*)::int AS n,
              sum((SELECT count(*) FROM historial_tareas_asignadas h WHERE h.tarea_asignada_uuid = ta.uuid))::int AS historial
         FROM tareas_asignadas ta WHERE ta.programacion_uuid = $1 AND ta.fecha_ocurrencia = '2031-03-10'
        GROUP BY ta.empleado_uuid ORDER BY ta.empleado_uuid`,
      [schedule.uuid],
    );
    // One row each; the history entry comes with the insert that won (the other connection wrote none).
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { empleado_uuid: operario, n: 1, historial: 0 },
        { empleado_uuid: supervisor, n: 1, historial: 1 },
      ]),
    );
  });
});

/** Resolves once at least `n` sessions of the test database wait on a lock (polled; 10 s at most). */
async function waitForLockWaiters(t: TestApp, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.ds.query(
      `SELECT count(*)::int AS c FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row.c >= n) return;
    if (Date.now() > deadline) throw new Error(`ninguna inserción quedó esperando el bloqueo (${row.c})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
