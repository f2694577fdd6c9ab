import {
  ImportHolidaysResponseSchema,
  MESSAGES,
  NonWorkingDayListResponseSchema,
  NonWorkingDayResponseSchema,
  OkResponseSchema,
  ScheduledTaskResponseSchema,
  SchedulePreviewResponseSchema,
} from '@gestar/contracts';
import { todayIn } from '@gestar/contracts';
import { CalendarService } from '../src/modules/calendar/calendar.service';
import { JobsService } from '../src/common/jobs/jobs.service';
import { clockAt, createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const URL = '/api/calendar/non-working-days';

/** The company calendar (issue 19) and what the schedules' preview makes of it. */
describe('company calendar API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor, operario] = await Promise.all([
      tokenFor(t, 'admin'),
      tokenFor(t, 'supervisor'),
      tokenFor(t, 'operario'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const list = async (token: string, anio: number) =>
    parseWith(NonWorkingDayListResponseSchema, (await t.http.get(`${URL}?anio=${anio}`).set(as(token))).body);

  it('an administrator marks a day, a supervisor reads it, an operario may not; a day is marked once', async () => {
    const res = await t.http.post(URL).set(as(admin)).send({ fecha: '2031-07-20', descripcion: 'Inventario anual' });
    expect(res.status).toBe(201);
    const day = parseWith(NonWorkingDayResponseSchema, res.body);
    expect(day).toMatchObject({ fecha: '2031-07-20', descripcion: 'Inventario anual', origen: 'manual' });
    const seen = await list(supervisor, 2031);
    // The scheduler is off in this application: nothing comes in by itself.
    expect(seen).toMatchObject({ feriados_automaticos: false, feriados_cargados: [] });
    expect(seen).toMatchObject({
      anio: 2031,
      dias_laborables: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'],
      pais: 'AR',
      pais_nombre: 'Argentina',
    });
    expect(seen.data.map((d) => d.fecha)).toContain('2031-07-20');
    expectError(
      await t.http.post(URL).set(as(admin)).send({ fecha: '2031-07-20', descripcion: 'Otra vez' }),
      409,
      MESSAGES.errors.nonWorkingDayExists,
    );
    expectError(
      await t.http.post(URL).set(as(supervisor)).send({ fecha: '2031-07-21', descripcion: 'x' }),
      403,
      MESSAGES.errors.forbidden,
    );
    expectError(await t.http.get(`${URL}?anio=2031`).set(as(operario)), 403, MESSAGES.errors.forbidden);
    const body = expectError(await t.http.post(URL).set(as(admin)).send({ fecha: '', descripcion: '' }), 400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'fecha', message: MESSAGES.validation.fechaRequired },
        { path: 'descripcion', message: MESSAGES.validation.descripcionRequired },
      ]),
    );

    parseWith(OkResponseSchema, (await t.http.delete(`${URL}/${day.uuid}`).set(as(admin))).body);
    expect((await list(admin, 2031)).data.map((d) => d.fecha)).not.toContain('2031-07-20');
    expectError(await t.http.delete(`${URL}/${day.uuid}`).set(as(admin)), 404, MESSAGES.errors.nonWorkingDayGone);
  });

  it("brings in the country's public holidays of a year once, leaving marked days as they are", async () => {
    await t.http.post(URL).set(as(admin)).send({ fecha: '2032-05-25', descripcion: 'Marcado a mano' });
    const first = parseWith(
      ImportHolidaysResponseSchema,
      (await t.http.post(`${URL}/import`).set(as(admin)).send({ anio: 2032 })).body,
    );
    expect(first.agregados).toBeGreaterThanOrEqual(12);
    const byDate = new Map(first.data.map((d) => [d.fecha, d]));
    expect(byDate.get('2032-01-01')).toMatchObject({ origen: 'feriado' });
    expect(byDate.get('2032-07-09')).toMatchObject({ origen: 'feriado' }); // Día de la Independencia
    expect(byDate.get('2032-05-25')).toMatchObject({ origen: 'manual', descripcion: 'Marcado a mano' });
    const again = parseWith(
      ImportHolidaysResponseSchema,
      (await t.http.post(`${URL}/import`).set(as(admin)).send({ anio: 2032 })).body,
    );
    expect(again.agregados).toBe(0);
    expect(again.data).toHaveLength(first.data.length);
    const bad = expectError(await t.http.post(`${URL}/import`).set(as(admin)).send({ anio: 1990 }), 400);
    expect(bad.errors).toContainEqual({ path: 'anio', message: MESSAGES.validation.anioRange });
  });

  it('the preview skips, moves or keeps a date on a holiday or a Sunday, as the schedule says', async () => {
    // Friday 3 and Friday 10 January 2031; 10 January marked as a holiday. Sundays are days off (default Monday to Saturday).
    await t.http.post(URL).set(as(admin)).send({ fecha: '2031-01-10', descripcion: 'Feriado de prueba' });
    const preview = async (regla: string, policy: string, desde = '2031-01-01') =>
      parseWith(
        SchedulePreviewResponseSchema,
        (
          await t.http
            .get(
              `/api/scheduled-task/preview?regla=${encodeURIComponent(regla)}&desde=${desde}&n=3&dias_no_laborables=${policy}`,
            )
            .set(as(supervisor))
        ).body,
      ).fechas;
    expect(await preview('FREQ=WEEKLY;BYDAY=FR', 'siguiente_habil')).toEqual([
      '2031-01-03',
      '2031-01-11',
      '2031-01-17',
    ]);
    expect(await preview('FREQ=WEEKLY;BYDAY=FR', 'omitir')).toEqual(['2031-01-03', '2031-01-17', '2031-01-24']);
    expect(await preview('FREQ=WEEKLY;BYDAY=FR', 'generar')).toEqual(['2031-01-03', '2031-01-10', '2031-01-17']);
    // A Sunday moves to Monday.
    expect(await preview('FREQ=WEEKLY;BYDAY=SU', 'siguiente_habil')).toEqual([
      '2031-01-06',
      '2031-01-13',
      '2031-01-20',
    ]);
    // The previous working day: the holiday Friday to Thursday, a Sunday to Saturday.
    expect(await preview('FREQ=WEEKLY;BYDAY=FR', 'anterior_habil')).toEqual(['2031-01-03', '2031-01-09', '2031-01-17']);
    expect(await preview('FREQ=WEEKLY;BYDAY=SU', 'anterior_habil')).toEqual(['2031-01-04', '2031-01-11', '2031-01-18']);
    // The last working day of each month, as a calendar application writes it.
    expect(await preview('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR,SA;BYSETPOS=-1', 'generar')).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
    ]);
    // 31 August 2031 is a Sunday: Saturday the 30th.
    expect(await preview('FREQ=MONTHLY;BYMONTHDAY=-1', 'anterior_habil', '2031-08-01')).toEqual([
      '2031-08-30',
      '2031-09-30',
      '2031-10-31',
    ]);
  });

  it('the preview names the years it reaches whose holidays are not loaded, unless it keeps every date', async () => {
    // 2032 was brought in above; 2033 and 2034 were not.
    const years = async (desde: string, policy: string) =>
      parseWith(
        SchedulePreviewResponseSchema,
        (
          await t.http
            .get(`/api/scheduled-task/preview?regla=FREQ%3DMONTHLY%3BBYMONTHDAY%3D15&desde=${desde}&n=12&dias_no_laborables=${policy}`)
            .set(as(supervisor))
            .expect(200)
        ).body,
      ).anios_sin_feriados;
    expect(await years('2032-01-01', 'siguiente_habil')).toEqual([]);
    expect(await years('2032-06-01', 'omitir')).toEqual([2033]);
    expect(await years('2033-06-01', 'anterior_habil')).toEqual([2033, 2034]);
    expect(await years('2033-06-01', 'generar')).toEqual([]);
  });

  it('the preview marks each moved date with the day it avoided and why: the holiday by name, or the weekday off', async () => {
    await t.http.post(URL).set(as(admin)).send({ fecha: '2031-02-14', descripcion: 'Feriado de febrero' });
    const ask = async (regla: string, policy: string) =>
      parseWith(
        SchedulePreviewResponseSchema,
        (
          await t.http
            .get(`/api/scheduled-task/preview?regla=${encodeURIComponent(regla)}&desde=2031-02-01&n=3&dias_no_laborables=${policy}`)
            .set(as(supervisor))
        ).body,
      ).ocurrencias;
    // Fridays 7, 14 (the holiday: to Saturday 15) and 21 February 2031.
    expect(await ask('FREQ=WEEKLY;BYDAY=FR', 'siguiente_habil')).toEqual([
      { fecha: '2031-02-07', aparece: '2031-02-07' },
      { fecha: '2031-02-15', aparece: '2031-02-14', movida_desde: '2031-02-14', motivo: 'Feriado de febrero' },
      { fecha: '2031-02-21', aparece: '2031-02-21' },
    ]);
    // A Sunday the company does not work: to Monday, saying so.
    expect((await ask('FREQ=WEEKLY;BYDAY=SU', 'siguiente_habil'))[0]).toEqual({
      fecha: '2031-02-03',
      aparece: '2031-02-02',
      movida_desde: '2031-02-02',
      motivo: 'la empresa no trabaja los domingos',
    });
    // Kept or skipped, nothing is marked as moved.
    for (const o of [...(await ask('FREQ=WEEKLY;BYDAY=FR', 'generar')), ...(await ask('FREQ=WEEKLY;BYDAY=FR', 'omitir'))]) {
      expect(o.movida_desde).toBeUndefined();
      expect(o.motivo).toBeUndefined();
    }
  });

  it('a schedule saved with the previous working day keeps it', async () => {
    const [{ uuid: tarea }] = await t.ds.query(`SELECT uuid FROM tareas WHERE titulo = 'Afilar la sierra circular'`);
    const res = await t.http
      .post('/api/scheduled-task')
      .set(as(admin))
      .send({ tarea_uuid: tarea, regla: 'FREQ=WEEKLY;BYDAY=SU', dias_no_laborables: 'anterior_habil' });
    expect(res.status).toBe(201);
    expect(parseWith(ScheduledTaskResponseSchema, res.body)).toMatchObject({ dias_no_laborables: 'anterior_habil' });
    const bad = expectError(
      await t.http
        .get('/api/scheduled-task/preview?regla=FREQ%3DDAILY&dias_no_laborables=anterior')
        .set(as(supervisor)),
      400,
    );
    expect(bad.errors).toContainEqual({
      path: 'dias_no_laborables',
      message: MESSAGES.validation.diasNoLaborablesInvalid,
    });
  });
});

