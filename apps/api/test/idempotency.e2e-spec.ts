import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  addDaysToCalendarDate,
  AreaResponseSchema,
  AssignedTaskResponseSchema,
  AttachmentResponseSchema,
  ChecklistItemResponseSchema,
  BulkAssignedTasksResponseSchema,
  CommentResponseSchema,
  CreateAssignedTaskResponseSchema,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  OkResponseSchema,
  SuggestionResponseSchema,
  TaskResponseSchema,
  todayIn,
  UserResponseSchema,
} from '@gestar/contracts';
import { areaUuid, count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';
import { urlForDatabase } from './setup/db';

type Method = 'post' | 'put' | 'patch' | 'delete';

/** One write route family: how to send it, what it answers, and what a second write would change. */
interface Family {
  name: string;
  who: string;
  method: Method;
  url: () => Promise<string> | string;
  body: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  other: Record<string, unknown>;
  schema: z.ZodType;
  /** A figure that one write moves and a replay must not move again. */
  written: () => Promise<number>;
}

describe('Idempotency-Key on write routes', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const status: Record<string, string> = {};
  let carpinteria: string;
  let produccion: string;
  let sierra: string;

  const as = (who: string, key?: string) => ({
    Authorization: `Bearer ${tokens[who]}`,
    ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
  });
  const send = (who: string, method: Method, url: string, body: object, key?: string) =>
    t.http[method](url).set(as(who, key)).send(body);
  const history = () => count(t, 'historial_tareas_asignadas');
  /** A new occurrence of 'Afilar la sierra circular' for the operario. */
  const occurrence = async () => {
    const res = await t.http
      .post('/api/assigned-tasks')
      .set(as('supervisor'))
      .send({
        tarea_uuid: sierra,
        usuarios_asignados: [ids.operario],
        fecha_vencimiento: addDaysToCalendarDate(todayIn(t.config.timezone), 2),
      });
    return parseWith(CreateAssignedTaskResponseSchema, res.body)[0]!.uuid;
  };
  const comment = async (occ: string, texto: string) =>
    parseWith(
      CommentResponseSchema,
      (await t.http.post(`/api/assigned-tasks/${occ}/comments`).set(as('operario')).send({ texto })).body,
    ).uuid;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    for (const r of (await t.ds.query('SELECT uuid, nombre FROM estados')) as { uuid: string; nombre: string }[]) {
      status[r.nombre] = r.uuid;
    }
    carpinteria = await areaUuid(t, 'Carpintería');
    [{ uuid: produccion }] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Producción'`);
    [{ uuid: sierra }] = await t.ds.query(`SELECT uuid FROM tareas WHERE titulo = 'Afilar la sierra circular'`);
  });
  afterAll(async () => {
    await t.close();
  });

  const rich = (text: string) => JSON.stringify([{ type: 'paragraph', children: [{ text }] }]);
  let occA = '';
  let occB = '';
  let commentToEdit = '';
  let commentToDelete = '';
  /** An occurrence of a task with a two-step checklist (the second step requires a photo), and its steps. */
  let withList: { occ: string; steps: string[] } | null = null;
  const checklistOccurrence = async () => {
    if (withList) return withList;
    const task = parseWith(
      TaskResponseSchema,
      (
        await t.http
          .post('/api/tasks')
          .set(as('supervisor'))
          .send({
            titulo: 'Revisar la lijadora',
            descripcion: rich('Antes de cada turno'),
            tipo_tarea_uuid: produccion,
            area_uuid: carpinteria,
            usuarios_asignados: [ids.operario],
            fecha_vencimiento: addDaysToCalendarDate(todayIn(t.config.timezone), 2),
            checklist: [{ texto: 'Limpiar el filtro' }, { texto: 'Foto de la lija', requiere_foto: true }],
          })
      ).body,
    );
    const [{ uuid: occ }] = await t.ds.query(
      `SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1 AND empleado_uuid = $2`,
      [task.uuid, ids.operario],
    );
    const steps = ((await t.ds.query(
      `SELECT uuid FROM tarea_asignada_checklist WHERE tarea_asignada_uuid = $1 ORDER BY orden`,
      [occ],
    )) as { uuid: string }[]).map((r) => r.uuid);
    withList = { occ, steps };
    return withList;
  };
  const families: Family[] = [
    {
      name: 'tasks: POST /api/tasks',
      who: 'supervisor',
      method: 'post',
      url: () => '/api/tasks',
      body: () => ({
        titulo: 'Lijar tapas',
        descripcion: rich('Grano 120'),
        tipo_tarea_uuid: produccion,
        area_uuid: carpinteria,
        usuarios_asignados: [ids.operario],
        fecha_vencimiento: addDaysToCalendarDate(todayIn(t.config.timezone), 3),
      }),
      other: { titulo: 'Lijar patas' },
      schema: TaskResponseSchema,
      written: () => count(t, 'tareas'),
    },
    {
      name: 'assigned tasks: PUT /api/assigned-tasks/:id (status)',
      who: 'operario',
      method: 'put',
      url: async () => `/api/assigned-tasks/${(occA ||= await occurrence())}`,
      body: () => ({ estado_uuid: status['En progreso'] }),
      other: { estado_uuid: status['Pendiente'] },
      schema: AssignedTaskResponseSchema,
      written: history,
    },
    {
      name: 'bulk: POST /api/assigned-tasks/bulk',
      who: 'supervisor',
      method: 'post',
      url: () => '/api/assigned-tasks/bulk',
      body: async () => ({ ids: [(occB ||= await occurrence())], accion: 'estado', estado_uuid: status['En progreso'] }),
      other: { accion: 'archivar' },
      schema: BulkAssignedTasksResponseSchema,
      written: history,
    },
    {
      name: 'comments: POST',
      who: 'operario',
      method: 'post',
      url: async () => `/api/assigned-tasks/${(occA ||= await occurrence())}/comments`,
      body: () => ({ texto: 'Falta lija fina' }),
      other: { texto: 'Falta lija gruesa' },
      schema: CommentResponseSchema,
      written: () => count(t, 'comentarios'),
    },
    {
      name: 'comments: PUT',
      who: 'operario',
      method: 'put',
      url: async () => {
        occA ||= await occurrence();
        commentToEdit ||= await comment(occA, 'Primera versión');
        return `/api/assigned-tasks/${occA}/comments/${commentToEdit}`;
      },
      body: () => ({ texto: 'Segunda versión' }),
      other: { texto: 'Tercera versión' },
      schema: CommentResponseSchema,
      written: history,
    },
    {
      name: 'comments: DELETE (a replay answers the first answer, not 404)',
      who: 'operario',
      method: 'delete',
      url: async () => {
        occA ||= await occurrence();
        commentToDelete ||= await comment(occA, 'Para borrar');
        return `/api/assigned-tasks/${occA}/comments/${commentToDelete}`;
      },
      body: () => ({}),
      other: { motivo: 'otro cuerpo' },
      schema: OkResponseSchema,
      written: () => count(t, 'comentarios'),
    },
    {
      name: 'suggestions: PATCH /api/tasks/:id/suggestion',
      who: 'operario',
      method: 'patch',
      url: () => `/api/tasks/${sierra}/suggestion`,
      body: () => ({ descripcion: 'Cambiar el disco cada mes' }),
      other: { descripcion: 'Cambiar el disco cada semana' },
      schema: SuggestionResponseSchema,
      written: () => count(t, 'sugerencias'),
    },
    {
      name: 'checklist ticks: PUT /api/assigned-tasks/:id/checklist/:itemId',
      who: 'operario',
      method: 'put',
      url: async () => {
        const { occ, steps } = await checklistOccurrence();
        return `/api/assigned-tasks/${occ}/checklist/${steps[0]}`;
      },
      body: () => ({ hecho: true }),
      other: { hecho: false },
      schema: ChecklistItemResponseSchema,
      written: history,
    },
    {
      name: 'catalogs: POST /api/areas',
      who: 'admin',
      method: 'post',
      url: () => '/api/areas',
      body: () => ({ nombre: 'Lustre' }),
      other: { nombre: 'Pintura' },
      schema: AreaResponseSchema,
      written: () => count(t, 'areas'),
    },
    {
      name: 'users: POST /api/users',
      who: 'admin',
      method: 'post',
      url: () => '/api/users',
      body: async () => {
        const [{ uuid: rol }] = await t.ds.query(`SELECT uuid FROM roles WHERE nombre = 'Operario'`);
        return {
          username: 'idempotente',
          password: 'secreta123',
          nombre: 'Ina',
          apellido: 'Dempotente',
          rol_uuid: rol,
          usuario_areas_uuid: [carpinteria],
        };
      },
      other: { username: 'otro-idempotente' },
      schema: UserResponseSchema,
      written: () => count(t, 'usuarios'),
    },
  ];

  describe.each(families.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    it('the same key and body answer the first answer again and write nothing more', async () => {
      const url = await f.url();
      const body = await f.body();
      const key = randomUUID();
      const before = await f.written();
      const first = await send(f.who, f.method, url, body, key);
      expect(first.status).toBeLessThan(300);
      parseWith(f.schema, first.body);
      const afterOne = await f.written();
      expect(afterOne).not.toBe(before);
      const again = await send(f.who, f.method, url, body, key);
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(await f.written()).toBe(afterOne);

      // The same key with another body: 422, nothing written.
      expectError(
        await send(f.who, f.method, url, { ...body, ...f.other }, key),
        422,
        MESSAGES.errors.idempotencyKeyReused,
      );
      expect(await f.written()).toBe(afterOne);
    });
  });

  it('keys belong to their user: another user with the same key runs its own request', async () => {
    const key = randomUUID();
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    const before = await count(t, 'comentarios');
    const mine = parseWith(CommentResponseSchema, (await send('operario', 'post', url, { texto: 'Uno' }, key)).body);
    const theirs = parseWith(CommentResponseSchema, (await send('supervisor', 'post', url, { texto: 'Uno' }, key)).body);
    expect(theirs.uuid).not.toBe(mine.uuid);
    expect(await count(t, 'comentarios')).toBe(before + 2);
  });

  it('after 24 hours a key is free again; the hourly prune removes expired keys', async () => {
    const key = randomUUID();
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    const before = await count(t, 'comentarios');
    expect((await send('operario', 'post', url, { texto: 'Vence' }, key)).status).toBe(201);
    const [row]: { horas: number }[] = await t.ds.query(
      `SELECT round(extract(epoch FROM expira_en - creado_en) / 3600)::int AS horas FROM claves_idempotencia WHERE clave = $1`,
      [key],
    );
    expect(row.horas).toBe(24);
    await t.ds.query(`UPDATE claves_idempotencia SET expira_en = now() - interval '1 second' WHERE clave = $1`, [key]);
    const again = await send('operario', 'post', url, { texto: 'Vence' }, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(await count(t, 'comentarios')).toBe(before + 2);

    await t.ds.query(`UPDATE claves_idempotencia SET expira_en = now() - interval '1 second' WHERE clave = $1`, [key]);
    // The hourly job, run as a worker runs it (test apps do not start the job runtime).
    const { JobsService } = await import('../src/common/jobs/jobs.service');
    const jobs = t.app.get(JobsService);
    expect(jobs.running).toBe(false);
    expect(jobs.registered().get('idempotency-prune')?.cron).toBe('0 * * * *');
    await jobs.runNow('idempotency-prune');
    const [left]: { c: string }[] = await t.ds.query(`SELECT count(*) AS c FROM claves_idempotencia WHERE expira_en <= now()`);
    expect(Number(left.c)).toBe(0);
  });

  it('a refused request frees its key: nothing was written, and a corrected retry runs', async () => {
    const key = randomUUID();
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    expectError(await send('operario', 'post', url, { texto: '   ' }, key), 400);
    expect(Number((await t.ds.query(`SELECT count(*) FROM claves_idempotencia WHERE clave = $1`, [key]))[0].count)).toBe(0);
    // The same key with the corrected body is a new request (the refused one wrote nothing).
    expect((await send('operario', 'post', url, { texto: 'Corregido' }, key)).status).toBe(201);
  });

  it('a key that is not a UUID is refused in Spanish; concurrent sends of one key write once', async () => {
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    expectError(await send('operario', 'post', url, { texto: 'x' }, 'no-es-uuid'), 400, MESSAGES.errors.idempotencyKeyInvalid);
    const key = randomUUID();
    const before = await count(t, 'comentarios');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('operario', 'post', url, { texto: 'Al mismo tiempo' }, key)),
    );
    // Each waits for the first one's claim, then answers its comment.
    for (const a of answers) expect(a.status).toBe(201);
    expect(await count(t, 'comentarios')).toBe(before + 1);
    const uuids = new Set(answers.filter((a) => a.status === 201).map((a) => (a.body as { uuid: string }).uuid));
    expect(uuids.size).toBe(1);
  });

  /** Polls `read` until `done` holds (5 s at most). */
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    const end = Date.now() + 5000;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > end) throw new Error('No llegó al punto esperado');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Sends `request` (with `key`) and cuts its PostgreSQL connection before its commit, as a killed
   * process or a restarted PostgreSQL leaves it: the request waits behind a lock on `table` (taken
   * after its claim and after whatever it wrote before touching `table`), and there its connection
   * is terminated. `atStop` runs at that moment, on a connection of its own. Answers the request's status.
   */
  async function stopBeforeCommit(
    table: string,
    key: string,
    request: () => PromiseLike<{ status: number }>,
    atStop: (db: Client) => Promise<void>,
  ): Promise<number> {
    const tables = new Client({ connectionString: urlForDatabase(t.dbName) });
    const other = new Client({ connectionString: urlForDatabase(t.dbName) });
    await tables.connect();
    await other.connect();
    try {
      await tables.query('BEGIN');
      await tables.query(`LOCK TABLE ${table} IN SHARE MODE`);
      const stopped = Promise.resolve(request()).then(
        (res) => res.status,
        () => 0,
      );
      const waiting = await until(
        async () =>
          (
            await other.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
              [(tables as unknown as { processID: number }).processID],
            )
          ).rows,
        (rows) => rows.length === 1,
      );
      await atStop(other);
      // Nor is the claim visible: it commits with the write, never before.
      expect((await other.query('SELECT 1 FROM claves_idempotencia WHERE clave = $1', [key])).rowCount).toBe(0);
      await other.query('SELECT pg_terminate_backend($1)', [waiting[0]!.pid]);
      await tables.query('COMMIT');
      return await stopped;
    } finally {
      await tables.end();
      await other.end();
    }
  }

  it('a connection cut before the commit (process killed, PostgreSQL restarted) leaves nothing written, not even the claim: 503, and the retry writes once at once', async () => {
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    const key = randomUUID();
    const body = { texto: 'Antes del corte' };
    const before = await count(t, 'comentarios');
    // The comment is written, its history entry waits: the connection is cut there.
    const cut = await stopBeforeCommit('historial_tareas_asignadas', key, () => send('operario', 'post', url, body, key), async (db) => {
      // At that point the comment is not visible: it is not committed before its key.
      expect(Number((await db.query('SELECT count(*) AS c FROM comentarios')).rows[0].c)).toBe(before);
    });
    // A lost connection is the database being unavailable: the device tries again (never a 500).
    expect(cut).toBe(503);
    expect(await count(t, 'comentarios')).toBe(before);
    const retry = await send('operario', 'post', url, body, key);
    expect(retry.status).toBe(201);
    parseWith(CommentResponseSchema, retry.body);
    const again = await send('operario', 'post', url, body, key);
    expect([again.status, again.headers['idempotency-replayed']]).toEqual([201, 'true']);
    expect(again.body).toEqual(retry.body);
    expect(await count(t, 'comentarios')).toBe(before + 1);
  });

  it("a deletion stopped before its commit keeps the file's bytes: they go only once the row's deletion is committed", async () => {
    const occ = await occurrence();
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 90, g: 20, b: 200 } } })
      .jpeg()
      .toBuffer();
    const uploaded = parseWith(
      AttachmentResponseSchema,
      (
        await t.http
          .post(`/api/assigned-tasks/${occ}/attachments`)
          .set(as('operario'))
          .attach('archivo', photo, { filename: 'viruta.jpg', contentType: 'image/jpeg' })
      ).body,
    );
    const key = randomUUID();
    const remove = () => t.http.delete(`/api/attachments/${uploaded.uuid}`).set(as('operario', key));
    expect(await stopBeforeCommit('adjuntos', key, remove, async () => undefined)).toBe(503);
    // The row is still there, and so are its bytes.
    const file = await t.http.get(uploaded.url).set(as('operario'));
    expect(file.status).toBe(200);
    expect(Number(file.headers['content-length'])).toBeGreaterThan(0);
    // The retry deletes both.
    parseWith(OkResponseSchema, (await remove()).body);
    expect((await t.http.get(uploaded.url).set(as('operario'))).status).toBe(404);
  });

  it('a claim left unfinished (its process stopped before the commit, so nothing was written) is refused for 2 minutes, then runs once', async () => {
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    const key = randomUUID();
    const body = { texto: 'Sin confirmar' };
    const before = await count(t, 'comentarios');
    // What a process stopped mid-request leaves now: the claim (with this request's fingerprint),
    // without the comment. Made from a finished request whose comment and answer are taken away.
    expect((await send('operario', 'post', url, body, key)).status).toBe(201);
    await t.ds.query(`DELETE FROM comentarios WHERE texto = $1`, [body.texto]);
    await t.ds.query(
      `UPDATE claves_idempotencia SET completada = false, respuesta = NULL, codigo_http = NULL, creado_en = now() WHERE clave = $1`,
      [key],
    );
    expectError(await send('operario', 'post', url, body, key), 409, MESSAGES.errors.idempotencyKeyInFlight);
    expect(await count(t, 'comentarios')).toBe(before);
    await t.ds.query(`UPDATE claves_idempotencia SET creado_en = now() - interval '3 minutes' WHERE clave = $1`, [key]);
    const retry = await send('operario', 'post', url, body, key);
    expect(retry.status).toBe(201);
    expect(await count(t, 'comentarios')).toBe(before + 1);
    const replay = await send('operario', 'post', url, body, key);
    expect([replay.status, replay.headers['idempotency-replayed']]).toEqual([201, 'true']);
    expect(await count(t, 'comentarios')).toBe(before + 1);
  });

  it('uploads (multipart): the same key and file store one photo; the same key with another file is refused', async () => {
    const { occ, steps } = await checklistOccurrence();
    const photo = (color: number) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: { r: color, g: 90, b: 40 } } }).jpeg().toBuffer();
    const upload = (bytes: Buffer, key: string) =>
      t.http
        .post(`/api/assigned-tasks/${occ}/attachments`)
        .set(as('operario', key))
        .field('checklist_item_uuid', steps[1]!)
        .attach('archivo', bytes, { filename: 'lija.jpg', contentType: 'image/jpeg' });
    const key = randomUUID();
    const bytes = await photo(200);
    const before = await count(t, 'adjuntos');
    const first = await upload(bytes, key);
    expect(first.status).toBe(201);
    parseWith(AttachmentResponseSchema, first.body);
    const again = await upload(bytes, key);
    expect([again.status, again.headers['idempotency-replayed']]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await count(t, 'adjuntos')).toBe(before + 1);

    const larger = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 10, g: 90, b: 40 } } })
      .jpeg()
      .toBuffer();
    expectError(await upload(larger, key), 422, MESSAGES.errors.idempotencyKeyReused);
    expect(await count(t, 'adjuntos')).toBe(before + 1);
  });

  it('requests without the header behave as always', async () => {
    const occ = await occurrence();
    const url = `/api/assigned-tasks/${occ}/comments`;
    const before = await count(t, 'comentarios');
    await send('operario', 'post', url, { texto: 'Sin clave' });
    await send('operario', 'post', url, { texto: 'Sin clave' });
    expect(await count(t, 'comentarios')).toBe(before + 2);
  });
});
