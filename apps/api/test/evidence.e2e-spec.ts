/**
 * Evidence that stays (issue 31, section 4): a step that requires a photo keeps one (deleting its
 * last photo unticks it, or is refused once the task is finished; finishing re-checks; only images
 * count); a description image is deleted only by its uploader or by whoever may edit every task
 * showing it; an upload's idempotency key covers the file's bytes; file names are read as UTF-8.
 */
import sharp from 'sharp';
import {
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  AttachmentResponseSchema,
  ChecklistItemResponseSchema,
  MESSAGES,
  OkResponseSchema,
  StatusListResponseSchema,
  TaskResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const e = MESSAGES.errors;
type Auth = { Authorization: string };

const photo = (r = 120) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 90, b: 40 } } }).jpeg().toBuffer();

describe('evidence', () => {
  let t: TestApp;
  let admin: Auth;
  let supervisor: Auth;
  let operario: Auth;
  const estados: Record<string, string> = {};

  /** A task of `area` for `assignee` with this checklist, assigned now: answers the task and its occurrence. */
  const taskWith = async (titulo: string, checklist: unknown[], area = 'Carpintería', assignee = 'operario', descripcion = 'Pasos') => {
    const res = await t.http
      .post('/api/tasks')
      .set(admin)
      .send({
        titulo,
        descripcion,
        tipo_tarea_uuid: (await t.ds.query('SELECT uuid FROM tipos_tarea LIMIT 1'))[0].uuid,
        area_uuid: await areaUuid(t, area),
        usuarios_asignados: [await userUuid(t, assignee)],
        fecha_vencimiento: todayIn(t.config.timezone),
        checklist,
      });
    expect(res.status).toBe(201);
    const task = parseWith(TaskResponseSchema, res.body);
    const [{ uuid }]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1', [task.uuid]);
    return { task, occurrence: uuid };
  };
  const detail = async (uuid: string) => {
    const res = await t.http.get(`/api/assigned-tasks/${uuid}/detail`).set(operario);
    expect(res.status).toBe(200);
    return parseWith(AssignedTaskResponseSchema, res.body);
  };
  const upload = (uuid: string, who: Auth, bytes: Buffer, name: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    let req = t.http.post(`/api/assigned-tasks/${uuid}/attachments`).set(who).set(headers);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('archivo', bytes, { filename: name, contentType: 'image/jpeg' });
  };
  const tick = (uuid: string, item: string, body: Record<string, unknown>) =>
    t.http.put(`/api/assigned-tasks/${uuid}/checklist/${item}`).set(operario).send(body);
  const finish = (uuid: string) => t.http.put(`/api/assigned-tasks/${uuid}`).set(operario).send({ estado_uuid: estados.terminada });
  /** A step that requires a photo, ticked with one: answers the occurrence, the step and the photo. */
  const tickedWithPhoto = async (titulo: string) => {
    const { occurrence } = await taskWith(titulo, [{ texto: 'Foto del trabajo', requiere_foto: true }]);
    const [step] = (await detail(occurrence)).checklist!;
    const res = await upload(occurrence, operario, await photo(), 'trabajo.jpg', { checklist_item_uuid: step!.uuid });
    expect(res.status).toBe(201);
    const a = parseWith(AttachmentResponseSchema, res.body);
    expect((await tick(occurrence, step!.uuid, { hecho: true })).status).toBe(200);
    return { occurrence, step: step!, photo: a };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    supervisor = { Authorization: `Bearer ${await tokenFor(t, 'supervisor')}` };
    operario = { Authorization: `Bearer ${await tokenFor(t, 'operario')}` };
    const list = parseWith(StatusListResponseSchema, (await t.http.get('/api/statuses').set(admin)).body).data;
    for (const s of list) estados[s.categoria] ??= s.uuid;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a step that requires a photo', () => {
    it('deleting its last photo unticks it (history says why), and the task cannot be finished without one', async () => {
      const { occurrence, step, photo: a } = await tickedWithPhoto('Pintar la reja');
      const removed = await t.http.delete(a.url).set(operario);
      expect(removed.status).toBe(200);
      parseWith(OkResponseSchema, removed.body);

      const [after] = (await detail(occurrence)).checklist!;
      expect([after!.hecho, after!.fotos.length, after!.hecho_por]).toEqual([false, 0, null]);
      const history = parseWith(
        AssignedTaskHistoryResponseSchema,
        (await t.http.get(`/api/assigned-tasks/${occurrence}/history`).set(operario)).body,
      );
      expect(history.some((h) => h.tipo === 'checklist' && h.detalle === 'Desmarcó «Foto del trabajo»: se eliminó su última foto')).toBe(true);
      expectError(await finish(occurrence), 409, `${e.checklistIncomplete}Foto del trabajo`);

      // Another photo and the tick again: the task finishes.
      const again = await upload(occurrence, operario, await photo(60), 'otra.jpg', { checklist_item_uuid: step.uuid });
      expect(again.status).toBe(201);
      expect((await tick(occurrence, step.uuid, { hecho: true })).status).toBe(200);
      expect((await finish(occurrence)).status).toBe(200);
    });

    it('a step with two photos stays ticked when one goes', async () => {
      const { occurrence, step } = await tickedWithPhoto('Cambiar el burlete');
      const second = parseWith(
        AttachmentResponseSchema,
        (await upload(occurrence, operario, await photo(200), 'segunda.jpg', { checklist_item_uuid: step.uuid })).body,
      );
      expect((await t.http.delete(second.url).set(operario)).status).toBe(200);
      const [after] = (await detail(occurrence)).checklist!;
      expect([after!.hecho, after!.fotos.length]).toEqual([true, 1]);
    });

    it('in a finished task its last photo cannot be deleted (409), and nothing changes', async () => {
      const { occurrence, photo: a } = await tickedWithPhoto('Soldar el portón');
      expect((await finish(occurrence)).status).toBe(200);
      expectError(await t.http.delete(a.url).set(supervisor), 409, e.attachmentLastEvidence);
      const [after] = (await detail(occurrence)).checklist!;
      expect([after!.hecho, after!.fotos.map((f) => f.uuid)]).toEqual([true, [a.uuid]]);
      expect((await t.http.get(a.url).set(operario)).status).toBe(200);
    });

    it('finishing re-checks the evidence: a step ticked whose photo vanished is still missing', async () => {
      const { occurrence, step } = await tickedWithPhoto('Lijar la mesa');
      // A step left ticked without its photo (as a deletion before this rule could leave it).
      await t.ds.query('DELETE FROM adjuntos WHERE checklist_item_uuid = $1', [step.uuid]);
      expectError(await finish(occurrence), 409, `${e.checklistIncomplete}Foto del trabajo`);
    });

    it('only an image counts: a PDF attached to the step does not satisfy it', async () => {
      const { occurrence } = await taskWith('Firmar el remito', [{ texto: 'Foto del remito firmado', requiere_foto: true }]);
      const [step] = (await detail(occurrence)).checklist!;
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      expect(pdf.length).toBeLessThan(100);
      const res = await upload(occurrence, operario, pdf, 'remito.pdf', { checklist_item_uuid: step!.uuid });
      expect(res.status).toBe(201);
      expect(parseWith(AttachmentResponseSchema, res.body).tipo).toBe('application/pdf');
      expectError(await tick(occurrence, step!.uuid, { hecho: true }), 422, e.checklistPhotoRequired);
      const done = await tick(occurrence, step!.uuid, { hecho: false });
      expect(parseWith(ChecklistItemResponseSchema, done.body).hecho).toBe(false);
    });
  });

  describe('a description image', () => {
    const uploadImage = async (who: Auth) => {
      const res = await t.http.post('/api/attachments/images').set(who).attach('archivo', await photo(30), { filename: 'plano.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(201);
      return parseWith(AttachmentResponseSchema, res.body);
    };
    const showing = (url: string) =>
      JSON.stringify([{ type: 'image', url, children: [{ text: '' }] }, { type: 'paragraph', children: [{ text: 'Así' }] }]);

    it('a supervisor cannot delete one shown by a task of an area it cannot see; its uploader can', async () => {
      const image = await uploadImage(admin);
      await taskWith('Ordenar el depósito', [], 'Logística', 'jruiz', showing(image.url));
      expectError(await t.http.delete(image.url).set(supervisor), 403, e.descriptionImageDeleteForbidden);
      expect((await t.http.get(image.url).set(operario)).status).toBe(200);
      expect((await t.http.delete(image.url).set(admin)).status).toBe(200);
      expectError(await t.http.get(image.url).set(admin), 404);
    });

    it('an editor who may edit every task showing it deletes it; one task out of reach is enough to refuse', async () => {
      const mine = await uploadImage(admin);
      await taskWith('Barnizar la puerta', [], 'Carpintería', 'operario', showing(mine.url));
      expect((await t.http.delete(mine.url).set(supervisor)).status).toBe(200);

      const shared = await uploadImage(admin);
      await taskWith('Lustrar la mesa', [], 'Carpintería', 'operario', showing(shared.url));
      await taskWith('Embalar la mesa', [], 'Logística', 'jruiz', showing(shared.url));
      expectError(await t.http.delete(shared.url).set(supervisor), 403, e.descriptionImageDeleteForbidden);

      // One no description shows yet may be in its uploader's form: only the uploader deletes it.
      const loose = await uploadImage(admin);
      expectError(await t.http.delete(loose.url).set(supervisor), 403, e.descriptionImageDeleteForbidden);
      const own = await uploadImage(supervisor);
      expect((await t.http.delete(own.url).set(supervisor)).status).toBe(200);
      // An operario (no task edits) never deletes someone else's.
      expectError(await t.http.delete(shared.url).set(operario), 403, e.descriptionImageDeleteForbidden);
    });
  });

  describe('an upload', () => {
    it('replays under the same idempotency key only with the same file: another file of the same size answers 422', async () => {
      const { occurrence } = await taskWith('Remitos del día', []);
      const key = { 'Idempotency-Key': '6f1d9a52-3c4b-4e8f-9a0b-1c2d3e4f5a6b' };
      const first = Buffer.from('%PDF-1.4\n% remito A\n%%EOF\n');
      const other = Buffer.from('%PDF-1.4\n% remito B\n%%EOF\n');
      expect(other.length).toBe(first.length);
      const rows = async () =>
        ((await t.ds.query('SELECT count(*)::int AS n FROM adjuntos WHERE tarea_asignada_uuid = $1', [occurrence])) as { n: number }[])[0]!.n;

      const created = await upload(occurrence, operario, first, 'remito.pdf', {}, key);
      expect(created.status).toBe(201);
      const a = parseWith(AttachmentResponseSchema, created.body);
      const replay = await upload(occurrence, operario, first, 'remito.pdf', {}, key);
      expect([replay.status, replay.headers['idempotency-replayed']]).toEqual([201, 'true']);
      expect(parseWith(AttachmentResponseSchema, replay.body).uuid).toBe(a.uuid);

      expectError(await upload(occurrence, operario, other, 'remito.pdf', {}, key), 422, e.idempotencyKeyReused);
      expectError(await upload(occurrence, operario, first, 'otro-nombre.pdf', {}, key), 422, e.idempotencyKeyReused);
      expect(await rows()).toBe(1);
      // A new key takes the other file.
      const fresh = await upload(occurrence, operario, other, 'remito.pdf', {}, { 'Idempotency-Key': '0b6e1f7c-8d2a-4b3c-9e4f-5a6b7c8d9e0f' });
      expect(fresh.status).toBe(201);
      expect(await rows()).toBe(2);
    });

    it('keeps a file name written in UTF-8 («baño.png»), in the answer and in the download', async () => {
      const { occurrence } = await taskWith('Fotos del baño', []);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 20, b: 30 } } }).png().toBuffer();
      const res = await upload(occurrence, operario, png, 'baño.png');
      expect(res.status).toBe(201);
      const a = parseWith(AttachmentResponseSchema, res.body);
      expect(a.nombre).toBe('baño.png');
      const served = await t.http.get(a.url).set(operario);
      expect(served.headers['content-disposition']).toBe(`inline; filename="ba_o.png"; filename*=UTF-8''ba%C3%B1o.png`);
    });
  });
});