/**
 * The configured country's holidays of the current and the next year come in by themselves (issue
 * 31): at start, once per year however many processes run, and never again after an administrator
 * removed one.
 */
describe('holidays brought in automatically', () => {
  const ON = { SCHEDULER_ENABLED: 'true' };
  let t: TestApp;
  let admin: string;
  const thisYear = Number(todayIn('America/Argentina/Buenos_Aires', new Date()).slice(0, 4));

  /** Started like a production process (jobs on), with the job runtime stopped right after so only the start runs. */
  async function start(database?: string): Promise<TestApp> {
    const app = await createTestApp({ env: ON, ...(database ? { database } : {}) });
    await app.app.get(JobsService).stop();
    return app;
  }
  const holidaysOf = async (app: TestApp, year: number): Promise<{ fecha: string; descripcion: string; origen: string }[]> =>
    app.ds.query(
      `SELECT to_char(fecha, 'YYYY-MM-DD') AS fecha, descripcion, origen FROM dias_no_laborables
        WHERE extract(year FROM fecha) = $1 ORDER BY fecha`,
      [year],
    );
  const covered = async (app: TestApp, token: string) =>
    parseWith(NonWorkingDayListResponseSchema, (await app.http.get(URL).set({ Authorization: `Bearer ${token}` })).body)
      .feriados_cargados;

  beforeAll(async () => {
    t = await start();
    admin = await tokenFor(t, 'admin');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('a fresh database gets the current and the next year at start, and the screen is told so', async () => {
    for (const year of [thisYear, thisYear + 1]) {
      const days = await holidaysOf(t, year);
      expect(days.map((d) => d.fecha)).toEqual(expect.arrayContaining([`${year}-01-01`, `${year}-05-25`, `${year}-07-09`]));
      expect(days.every((d) => d.origen === 'feriado')).toBe(true);
    }
    const list = parseWith(NonWorkingDayListResponseSchema, (await t.http.get(URL).set({ Authorization: `Bearer ${admin}` })).body);
    expect(list.feriados_automaticos).toBe(true);
    expect(list.feriados_cargados).toEqual([
      expect.objectContaining({ anio: thisYear, pais: 'AR', pais_nombre: 'Argentina', origen: 'automatico' }),
      expect.objectContaining({ anio: thisYear + 1, pais: 'AR', pais_nombre: 'Argentina', origen: 'automatico' }),
    ]);
    expect((await holidaysOf(t, thisYear + 2)).length).toBe(0);
  });

  it('a holiday the administrator removed stays removed through later starts, two of them at once', async () => {
    const year = thisYear + 1;
    const list = parseWith(
      NonWorkingDayListResponseSchema,
      (await t.http.get(`${URL}?anio=${year}`).set({ Authorization: `Bearer ${admin}` })).body,
    );
    const independence = list.data.find((d) => d.fecha === `${year}-07-09`)!;
    expect(
      (await t.http.delete(`${URL}/${independence.uuid}`).set({ Authorization: `Bearer ${admin}` })).status,
    ).toBe(200);
    const before = await holidaysOf(t, year);

    // Two more processes start at once on the same database, and the hourly run fires in each.
    const [b, c] = await Promise.all([start(t.dbName), start(t.dbName)]);
    try {
      await Promise.all([b, c, t].map((app) => app.app.get(JobsService).runNow('calendar-holidays')));
      const runs = await Promise.all([b, c, t].map((app) => app.app.get(CalendarService).importCurrentYears()));
      expect(runs.flatMap((r) => r.importados)).toEqual([]);
    } finally {
      await Promise.all([b.close(), c.close()]);
    }
    const after = await holidaysOf(t, year);
    expect(after).toEqual(before);
    expect(after.map((d) => d.fecha)).not.toContain(`${year}-07-09`);
  });

  it('the next year comes in when the company year changes, in the company time zone', async () => {
    const calendar = t.app.get(CalendarService);
    // A day the administrator marked before its year came in keeps their text.
    const marked = await t.http
      .post(URL)
      .set({ Authorization: `Bearer ${admin}` })
      .send({ fecha: `${thisYear + 2}-05-25`, descripcion: 'Cierre por mudanza' });
    expect(marked.status).toBe(201);
    const restore = clockAt(t, Date.parse(`${thisYear}-12-31T23:30:00-03:00`)); // 02:30 UTC on 1 January
    const lastEvening = await calendar.importCurrentYears();
    restore();
    expect(lastEvening).toEqual({ anios: [thisYear, thisYear + 1], importados: [] });

    const restoreAgain = clockAt(t, Date.parse(`${thisYear + 1}-01-01T00:30:00-03:00`));
    const newYear = await calendar.importCurrentYears();
    restoreAgain();
    expect(newYear.anios).toEqual([thisYear + 1, thisYear + 2]);
    expect(newYear.importados).toEqual([{ anio: thisYear + 2, agregados: expect.any(Number) }]);
    expect(newYear.importados[0]!.agregados).toBeGreaterThanOrEqual(12);
    const days = await holidaysOf(t, thisYear + 2);
    expect(days.map((d) => d.fecha)).toContain(`${thisYear + 2}-07-09`);
    expect(days.find((d) => d.fecha === `${thisYear + 2}-05-25`)).toEqual({
      fecha: `${thisYear + 2}-05-25`,
      descripcion: 'Cierre por mudanza',
      origen: 'manual',
    });
    expect((await covered(t, admin)).map((y) => y.anio)).toEqual([thisYear, thisYear + 1, thisYear + 2]);
  });

  it('processes bringing in a new year at once add each holiday once, and the year is claimed once', async () => {
    const year = thisYear + 3;
    const second = await start(t.dbName);
    try {
      const at = Date.parse(`${year - 1}-06-01T12:00:00-03:00`);
      clockAt(t, at);
      clockAt(second, at);
      const runs = await Promise.all(
        [t, second, t, second, t, second].map((app) => app.app.get(CalendarService).importCurrentYears()),
      );
      const claims = runs.flatMap((r) => r.importados).filter((i) => i.anio === year);
      expect(claims).toHaveLength(1);
      const days = await holidaysOf(t, year);
      expect(days.length).toBe(claims[0]!.agregados);
      expect(new Set(days.map((d) => d.fecha)).size).toBe(days.length);
    } finally {
      await second.close();
    }
  });

  it('a year an administrator brought in by hand counts as covered, by hand', async () => {
    const res = await t.http.post(`${URL}/import`).set({ Authorization: `Bearer ${admin}` }).send({ anio: 2040 });
    expect([res.status, res.body]).toEqual([200, expect.anything()]);
    parseWith(ImportHolidaysResponseSchema, res.body);
    expect((await covered(t, admin)).find((y) => y.anio === 2040)).toMatchObject({ pais: 'AR', origen: 'manual' });
  });
});
