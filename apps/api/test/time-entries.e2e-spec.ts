import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  AuditListResponseSchema,
  CurrentTimeEntryResponseSchema,
  DEVICE_TIME_HEADER,
  FinishTimeEntryResponseSchema,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  SERVER_EVENTS,
  StartTimeEntryResponseSchema,
  TimeEntryChangedEventSchema,
  TaskResponseSchema,
  TimeEntryListResponseSchema,
  TimeEntryResponseSchema,
  type TimeEntryResponse,
} from '@gestar/contracts';
import { TimeEntriesService } from '../src/modules/time-entries/time-entries.service';
import { EventsService } from '../src/modules/events/events.service';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const m = MESSAGES.timeEntries;
const HOUR = 3600_000;
/** The company zone of the tests (America/Argentina/Buenos_Aires): UTC-3 all year. */
const local = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-03:00`);

describe('time on task (/api/time-entries)', () => {
  let t: TestApp;
  let service: TimeEntriesService;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let carp: string;
  let tap: string;
  let log: string;
  let tipo: string;
  let pendiente: string;
  let enCurso: string;
  let terminada: string;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });

  /** A person of a role in some areas (a copy of the admin's password). */
  const person = async (username: string, rol: string, areas: string[]) => {
    const [row]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
       SELECT $1, password_hash, 'Persona', $1, (SELECT uuid FROM roles WHERE nombre = $2) FROM usuarios WHERE username = 'admin'
       RETURNING uuid`,
      [username, rol],
    );
    for (const a of areas)
      await t.ds.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)`, [row!.uuid, a]);
    ids[username] = row!.uuid;
    tokens[username] = await tokenFor(t, username);
    return row!.uuid;
  };

  /** An occurrence of a new task of `area` assigned to `empleado`, in the first status. */
  const occurrence = async (empleado: string, area = carp, titulo = `Lijar tablero ${randomUUID().slice(0, 6)}`) => {
    const [task]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, '', $2, $3, $4) RETURNING uuid`,
      [titulo, tipo, area, ids.admin],
    );
    const [occ]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid) VALUES ($1, $2, $3) RETURNING uuid`,
      [task!.uuid, ids[empleado], pendiente],
    );
    return occ!.uuid;
  };

  const post = (who: string, path: string, body: object, headers: Record<string, string> = {}) =>
    t.http.post(`/api/time-entries${path}`).set(as(who)).set(headers).send(body);
  const start = async (who: string, occ: string) => {
    const res = await post(who, '/start', { tarea_asignada_uuid: occ });
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return parseWith(StartTimeEntryResponseSchema, res.body);
  };
  const list = async (who: string, query: Record<string, string> = {}) => {
    const res = await t.http
      .get('/api/time-entries')
      .set(as(who))
      .query({ limit: '100', ...query });
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return parseWith(TimeEntryListResponseSchema, res.body);
  };
  const running = async (usuario: string) =>
    Number(
      (
        await t.ds.query(`SELECT count(*)::int AS c FROM intervalos_tiempo WHERE usuario_uuid = $1 AND fin IS NULL`, [
          usuario,
        ])
      )[0].c,
    );

  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(TimeEntriesService);
    carp = await areaUuid(t, 'Carpintería');
    tap = await areaUuid(t, 'Tapicería');
    log = await areaUuid(t, 'Logística');
    [{ uuid: tipo }] = await t.ds.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`);
    [{ uuid: pendiente }] = await t.ds.query(
      `SELECT uuid FROM estados WHERE categoria = 'pendiente' ORDER BY "order" LIMIT 1`,
    );
    [{ uuid: enCurso }] = await t.ds.query(
      `SELECT uuid FROM estados WHERE categoria = 'en_curso' ORDER BY "order" LIMIT 1`,
    );
    [{ uuid: terminada }] = await t.ds.query(
      `SELECT uuid FROM estados WHERE categoria = 'terminada' ORDER BY "order" LIMIT 1`,
    );
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    // A supervisor of Logística only.
    await person('suplog', 'Supervisor', [log]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('one running timer per person', () => {
    it('20 parallel starts on 20 tasks of one person: exactly one timer runs, each answer is a start or a Spanish 409, no overlap', async () => {
      await person('paralelo', 'Operario', [carp]);
      const occs = await Promise.all(Array.from({ length: 20 }, () => occurrence('paralelo')));
      const answers = await Promise.all(occs.map((o) => post('paralelo', '/start', { tarea_asignada_uuid: o })));
      const started = answers
        .filter((a) => a.status === 201)
        .map((a) => parseWith(StartTimeEntryResponseSchema, a.body));
      expect(started.length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => x.status !== 201)) {
        const body = expectError(a, 409);
        expect([m.otherRunning, m.alreadyRunning, m.overlap]).toContain(body.message);
      }
      expect(await running(ids.paralelo!)).toBe(1);
      // Every started one but the last was paused by a later start: intervals never overlap.
      const rows: { inicio: Date; fin: Date | null }[] = await t.ds.query(
        `SELECT inicio, fin FROM intervalos_tiempo WHERE usuario_uuid = $1 ORDER BY inicio, fin NULLS LAST`,
        [ids.paralelo],
      );
      expect(rows).toHaveLength(started.length);
      for (let i = 1; i < rows.length; i++)
        expect(rows[i]!.inicio.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.fin!.getTime());
      const current = parseWith(
        CurrentTimeEntryResponseSchema,
        (await t.http.get('/api/time-entries/current').set(as('paralelo'))).body,
      );
      expect(current.intervalo).toMatchObject({ en_marcha: true, fin: null });
    });

    it('20 parallel starts of the same task: one interval, the rest «ya está en marcha»', async () => {
      await person('mismo', 'Operario', [carp]);
      const occ = await occurrence('mismo');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post('mismo', '/start', { tarea_asignada_uuid: occ })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 201)) {
        const body = expectError(a, 409);
        expect([m.alreadyRunning, m.otherRunning]).toContain(body.message);
      }
      expect(await running(ids.mismo!)).toBe(1);
      expect(
        Number(
          (await t.ds.query(`SELECT count(*)::int AS c FROM intervalos_tiempo WHERE usuario_uuid = $1`, [ids.mismo]))[0]
            .c,
        ),
      ).toBe(1);
    });

    it('starting another task pauses the first at the same moment and says which; resume continues it', async () => {
      await person('secuencial', 'Operario', [carp]);
      const a = await occurrence('secuencial', carp, 'Armar mesa de roble');
      const b = await occurrence('secuencial', carp, 'Barnizar sillas');
      const published = jest.spyOn(t.app.get(EventsService), 'publish');
      const first = await start('secuencial', a);
      // The person's other screens hear it (the header's running timer).
      expect(published).toHaveBeenCalledWith({
        type: SERVER_EVENTS.timeEntryChanged,
        data: parseWith(TimeEntryChangedEventSchema, {
          usuario_uuid: ids.secuencial,
          tarea_asignada_uuid: a,
          en_marcha: true,
        }),
        audience: { userUuids: [ids.secuencial] },
      });
      published.mockRestore();
      expect(first.pausado).toBeNull();
      const second = await start('secuencial', b);
      expect(second.pausado).toMatchObject({
        uuid: first.intervalo.uuid,
        titulo: 'Armar mesa de roble',
        en_marcha: false,
      });
      expect(second.pausado!.fin).toBe(second.intervalo.inicio);
      const resumed = await post('secuencial', '/resume', { tarea_asignada_uuid: a });
      expect(resumed.status).toBe(201);
      const r = parseWith(StartTimeEntryResponseSchema, resumed.body);
      expect(r.pausado).toMatchObject({ tarea_asignada_uuid: b, titulo: 'Barnizar sillas' });
      expect(r.intervalo).toMatchObject({ tarea_asignada_uuid: a, origen: 'cronometro', en_marcha: true });
      const paused = await post('secuencial', '/pause', { tarea_asignada_uuid: a });
      expect(paused.status).toBe(200);
      expect(parseWith(TimeEntryResponseSchema, paused.body)).toMatchObject({ en_marcha: false });
      expectError(await post('secuencial', '/pause', { tarea_asignada_uuid: a }), 409, m.notRunning);
      expect(await running(ids.secuencial!)).toBe(0);
    });
  });

  describe('offline: the device clock is corrected, once', () => {
    for (const [name, offsetMs] of [
      ['ahead by 2 h 13 min', 2 * HOUR + 13 * 60_000],
      ['behind by 3 h 7 min', -(3 * HOUR + 7 * 60_000)],
    ] as const) {
      it(`an hour on a device ${name} counts as one hour, once, however often the outbox sends it`, async () => {
        const who = `offline${offsetMs > 0 ? 'a' : 'b'}`;
        await person(who, 'Operario', [carp]);
        const occ = await occurrence(who);
        const device = (real: number) => new Date(real + offsetMs).toISOString();
        const t0 = Date.now();
        const startKey = randomUUID();
        const pauseKey = randomUUID();
        // Tapped 2 h ago and 1 h ago by the device's clock; both sent now.
        const startBody = { tarea_asignada_uuid: occ, en: device(t0 - 2 * HOUR) };
        const pauseBody = { tarea_asignada_uuid: occ, en: device(t0 - HOUR) };
        const s = await post(who, '/start', startBody, {
          [IDEMPOTENCY_HEADER]: startKey,
          [DEVICE_TIME_HEADER]: device(Date.now()),
        });
        expect(s.status).toBe(201);
        const started = parseWith(StartTimeEntryResponseSchema, s.body).intervalo;
        expect(Math.abs(Date.parse(started.inicio) - (t0 - 2 * HOUR))).toBeLessThan(3000);
        expect(started.inicio_dispositivo).toBe(startBody.en);
        expect(Math.abs(started.inicio_desfase_ms! + offsetMs)).toBeLessThan(3000);
        const p = await post(who, '/pause', pauseBody, {
          [IDEMPOTENCY_HEADER]: pauseKey,
          [DEVICE_TIME_HEADER]: device(Date.now()),
        });
        expect(p.status).toBe(200);
        const paused = parseWith(TimeEntryResponseSchema, p.body);
        expect(Math.abs(paused.segundos - 3600)).toBeLessThanOrEqual(3);

        // The outbox sends both again (their answers were lost), later, with a new send time.
        for (const [path, body, key] of [
          ['/start', startBody, startKey],
          ['/pause', pauseBody, pauseKey],
        ] as const) {
          const again = await post(who, path, body, {
            [IDEMPOTENCY_HEADER]: key,
            [DEVICE_TIME_HEADER]: device(Date.now() + 5000),
          });
          expect(again.headers['idempotency-replayed']).toBe('true');
          expect(again.status).toBe(path === '/start' ? 201 : 200);
        }
        const mine = await list(who, { tarea_asignada_uuid: occ });
        expect(mine.data).toHaveLength(1);
        expect(Math.abs(mine.total_segundos - 3600)).toBeLessThanOrEqual(3);
        // The same pause sent without its key meets the server's state: nothing runs there.
        expectError(
          await post(who, '/pause', pauseBody, { [DEVICE_TIME_HEADER]: device(Date.now()) }),
          409,
          m.notRunning,
        );
        expect((await list(who)).total_segundos).toBe(mine.total_segundos);
      });
    }

    it('a device event after its own send time, or without the send time, or a week old, is refused in Spanish', async () => {
      await person('reloj', 'Operario', [carp]);
      const occ = await occurrence('reloj');
      const now = Date.now();
      const e1 = expectError(
        await post(
          'reloj',
          '/start',
          { tarea_asignada_uuid: occ, en: new Date(now + 10 * 60_000).toISOString() },
          { [DEVICE_TIME_HEADER]: new Date(now).toISOString() },
        ),
        400,
        m.inFuture,
      );
      expect(e1.errors).toEqual([{ path: 'en', message: m.inFuture }]);
      expectError(
        await post('reloj', '/start', { tarea_asignada_uuid: occ, en: new Date(now).toISOString() }),
        400,
        m.deviceTimeRequired,
      );
      expectError(
        await post(
          'reloj',
          '/start',
          { tarea_asignada_uuid: occ, en: new Date(now).toISOString() },
          { [DEVICE_TIME_HEADER]: 'ayer' },
        ),
        400,
        m.deviceTimeInvalid,
      );
      expectError(
        await post(
          'reloj',
          '/start',
          { tarea_asignada_uuid: occ, en: new Date(now - 8 * 24 * HOUR).toISOString() },
          { [DEVICE_TIME_HEADER]: new Date(now).toISOString() },
        ),
        400,
        m.tooOld,
      );
      // An offline pause earlier than the start: the end cannot be before the start.
      await start('reloj', occ);
      expectError(
        await post(
          'reloj',
          '/pause',
          { tarea_asignada_uuid: occ, en: new Date(now - HOUR).toISOString() },
          { [DEVICE_TIME_HEADER]: new Date(Date.now()).toISOString() },
        ),
        400,
        m.endBeforeStart,
      );
      // An offline start inside time already recorded: overlaps.
      await post('reloj', '/pause', { tarea_asignada_uuid: occ });
      const other = await occurrence('reloj');
      await t.ds.query(
        `INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, motivo) VALUES ($1, $2, now() - interval '3 hours', now() - interval '2 hours', 'manual', 'Prueba')`,
        [other, ids.reloj],
      );
      expectError(
        await post(
          'reloj',
          '/start',
          { tarea_asignada_uuid: occ, en: new Date(Date.now() - 150 * 60_000).toISOString() },
          { [DEVICE_TIME_HEADER]: new Date().toISOString() },
        ),
        409,
        m.overlap,
      );
      expect(await running(ids.reloj!)).toBe(0);
    });
  });

  describe('who may use the timer and see or change time', () => {
    it('an operario only on their own occurrences; a supervisor does not run another person’s timer', async () => {
      const occ = await occurrence('operario');
      const other = await occurrence('mlopez', tap);
      expectError(await post('operario', '/start', { tarea_asignada_uuid: other }), 403, MESSAGES.errors.noAccessTask);
      expectError(await post('supervisor', '/start', { tarea_asignada_uuid: occ }), 403, m.onlyAssignee);
      expectError(await post('mlopez', '/pause', { tarea_asignada_uuid: occ }), 403, MESSAGES.errors.noAccessTask);
      expectError(
        await post('operario', '/start', { tarea_asignada_uuid: randomUUID() }),
        404,
        MESSAGES.errors.taskGone,
      );
      expect(await running(ids.operario!)).toBe(0);
      // A second person on the same phone sends the first one's kept pause, with its key: refused, the timer runs on.
      const key = randomUUID();
      const s = await post('operario', '/start', { tarea_asignada_uuid: occ }, { [IDEMPOTENCY_HEADER]: key });
      expect(s.status).toBe(201);
      const pauseKey = randomUUID();
      const kept = { tarea_asignada_uuid: occ, en: new Date().toISOString() };
      expectError(
        await post('mlopez', '/pause', kept, {
          [IDEMPOTENCY_HEADER]: pauseKey,
          [DEVICE_TIME_HEADER]: new Date().toISOString(),
        }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expectError(
        await post('mlopez', '/start', { tarea_asignada_uuid: occ }, { [IDEMPOTENCY_HEADER]: key }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expect(await running(ids.operario!)).toBe(1);
      expect(await running(ids.mlopez!)).toBe(0);
      const own = await post('operario', '/pause', kept, {
        [IDEMPOTENCY_HEADER]: pauseKey,
        [DEVICE_TIME_HEADER]: new Date().toISOString(),
      });
      expect(own.status).toBe(200);
      expect(await running(ids.operario!)).toBe(0);
    });

    it('lists: own by default; another person only with manage:time-entries and the person in one’s areas', async () => {
      const occ = await occurrence('operario');
      await start('operario', occ);
      await post('operario', '/pause', { tarea_asignada_uuid: occ });
      expect((await list('operario')).data.every((e) => e.usuario.uuid === ids.operario)).toBe(true);
      const bySupervisor = await list('supervisor', { usuario_uuid: ids.operario! });
      expect(bySupervisor.data.map((e) => e.tarea_asignada_uuid)).toContain(occ);
      expect((await list('supervisor', { tarea_asignada_uuid: occ })).data).toHaveLength(1);
      expectError(
        await t.http.get('/api/time-entries').set(as('suplog')).query({ usuario_uuid: ids.operario }),
        403,
        MESSAGES.errors.noAccessUser,
      );
      expectError(
        await t.http.get('/api/time-entries').set(as('suplog')).query({ tarea_asignada_uuid: occ }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      expectError(
        await t.http.get('/api/time-entries').set(as('supervisor')).query({ usuario_uuid: ids.jruiz }),
        403,
        MESSAGES.errors.noAccessUser,
      );
      expectError(
        await t.http.get('/api/time-entries').set(as('mlopez')).query({ usuario_uuid: ids.operario }),
        403,
        m.userForbidden,
      );
      expectError(
        await t.http.get('/api/time-entries').set(as('mlopez')).query({ tarea_asignada_uuid: occ }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      // The administrator sees every area.
      expect((await list('admin', { usuario_uuid: ids.jruiz! })).meta.totalItems).toBeGreaterThanOrEqual(0);
    });
  });

  describe('corrections', () => {
    it('a person adds and corrects an interval of their own with a reason; before and after are in the audit log', async () => {
      await person('corrige', 'Operario', [carp]);
      const occ = await occurrence('corrige');
      const day = new Date(Date.now() - 2 * 24 * HOUR);
      const at = (h: number) => new Date(day.getTime() + h * HOUR).toISOString();
      const add = await post('corrige', '', {
        tarea_asignada_uuid: occ,
        inicio: at(0),
        fin: at(2),
        motivo: 'Olvidé iniciar el cronómetro',
      });
      expect(add.status).toBe(201);
      const added = parseWith(TimeEntryResponseSchema, add.body);
      expect(added).toMatchObject({
        origen: 'manual',
        segundos: 7200,
        motivo: 'Olvidé iniciar el cronómetro',
        confirmado: true,
      });
      // Overlapping one's own: 409, nothing written.
      expectError(
        await post('corrige', '', { tarea_asignada_uuid: occ, inicio: at(1), fin: at(3), motivo: 'Duplicado' }),
        409,
        m.overlap,
      );
      const put = await t.http
        .put(`/api/time-entries/${added.uuid}`)
        .set(as('corrige'))
        .send({ fin: at(1.5), motivo: 'Terminé antes' });
      expect(put.status).toBe(200);
      const corrected = parseWith(TimeEntryResponseSchema, put.body);
      expect(corrected).toMatchObject({
        segundos: 5400,
        motivo: 'Terminé antes',
        corregido_por: { uuid: ids.corrige },
      });
      expect(corrected.corregido_en).not.toBeNull();

      const audit = await t.http
        .get('/api/audit')
        .set(as('admin'))
        .query({ recurso: 'intervalo_tiempo', recurso_uuid: added.uuid });
      expect(audit.status).toBe(200);
      const entries = parseWith(AuditListResponseSchema, audit.body).data;
      const edit = entries.find((e) => e.accion === 'editar')!;
      expect(edit).toBeDefined();
      expect(edit.actor?.uuid ?? null).toBe(ids.corrige);
      const rows: { detalle: { antes: Record<string, unknown>; despues: Record<string, unknown> } }[] =
        await t.ds.query(
          `SELECT detalle FROM auditoria WHERE recurso = 'intervalo_tiempo' AND recurso_uuid = $1 AND accion = 'editar'`,
          [added.uuid],
        );
      expect(rows).toHaveLength(1);
      expect(Date.parse(String(rows[0]!.detalle.antes.fin))).toBe(Date.parse(at(2)));
      expect(Date.parse(String(rows[0]!.detalle.despues.fin))).toBe(Date.parse(at(1.5)));
      expect(rows[0]!.detalle.despues.motivo).toBe('Terminé antes');
      expect(entries.some((e) => e.accion === 'crear')).toBe(true);
    });

    it('a supervisor corrects those of their areas only; another operario never', async () => {
      const occ = await occurrence('operario');
      const day = Date.now() - 3 * 24 * HOUR;
      const add = await post('supervisor', '', {
        tarea_asignada_uuid: occ,
        inicio: new Date(day).toISOString(),
        fin: new Date(day + HOUR).toISOString(),
        motivo: 'Cargado por el encargado',
      });
      expect(add.status).toBe(201);
      const entry = parseWith(TimeEntryResponseSchema, add.body);
      expect(entry.usuario.uuid).toBe(ids.operario);
      const body = { inicio: new Date(day + 10 * 60_000).toISOString(), motivo: 'Empezó más tarde' };
      expectError(await t.http.put(`/api/time-entries/${entry.uuid}`).set(as('suplog')).send(body), 403, m.forbidden);
      expectError(await t.http.put(`/api/time-entries/${entry.uuid}`).set(as('mlopez')).send(body), 403, m.forbidden);
      expectError(
        await post('suplog', '', {
          tarea_asignada_uuid: occ,
          inicio: new Date(day - 2 * HOUR).toISOString(),
          fin: new Date(day - HOUR).toISOString(),
          motivo: 'x',
        }),
        403,
        MESSAGES.errors.noAccessTask,
      );
      const ok = await t.http.put(`/api/time-entries/${entry.uuid}`).set(as('supervisor')).send(body);
      expect(ok.status).toBe(200);
      expect(parseWith(TimeEntryResponseSchema, ok.body)).toMatchObject({
        segundos: 3000,
        corregido_por: { uuid: ids.supervisor },
      });
      expectError(
        await t.http.put(`/api/time-entries/${randomUUID()}`).set(as('supervisor')).send(body),
        404,
        m.notFound,
      );
    });

    it('absurd intervals are refused with a Spanish 400 at their field; nothing is written', async () => {
      const occ = await occurrence('operario');
      const before = Number((await t.ds.query(`SELECT count(*)::int AS c FROM intervalos_tiempo`))[0].c);
      const now = Date.now();
      const iso = (ms: number) => new Date(now + ms).toISOString();
      const cases: [object, string, string][] = [
        [{ tarea_asignada_uuid: occ, inicio: iso(-HOUR), fin: iso(-2 * HOUR), motivo: 'x' }, m.endBeforeStart, 'fin'],
        [{ tarea_asignada_uuid: occ, inicio: iso(-HOUR), fin: iso(2 * HOUR), motivo: 'x' }, m.inFuture, 'fin'],
        [{ tarea_asignada_uuid: occ, inicio: iso(-30 * HOUR), fin: iso(-HOUR), motivo: 'x' }, m.tooLong, 'fin'],
        [
          { tarea_asignada_uuid: occ, inicio: iso(-70 * 24 * HOUR), fin: iso(-70 * 24 * HOUR + HOUR), motivo: 'x' },
          m.correctionTooOld,
          'inicio',
        ],
        [{ tarea_asignada_uuid: occ, inicio: 'las diez', fin: iso(-HOUR), motivo: 'x' }, m.horaInvalid, 'inicio'],
        [
          { tarea_asignada_uuid: occ, inicio: iso(-2 * HOUR), fin: iso(-HOUR), motivo: '  ' },
          m.motivoRequired,
          'motivo',
        ],
        [{ tarea_asignada_uuid: occ, fin: iso(-HOUR), motivo: 'x' }, m.inicioRequired, 'inicio'],
        [
          { tarea_asignada_uuid: 'no-es-un-uuid', inicio: iso(-2 * HOUR), fin: iso(-HOUR), motivo: 'x' },
          MESSAGES.validation.invalidUuid,
          'tarea_asignada_uuid',
        ],
      ];
      for (const [body, message, path] of cases) {
        const res = await post('operario', '', body);
        const err = expectError(res, 400);
        expect({ message: err.message, errors: err.errors }).toMatchObject({
          errors: expect.arrayContaining([{ path, message }]),
        });
      }
      expectError(await post('operario', '/start', {}), 400, m.tareaRequired);
      expect(Number((await t.ds.query(`SELECT count(*)::int AS c FROM intervalos_tiempo`))[0].c)).toBe(before);
    });
  });

  describe('finish', () => {
    it('pauses the timer and moves the task to a finished status in the same request, as a status change', async () => {
      await person('finaliza', 'Operario', [carp]);
      const occ = await occurrence('finaliza');
      await start('finaliza', occ);
      expectError(
        await post('finaliza', '/finish', { tarea_asignada_uuid: occ, estado_uuid: enCurso }),
        400,
        m.estadoNotFinished,
      );
      expect(await running(ids.finaliza!)).toBe(1);
      const res = await post('finaliza', '/finish', { tarea_asignada_uuid: occ, estado_uuid: terminada });
      expect(res.status).toBe(200);
      const done = parseWith(FinishTimeEntryResponseSchema, res.body);
      expect(done.intervalo).toMatchObject({ en_marcha: false, tarea_asignada_uuid: occ });
      expect(done.tarea).toMatchObject({ uuid: occ, estado_uuid: terminada });
      const [row] = await t.ds.query(`SELECT fecha_completada FROM tareas_asignadas WHERE uuid = $1`, [occ]);
      expect(row.fecha_completada).not.toBeNull();
      const history = await t.ds.query(`SELECT tipo FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = $1`, [
        occ,
      ]);
      expect(history.map((h: { tipo: string }) => h.tipo)).toContain('estado');
      expect(await running(ids.finaliza!)).toBe(0);
      expectError(await post('finaliza', '/start', { tarea_asignada_uuid: occ }), 409, m.taskFinished);
    });
  });

  describe('the forgotten timer', () => {
    /** A Monday-to-Thursday date 3 to 9 days ago (its next day is worked too), free of marked days. */
    const workedDay = async () => {
      for (let back = 3; back < 10; back++) {
        const d = new Date(Date.now() - back * 24 * HOUR - 3 * HOUR).toISOString().slice(0, 10);
        const weekday = new Date(`${d}T12:00:00Z`).getUTCDay();
        if (weekday >= 1 && weekday <= 4) {
          await t.ds.query(`DELETE FROM dias_no_laborables WHERE fecha IN ($1::date, $1::date + 1)`, [d]);
          return d;
        }
      }
      throw new Error('sin día laborable');
    };
    const device = (iso: Date) => ({ en: iso.toISOString() });
    const sentNow = () => ({ [DEVICE_TIME_HEADER]: new Date().toISOString() });

    it('a timer running at the end of the working day is paused at 18:00 by the job, shown as such, and the person is asked the next morning', async () => {
      await person('olvida', 'Operario', [carp]);
      const d = await workedDay();
      const next = new Date(`${d}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      const d1 = next.toISOString().slice(0, 10);
      const occ = await occurrence('olvida', carp, 'Cepillar tablones');
      const s = await post('olvida', '/start', { tarea_asignada_uuid: occ, ...device(local(d, '10:00')) }, sentNow());
      expect(s.status).toBe(201);

      expect(await service.autoPause(local(d, '17:55'))).toEqual({ pausados: 0, avisados: 0 });
      expect(await running(ids.olvida!)).toBe(1);
      expect((await service.autoPause(local(d, '18:05'))).pausados).toBe(1);
      expect(await running(ids.olvida!)).toBe(0);
      // Run again in another process at once: nothing twice.
      expect((await service.autoPause(local(d, '18:06'))).pausados).toBe(0);

      const [entry] = (await list('olvida')).data;
      expect(entry).toMatchObject({
        origen: 'pausa_automatica',
        pausa_automatica: 'fin_jornada',
        confirmado: false,
        motivo: m.autoPausedEndOfDay,
        fin: local(d, '18:00').toISOString(),
      });
      // Started at 10:00 by the device's clock (corrected by a few milliseconds of network): 8 hours.
      expect(Math.abs(entry!.segundos - 8 * 3600)).toBeLessThanOrEqual(2);
      expect((await list('olvida', { sin_confirmar: 'true' })).data).toHaveLength(1);
      const current = parseWith(
        CurrentTimeEntryResponseSchema,
        (await t.http.get('/api/time-entries/current').set(as('olvida'))).body,
      );
      expect(current.intervalo).toBeNull();

      // Asked from REMINDER_TIME (08:00) of the next working day, once.
      expect((await service.autoPause(local(d1, '07:59'))).avisados).toBe(0);
      expect((await service.autoPause(local(d1, '08:01'))).avisados).toBe(1);
      expect((await service.autoPause(local(d1, '08:06'))).avisados).toBe(0);
      const notes: { titulo: string; mensaje: string; tarea_asignada_uuid: string }[] = await t.ds.query(
        `SELECT titulo, mensaje, tarea_asignada_uuid FROM notificaciones WHERE usuario_uuid = $1 AND tipo = 'cronometro'`,
        [ids.olvida],
      );
      expect(notes).toEqual([
        { titulo: m.autoPausedTitle, mensaje: `${m.autoPausedBody}«Cepillar tablones»`, tarea_asignada_uuid: occ },
      ]);

      // The person confirms it; a second confirmation is a conflict; another operario cannot.
      expectError(await t.http.post(`/api/time-entries/${entry!.uuid}/confirm`).set(as('mlopez')), 403, m.forbidden);
      const ok = await t.http.post(`/api/time-entries/${entry!.uuid}/confirm`).set(as('olvida'));
      expect(ok.status).toBe(200);
      expect(parseWith(TimeEntryResponseSchema, ok.body)).toMatchObject({
        confirmado: true,
        origen: 'pausa_automatica',
      });
      expectError(
        await t.http.post(`/api/time-entries/${entry!.uuid}/confirm`).set(as('olvida')),
        409,
        m.alreadyConfirmed,
      );
      const audited = await t.ds.query(
        `SELECT accion FROM auditoria WHERE recurso = 'intervalo_tiempo' AND recurso_uuid = $1`,
        [entry!.uuid],
      );
      expect(audited.length).toBeGreaterThanOrEqual(1);
    });

    it('a timer started after the end of the day is paused at its maximum length (12 h)', async () => {
      await person('nocturno', 'Operario', [carp]);
      const d = await workedDay();
      const occ = await occurrence('nocturno');
      const s = await post('nocturno', '/start', { tarea_asignada_uuid: occ, ...device(local(d, '19:00')) }, sentNow());
      expect(s.status).toBe(201);
      const startedAt = Date.parse(parseWith(StartTimeEntryResponseSchema, s.body).intervalo.inicio);
      expect((await service.autoPause(new Date(startedAt + 11 * HOUR))).pausados).toBe(0);
      expect((await service.autoPause(new Date(startedAt + 13 * HOUR))).pausados).toBe(1);
      const [entry] = (await list('nocturno')).data as TimeEntryResponse[];
      expect(entry).toMatchObject({ pausa_automatica: 'duracion_maxima', confirmado: false, segundos: 12 * 3600 });
      // Corrected instead of confirmed: the correction confirms it.
      const put = await t.http
        .put(`/api/time-entries/${entry!.uuid}`)
        .set(as('nocturno'))
        .send({ fin: new Date(startedAt + 2 * HOUR).toISOString(), motivo: 'Me fui a las nueve' });
      expect(put.status).toBe(200);
      expect(parseWith(TimeEntryResponseSchema, put.body)).toMatchObject({ confirmado: true, segundos: 7200 });
    });
  });

  describe('estimates', () => {
    it('a task definition and each checklist step carry estimated minutes; null clears, omitted keeps', async () => {
      const due = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
      const res = await t.http
        .post('/api/tasks')
        .set(as('supervisor'))
        .send({
          titulo: 'Armar placard',
          descripcion: 'Armar el placard del pedido 1050',
          tipo_tarea_uuid: tipo,
          area_uuid: carp,
          usuarios_asignados: [ids.operario],
          fecha_vencimiento: due,
          minutos_estimados: 150,
          checklist: [{ texto: 'Cortar', minutos_estimados: 40 }, { texto: 'Armar' }],
        });
      expect(res.status).toBe(201);
      const task = parseWith(TaskResponseSchema, res.body);
      expect(task.minutos_estimados).toBe(150);
      expect(task.checklist.map((c) => c.minutos_estimados)).toEqual([40, null]);
      const keep = {
        titulo: 'Armar placard',
        tipo_tarea_uuid: tipo,
        area_uuid: carp,
        usuarios_asignados: [ids.operario],
      };
      const kept = await t.http.put(`/api/tasks/${task.uuid}`).set(as('supervisor')).send(keep);
      expect(parseWith(TaskResponseSchema, kept.body).minutos_estimados).toBe(150);
      const cleared = await t.http
        .put(`/api/tasks/${task.uuid}`)
        .set(as('supervisor'))
        .send({ ...keep, minutos_estimados: null });
      expect(parseWith(TaskResponseSchema, cleared.body).minutos_estimados).toBeNull();
      const bad = await t.http
        .post('/api/tasks')
        .set(as('supervisor'))
        .send({ ...keep, descripcion: 'x', fecha_vencimiento: due, minutos_estimados: 0 });
      expect(expectError(bad, 400).errors).toContainEqual({ path: 'minutos_estimados', message: m.minutosInvalid });
    });
  });

  describe('cost', () => {
    /** Statements the API sends to PostgreSQL during `run` (every pooled client of this process). */
    const statements = async (run: () => Promise<unknown>) => {
      const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      let n = 0;
      proto.query = function (this: unknown, ...args: unknown[]) {
        n++;
        return original.apply(this, args);
      };
      try {
        await run();
      } finally {
        proto.query = original;
      }
      return n;
    };

    it('starting or pausing a timer costs no more statements than a status change', async () => {
      await person('costo', 'Operario', [carp]);
      const [a, b, c] = [await occurrence('costo'), await occurrence('costo'), await occurrence('costo')];
      // Warm the caches (user state, statuses) as a working session would have them.
      await start('costo', c);
      await post('costo', '/pause', { tarea_asignada_uuid: c });
      await t.http.put(`/api/assigned-tasks/${c}`).set(as('costo')).send({ estado_uuid: enCurso });

      const status = await statements(async () => {
        const res = await t.http.put(`/api/assigned-tasks/${a}`).set(as('costo')).send({ estado_uuid: enCurso });
        expect(res.status).toBe(200);
      });
      const startCost = await statements(async () =>
        expect((await post('costo', '/start', { tarea_asignada_uuid: b })).status).toBe(201),
      );
      const switchCost = await statements(async () =>
        expect((await post('costo', '/start', { tarea_asignada_uuid: a })).status).toBe(201),
      );
      const pauseCost = await statements(async () =>
        expect((await post('costo', '/pause', { tarea_asignada_uuid: a })).status).toBe(200),
      );
      // Measured (issue 35 §4): printed for the report.
      console.log(
        `Sentencias: cambio de estado ${status}, iniciar ${startCost}, iniciar pausando otro ${switchCost}, pausar ${pauseCost}`,
      );
      expect(startCost).toBeLessThanOrEqual(status);
      expect(switchCost).toBeLessThanOrEqual(status);
      expect(pauseCost).toBeLessThanOrEqual(status);
    });
  });

  describe('hours summary', () => {
    /** `resumen_horas` against the same figures computed from the intervals and the tasks now. */
    const drift = async () =>
      (await t.ds.query(`
        WITH built AS (
          SELECT (i.inicio AT TIME ZONE z.zona)::date AS dia, i.tarea_asignada_uuid, i.usuario_uuid, ta.tarea_uuid,
            tk.tipo_tarea_uuid, tk.equipo_uuid, tk.area_uuid, sum(extract(epoch FROM i.fin - i.inicio)) AS segundos,
            count(*)::int AS intervalos
          FROM intervalos_tiempo i CROSS JOIN resumen_ajustes z
          JOIN tareas_asignadas ta ON ta.uuid = i.tarea_asignada_uuid JOIN tareas tk ON tk.uuid = ta.tarea_uuid
          WHERE i.fin IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
        ),
        kept AS (SELECT dia, tarea_asignada_uuid, usuario_uuid, tarea_uuid, tipo_tarea_uuid, equipo_uuid, area_uuid, segundos, intervalos FROM resumen_horas)
        SELECT count(*)::int AS n FROM ((TABLE built EXCEPT ALL TABLE kept) UNION ALL (TABLE kept EXCEPT ALL TABLE built)) d`)) as {
        n: number;
      }[];

    /** Each occurrence's closed time and interval count against its intervals now. */
    const occurrenceDrift = async (q: { query: (text: string) => Promise<unknown> } = t.ds) =>
      (await q.query(`
        SELECT count(*)::int AS n FROM tareas_asignadas ta
        LEFT JOIN (
          SELECT tarea_asignada_uuid, count(*)::int AS n,
            sum(CASE WHEN fin IS NULL THEN 0 ELSE (extract(epoch FROM fin - inicio) * 1000000)::bigint END)::bigint AS us
          FROM intervalos_tiempo GROUP BY 1
        ) i ON i.tarea_asignada_uuid = ta.uuid
        WHERE ta.tiempo_us <> COALESCE(i.us, 0) OR ta.intervalos <> COALESCE(i.n, 0)`)) as { n: number }[];

    it('every writer of the intervals (timer, corrections, auto-pause, deletions) kept it exact', async () => {
      expect(Number((await t.ds.query(`SELECT count(*) AS n FROM resumen_horas`))[0].n)).toBeGreaterThan(0);
      expect((await drift())[0].n).toBe(0);
    });

    it("every writer kept each occurrence's closed time and interval count exact, running timers counted", async () => {
      const [seen] = (await t.ds.query(`
        SELECT count(*) FILTER (WHERE intervalos > 0)::int AS con_tiempo, count(*) FILTER (WHERE tiempo_us > 0)::int AS con_cerrados,
          (SELECT count(*)::int FROM intervalos_tiempo WHERE fin IS NULL) AS en_marcha
        FROM tareas_asignadas`)) as { con_tiempo: number; con_cerrados: number; en_marcha: number }[];
      expect(seen!.con_tiempo).toBeGreaterThan(1);
      expect(seen!.con_cerrados).toBeGreaterThan(0);
      expect((await occurrenceDrift())[0]!.n).toBe(0);
    });

    it('follows a task definition to another area and an occurrence deleted with its intervals', async () => {
      const [row] = (await t.ds.query(
        `SELECT ta.uuid, ta.tarea_uuid, tk.area_uuid FROM resumen_horas r JOIN tareas_asignadas ta ON ta.uuid = r.tarea_asignada_uuid
         JOIN tareas tk ON tk.uuid = ta.tarea_uuid LIMIT 1`,
      )) as { uuid: string; tarea_uuid: string; area_uuid: string }[];
      const [other] = (await t.ds.query(`SELECT uuid FROM areas WHERE uuid <> $1 LIMIT 1`, [row.area_uuid])) as {
        uuid: string;
      }[];
      const qr = t.ds.createQueryRunner();
      await qr.startTransaction();
      try {
        await qr.query(`UPDATE tareas SET area_uuid = $1 WHERE uuid = $2`, [other.uuid, row.tarea_uuid]);
        expect(
          (await qr.query(`SELECT DISTINCT area_uuid FROM resumen_horas WHERE tarea_uuid = $1`, [row.tarea_uuid])).map(
            (r: { area_uuid: string }) => r.area_uuid,
          ),
        ).toEqual([other.uuid]);
        await qr.query(`DELETE FROM intervalos_tiempo WHERE tarea_asignada_uuid = $1`, [row.uuid]);
        expect(await qr.query(`SELECT 1 FROM resumen_horas WHERE tarea_asignada_uuid = $1`, [row.uuid])).toEqual([]);
        expect(
          await qr.query(`SELECT tiempo_us::text AS us, intervalos FROM tareas_asignadas WHERE uuid = $1`, [row.uuid]),
        ).toEqual([{ us: '0', intervalos: 0 }]);
        expect((await occurrenceDrift(qr))[0]!.n).toBe(0);
      } finally {
        await qr.rollbackTransaction();
        await qr.release();
      }
      expect((await drift())[0].n).toBe(0);
      expect((await occurrenceDrift())[0]!.n).toBe(0);
    });
  });
});
