import { MESSAGES, OkResponseSchema, SuggestionResponseSchema, TaskResponseSchema } from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

describe('task suggestions', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let mesa: string;
  let entrega: string;

  const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
  const taskId = async (titulo: string) => {
    const [row]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tareas WHERE titulo = $1', [titulo]);
    return row.uuid;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      tokens[u] = await tokenFor(t, u);
      ids[u] = await userUuid(t, u);
    }
    mesa = await taskId('Armar mesa de roble para pedido 1042');
    entrega = await taskId('Entregar pedido 1038 en Palermo');
  });
  afterAll(async () => {
    await t.close();
  });

  it('PATCH without suggestion_uuid adds one authored by the caller, whatever creado_por_uuid says', async () => {
    const res = await t.http
      .patch(`/api/tasks/${mesa}/suggestion`)
      .set(as('operario'))
      .send({ descripcion: 'Pedir más lijas', creado_por_uuid: ids.admin });
    expect(res.status).toBe(200);
    const s = parseWith(SuggestionResponseSchema, res.body);
    expect(s).toMatchObject({ descripcion: 'Pedir más lijas', creado_por_uuid: ids.operario });
    const task = parseWith(TaskResponseSchema, (await t.http.get(`/api/tasks/${mesa}`).set(as('supervisor'))).body);
    expect(task.sugerencias.map((x) => x.descripcion)).toEqual([
      'Usar plantillas de corte para ahorrar tiempo',
      'Pedir más lijas',
    ]);
    // An assignee without read:task in that area may still suggest on its own task (jruiz, Logística).
    parseWith(
      SuggestionResponseSchema,
      (await t.http.patch(`/api/tasks/${entrega}/suggestion`).set(as('jruiz')).send({ descripcion: 'Salir antes' }))
        .body,
    );
  });

  it('PATCH refuses outside the caller areas, blank text, and editing someone else suggestion', async () => {
    const before = await count(t, 'sugerencias');
    expectError(
      await t.http.patch(`/api/tasks/${entrega}/suggestion`).set(as('operario')).send({ descripcion: 'x' }),
      403,
      MESSAGES.errors.noAccessTask,
    );
    expectError(
      await t.http.patch(`/api/tasks/${entrega}/suggestion`).set(as('supervisor')).send({ descripcion: 'x' }),
      403,
      MESSAGES.errors.noAccessTask,
    );
    const blank = expectError(
      await t.http.patch(`/api/tasks/${mesa}/suggestion`).set(as('operario')).send({ descripcion: ' ' }),
      400,
    );
    expect(blank.errors).toContainEqual({ path: 'descripcion', message: MESSAGES.validation.sugerenciaRequired });
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(
      `SELECT uuid FROM sugerencias WHERE descripcion = 'Pedir más lijas'`,
    );
    expectError(
      await t.http
        .patch(`/api/tasks/${mesa}/suggestion`)
        .set(as('supervisor'))
        .send({ descripcion: 'Otra cosa', suggestion_uuid: uuid }),
      403,
      MESSAGES.errors.onlyAuthorCanEditSuggestion,
    );
    expectError(
      await t.http
        .patch(`/api/tasks/${mesa}/suggestion`)
        .set(as('operario'))
        .send({ descripcion: 'x', suggestion_uuid: ids.admin }),
      404,
    );
    expect(await count(t, 'sugerencias')).toBe(before);
    const edited = parseWith(
      SuggestionResponseSchema,
      (
        await t.http
          .patch(`/api/tasks/${mesa}/suggestion`)
          .set(as('operario'))
          .send({ descripcion: 'Pedir lijas 120', suggestion_uuid: uuid })
      ).body,
    );
    expect(edited).toMatchObject({ uuid, descripcion: 'Pedir lijas 120', creado_por_uuid: ids.operario });
  });

  it('DELETE: the author, or update:task in scope; others get 403', async () => {
    const own = parseWith(
      SuggestionResponseSchema,
      (await t.http.patch(`/api/tasks/${mesa}/suggestion`).set(as('admin')).send({ descripcion: 'Del admin' })).body,
    );
    const byOperario = parseWith(
      SuggestionResponseSchema,
      (await t.http.patch(`/api/tasks/${mesa}/suggestion`).set(as('operario')).send({ descripcion: 'Del operario' }))
        .body,
    );
    const [jruiz]: { uuid: string }[] = await t.ds.query(
      `SELECT uuid FROM sugerencias WHERE descripcion = 'Salir antes'`,
    );
    const before = await count(t, 'sugerencias');
    expectError(
      await t.http.delete(`/api/tasks/${mesa}/suggestion/${own.uuid}`).set(as('operario')),
      403,
      MESSAGES.errors.onlyAuthorCanEditSuggestion,
    );
    expectError(await t.http.delete(`/api/tasks/${entrega}/suggestion/${jruiz!.uuid}`).set(as('supervisor')), 403);
    expect(await count(t, 'sugerencias')).toBe(before);
    parseWith(
      OkResponseSchema,
      (await t.http.delete(`/api/tasks/${mesa}/suggestion/${byOperario.uuid}`).set(as('operario'))).body,
    );
    parseWith(
      OkResponseSchema,
      (await t.http.delete(`/api/tasks/${mesa}/suggestion/${own.uuid}`).set(as('supervisor'))).body,
    );
    expect(await count(t, 'sugerencias')).toBe(before - 2);
    expectError(await t.http.delete(`/api/tasks/${mesa}/suggestion/${own.uuid}`).set(as('admin')), 404);
  });
});
