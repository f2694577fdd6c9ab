import { addDaysToCalendarDate, companyMidnight, MESSAGES } from '@gestar/contracts';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import { areaUuid, createTestApp, TestApp, userUuid } from './support/test-app';

/**
 * Reminders, escalation and the digest (issue 19) against a real PostgreSQL, with two API
 * processes on one database ticking at instants the test chooses (the cron is off).
 */
const TZ = 'America/Argentina/Buenos_Aires';
const D = '2031-03-10';
const at = (date: string, hh: number, mm = 0) => new Date(companyMidnight(date, TZ).getTime() + (hh * 60 + mm) * 60_000);
const N = MESSAGES.notifications;

describe('reminders and escalation', () => {
  let a: TestApp;
  let b: TestApp;
  let ra: RemindersService;
  let rb: RemindersService;
  const ids: Record<string, string> = {};
  let operario: string;
  let supervisor: string;

  beforeAll(async () => {
    a = await createTestApp({ env: { REMINDER_TIME: '08:00', ESCALATION_HOURS: '24' } });
    b = await createTestApp({ database: a.dbName, env: { REMINDER_TIME: '08:00', ESCALATION_HOURS: '24' } });
    ra = a.app.get(RemindersService);
    rb = b.app.get(RemindersService);
    operario = await userUuid(a, 'operario');
    supervisor = await userUuid(a, 'supervisor');
    const carpinteria = await areaUuid(a, 'Carpintería');
    const [tipo] = await a.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    const [abierto] = await a.ds.query(`SELECT uuid FROM estados WHERE categoria = 'pendiente' ORDER BY "order" LIMIT 1`);
    const [terminado] = await a.ds.query(`SELECT uuid FROM estados WHERE categoria = 'terminada' ORDER BY "order" LIMIT 1`);
    const admin = await userUuid(a, 'admin');
    // Only these occurrences are due near D (the demo data's dates are years before it).
    const make = async (name: string, due: string, opts: { archived?: boolean; finished?: boolean } = {}) => {
      const [task] = await a.ds.query(
        `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, $2, $3, $4) RETURNING uuid`,
        [`Recordatorio ${name}`, tipo.uuid, carpinteria, admin],
      );
      const [occ] = await a.ds.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, archivada)
         VALUES ($1, $2, $3, $4::date, $5) RETURNING uuid`,
        [task.uuid, operario, opts.finished ? terminado.uuid : abierto.uuid, due, opts.archived ?? false],
      );
      ids[name] = occ.uuid;
    };
    await make('manana', addDaysToCalendarDate(D, 1));
    await make('hoy', D);
    await make('ayer', addDaysToCalendarDate(D, -1));
    await make('archivada', addDaysToCalendarDate(D, -1), { archived: true });
    await make('terminada', addDaysToCalendarDate(D, -1), { finished: true });
    await make('vieja', addDaysToCalendarDate(D, -30));
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** What each person got about the test's occurrences, as `title|occurrence`. */
  async function received(user: string): Promise<string[]> {
    const rows = (await a.ds.query(
      `SELECT titulo, tarea_asignada_uuid FROM notificaciones WHERE usuario_uuid = $1 AND tarea_asignada_uuid = ANY($2::uuid[]) ORDER BY titulo, tarea_asignada_uuid`,
      [user, Object.values(ids)],
    )) as { titulo: string; tarea_asignada_uuid: string }[];
    const name = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    return rows.map((r) => `${r.titulo}|${name.get(r.tarea_asignada_uuid)}`).sort();
  }

  it('sends each reminder once across two processes, at its time, and never for archived, finished or old work', async () => {
    // Before the reminder time: only the occurrence that is already overdue.
    await Promise.all([ra.run(at(D, 7, 59)), rb.run(at(D, 7, 59))]);
    expect(await received(operario)).toEqual([`${N.overdueTitle}|ayer`]);

    // From 08:00: the day before and the day of the due date, once however many ticks.
    const results = await Promise.all([ra.run(at(D, 8, 0)), rb.run(at(D, 8, 0)), ra.run(at(D, 8, 1)), rb.run(at(D, 12, 0))]);
    expect(results.reduce((n, r) => n + r.venceManana + r.venceHoy, 0)).toBe(2);
    expect(await received(operario)).toEqual([`${N.overdueTitle}|ayer`, `${N.dueTodayTitle}|hoy`, `${N.dueTomorrowTitle}|manana`].sort());
    const [body] = await a.ds.query(`SELECT mensaje FROM notificaciones WHERE usuario_uuid = $1 AND tarea_asignada_uuid = $2`, [operario, ids.manana]);
    expect(body.mensaje).toBe(`${N.dueTomorrowBody}Recordatorio manana`);
    // Not yet 24 hours overdue: the supervisor has heard nothing about it.
    expect(await received(supervisor)).toEqual([]);
  });

  it('escalates to the area supervisors once 24 hours overdue; the digest goes once a day', async () => {
    // 00:30 on D+1: 'ayer' has been overdue 24.5 hours; 'hoy' has just become overdue.
    await Promise.all([ra.run(at(addDaysToCalendarDate(D, 1), 0, 30)), rb.run(at(addDaysToCalendarDate(D, 1), 0, 30))]);
    expect(await received(supervisor)).toEqual([`${N.escalatedTitle}|ayer`]);
    const [text] = await a.ds.query(`SELECT mensaje FROM notificaciones WHERE usuario_uuid = $1 AND tarea_asignada_uuid = $2`, [supervisor, ids.ayer]);
    expect(text.mensaje).toBe(`${N.escalatedBody}«Recordatorio ayer» de Oscar Pérez`);
    expect(await received(operario)).toContain(`${N.overdueTitle}|hoy`);
    // The digest of D was sent at 08:00 on D, once.
    const digests = await a.ds.query(
      `SELECT count(*)::int AS n FROM notificaciones WHERE usuario_uuid = $1 AND titulo = $2`,
      [supervisor, N.digestTitle],
    );
    expect(digests[0].n).toBe(1);
    // Ticking again all the next day sends nothing more about the same occurrences.
    const before = await received(supervisor);
    await Promise.all([ra.run(at(addDaysToCalendarDate(D, 1), 9)), rb.run(at(addDaysToCalendarDate(D, 1), 9))]);
    expect(await received(supervisor)).toEqual(before);
    expect((await received(operario)).filter((r) => r.endsWith('|archivada') || r.endsWith('|terminada') || r.endsWith('|vieja'))).toEqual([]);
  });
});
