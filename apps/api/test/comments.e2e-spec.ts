import {
  AssignedTaskHistoryResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  MESSAGES,
  OkResponseSchema,
} from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('comments of an assigned task', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let mesa: string;
  let sillas: string;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const url = (uuid: string, comment?: string) => `/api/assigned-tasks/${uuid}/comments${comment ? `/${comment}` : ''}`;
  const occurrence = async (titulo: string) => {
    const [row]: { uuid: string }[] = await t.ds.query(
      `SELECT ta.uuid FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid WHERE t.titulo = $1 AND NOT ta.archivada`,
      [titulo],
    );
    return row.uuid;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    mesa = await occurrence('Armar mesa de roble para pedido 1042');
    sillas = await occurrence('Tapizar 6 sillas modelo Nórdico');
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET: the assignee and watchers in scope read them newest first, by pages; others get 403', async () => {
    const list = parseWith(CommentListResponseSchema, (await t.http.get(url(mesa)).set(as('operario'))).body);
    expect(list).toEqual({
      data: [
        expect.objectContaining({
          texto: 'Empiezo después del almuerzo.',
          usuario: { nombre: 'Oscar', apellido: 'Pérez' },
          usuario_uuid: ids.operario,
          editado: false,
        }),
      ],
      hay_mas: false,
    });
    parseWith(CommentListResponseSchema, (await t.http.get(url(mesa)).set(as('supervisor'))).body);
    parseWith(CommentListResponseSchema, (await t.http.get(url(mesa)).set(as('admin'))).body);
    expectError(await t.http.get(url(mesa)).set(as('mlopez')), 403, MESSAGES.errors.noAccessTask);
    expectError(await t.http.get(url(sillas)).set(as('operario')), 403);
    expectError(await t.http.get(url(ids.admin)).set(as('admin')), 404);
  });

  it('POST: whoever may see the task adds one (trimmed), recorded in history; blank text is 400', async () => {
    const before = await count(t, 'comentarios');
    const res = await t.http.post(url(sillas)).set(as('supervisor')).send({ texto: '  Revisar costuras  ' });
    expect(res.status).toBe(201);
    const c = parseWith(CommentResponseSchema, res.body);
    expect(c).toMatchObject({ texto: 'Revisar costuras', usuario_uuid: ids.supervisor, usuario: { nombre: 'Sergio' } });
    const history = parseWith(
      AssignedTaskHistoryResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${sillas}/history`).set(as('mlopez'))).body,
    );
    expect(history[0]).toMatchObject({
      tipo: 'comentario',
      detalle: 'Comentario agregado',
      usuario: { nombre: 'Sergio' },
    });
    const blank = expectError(await t.http.post(url(sillas)).set(as('mlopez')).send({ texto: '   ' }), 400);
    expect(blank.errors).toContainEqual({ path: 'texto', message: MESSAGES.validation.comentarioRequired });
    expectError(
      await t.http.post(url(sillas)).set(as('operario')).send({ texto: 'Hola' }),
      403,
      MESSAGES.errors.noAccessTask,
    );
    expectError(await t.http.post(url(sillas)).set(as('jruiz')).send({ texto: 'Hola' }), 403);
    expect(await count(t, 'comentarios')).toBe(before + 1);
  });

  it('PUT: only the author edits; anyone else gets 403 with the Spanish message', async () => {
    const [mine] = parseWith(CommentListResponseSchema, (await t.http.get(url(mesa)).set(as('operario'))).body).data;
    const refused = await t.http.put(url(mesa, mine!.uuid)).set(as('supervisor')).send({ texto: 'Cambiado por otro' });
    expectError(refused, 403, MESSAGES.errors.onlyAuthorCanEdit);
    expectError(
      await t.http.put(url(mesa, mine!.uuid)).set(as('admin')).send({ texto: 'Cambiado por otro' }),
      403,
      MESSAGES.errors.onlyAuthorCanEdit,
    );
    const ok = parseWith(
      CommentResponseSchema,
      (await t.http.put(url(mesa, mine!.uuid)).set(as('operario')).send({ texto: 'Empiezo a las 14' })).body,
    );
    expect(ok).toMatchObject({ uuid: mine!.uuid, texto: 'Empiezo a las 14' });
    // An edit the second after writing it is still an edit for the reader.
    await t.ds.query(`UPDATE comentarios SET fecha_creacion = fecha_creacion - interval '1 minute' WHERE uuid = $1`, [mine!.uuid]);
    await t.http.put(url(mesa, mine!.uuid)).set(as('operario')).send({ texto: 'Empiezo a las 14' });
    const again = parseWith(CommentListResponseSchema, (await t.http.get(url(mesa)).set(as('operario'))).body).data;
    expect(again.find((c) => c.uuid === mine!.uuid)?.editado).toBe(true);
    const [row]: { texto: string }[] = await t.ds.query('SELECT texto FROM comentarios WHERE uuid = $1', [mine!.uuid]);
    expect(row.texto).toBe('Empiezo a las 14');
    expectError(
      await t.http.put(url(mesa, mine!.uuid)).set(as('operario')).send({ texto: '' }),
      400,
      MESSAGES.validation.comentarioRequired,
    );
    // A comment of another assigned task is not found under this one.
    expectError(await t.http.put(url(sillas, mine!.uuid)).set(as('supervisor')).send({ texto: 'x' }), 404);
  });

  it('DELETE: only the author; the history keeps the trace', async () => {
    const c = parseWith(
      CommentResponseSchema,
      (await t.http.post(url(mesa)).set(as('supervisor')).send({ texto: 'Para borrar' })).body,
    );
    const before = await count(t, 'comentarios');
    expectError(await t.http.delete(url(mesa, c.uuid)).set(as('operario')), 403, MESSAGES.errors.onlyAuthorCanEdit);
    expect(await count(t, 'comentarios')).toBe(before);
    parseWith(OkResponseSchema, (await t.http.delete(url(mesa, c.uuid)).set(as('supervisor'))).body);
    expect(await count(t, 'comentarios')).toBe(before - 1);
    const history = parseWith(
      AssignedTaskHistoryResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${mesa}/history`).set(as('operario'))).body,
    );
    expect(history.slice(0, 2).map((h) => h.detalle)).toEqual(['Comentario eliminado', 'Comentario agregado']);
    expectError(await t.http.delete(url(mesa, c.uuid)).set(as('supervisor')), 404);
  });

  it('pages of 20, newest first, keyset on ?antes=; hay_mas says when older ones remain; bad params are Spanish 400s', async () => {
    const occ = sillas;
    const [{ n: had }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM comentarios WHERE tarea_asignada_uuid = $1`, [occ]);
    // 45 comments a second apart, as people would write them.
    await t.ds.query(
      `INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto, fecha_creacion, updated_at)
       SELECT $1, $2, 'Comentario ' || g, now() - make_interval(mins => 60) + make_interval(secs => g), now() - make_interval(mins => 60) + make_interval(secs => g)
         FROM generate_series(1, 45) g`,
      [occ, ids.supervisor],
    );
    const total = had + 45;
    const seen: string[] = [];
    let antes: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await t.http.get(url(occ)).query(antes ? { antes } : {}).set(as('supervisor'));
      const body = parseWith(CommentListResponseSchema, res.body);
      expect(body.data.length).toBeLessThanOrEqual(20);
      seen.push(...body.data.map((c) => c.uuid));
      if (!body.hay_mas) break;
      expect(body.data).toHaveLength(20);
      antes = body.data.at(-1)!.uuid;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const [{ newest }]: { newest: string }[] = await t.ds.query(
      `SELECT uuid AS newest FROM comentarios WHERE tarea_asignada_uuid = $1 ORDER BY fecha_creacion DESC, uuid DESC LIMIT 1`,
      [occ],
    );
    expect(seen[0]).toBe(newest);
    const small = parseWith(CommentListResponseSchema, (await t.http.get(url(occ)).query({ limit: '5' }).set(as('supervisor'))).body);
    expect(small.data).toHaveLength(5);
    expect(small.hay_mas).toBe(true);
    expect(expectError(await t.http.get(url(occ)).query({ limit: '101' }).set(as('supervisor')), 400).message).toBe(
      MESSAGES.validation.commentsLimitInvalid,
    );
    expect(expectError(await t.http.get(url(occ)).query({ limit: 'x' }).set(as('supervisor')), 400).message).toBe(
      MESSAGES.validation.commentsLimitInvalid,
    );
    expectError(await t.http.get(url(occ)).query({ antes: 'no-uuid' }).set(as('supervisor')), 400);
    // A comment of another task is no cursor here.
    const [{ other }]: { other: string }[] = await t.ds.query(`SELECT uuid AS other FROM comentarios WHERE tarea_asignada_uuid <> $1 LIMIT 1`, [occ]);
    expect(expectError(await t.http.get(url(occ)).query({ antes: other }).set(as('supervisor')), 400).message).toBe(
      MESSAGES.validation.commentCursorUnknown,
    );
    // Scope first: out of scope is 403 whatever the page.
    expectError(await t.http.get(url(occ)).query({ antes: seen[3] }).set(as('operario')), 403);
  });
});
