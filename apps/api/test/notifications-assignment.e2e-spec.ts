import { NotificationListResponseSchema } from '@gestar/contracts';
import { areaUuid, createTestApp, login, parseWith, TestApp, userUuid } from './support/test-app';

/** Automatic notifications: an assignee is told about a new task, never the person who assigned it. */
describe('assignment notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function inbox(username: string) {
    const s = await login(t, username);
    const res = await t.http.get('/api/notifications').set('Authorization', `Bearer ${s.token}`);
    expect(res.status).toBe(200);
    return parseWith(NotificationListResponseSchema, res.body).data;
  }

  it('creating a task notifies each assignee once and not the creator', async () => {
    const sup = await login(t, 'supervisor');
    const [tipo]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM tipos_tarea LIMIT 1`);
    const today = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
    const res = await t.http
      .post('/api/tasks')
      .set('Authorization', `Bearer ${sup.token}`)
      .send({
        titulo: 'Revisar stock de tornillos',
        descripcion: 'Contar cajas del depósito',
        tipo_tarea_uuid: tipo.uuid,
        area_uuid: await areaUuid(t, 'Carpintería'),
        usuarios_asignados: [await userUuid(t, 'operario'), sup.user.uuid],
        fecha_vencimiento: today,
      });
    expect(res.status).toBe(201);
    const operario = await inbox('operario');
    expect(operario.filter((n) => n.mensaje.includes('Revisar stock de tornillos'))).toHaveLength(1);
    const own = await inbox('supervisor');
    expect(own.filter((n) => n.mensaje.includes('Revisar stock de tornillos'))).toHaveLength(0);
  });
});
