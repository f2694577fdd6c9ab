/**
 * Checklists and photo evidence (issue 17): each occurrence copies its task's checklist when it
 * is created (a later edit of the task leaves it alone), ticks with and without a required photo
 * or note, finishing blocked while steps are missing, uploads re-encoded without EXIF, types
 * decided by content, the size and count limits, scope on download, deletion rights, and an
 * interrupted upload that leaves nothing behind.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  AttachmentListResponseSchema,
  AttachmentResponseSchema,
  BulkAssignedTasksResponseSchema,
  ChecklistItemResponseSchema,
  CreateAssignedTaskResponseSchema,
  MESSAGES,
  OkResponseSchema,
  REPORT_EXPORT_COLUMNS,
  ReportResponseSchema,
  StatusListResponseSchema,
  TaskResponseSchema,
  todayIn,
} from '@gestar/contracts';
import { SchedulerService } from '../src/modules/scheduled-tasks/scheduler.service';
import { AttachmentsService } from '../src/modules/attachments/attachments.service';
import { UploadInterceptor } from '../src/modules/attachments/upload.interceptor';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const e = MESSAGES.errors;
type Auth = { Authorization: string };

/** A 4,000 x 3,000 JPEG (or `w` x `h`) whose EXIF carries a GPS position and an orientation. */
async function jpegWithGps(w = 4000, h = 3000, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'Taller', Model: 'Telefono' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '58/1 22/1 0/1' },
    })
    .toBuffer();
}

describe('checklists and attachments', () => {
  let t: TestApp;
  let admin: Auth;
  let supervisor: Auth;
  let operario: Auth;
  let mlopez: Auth;
  const estados: Record<string, string> = {};
  let today: string;

  /** A task of Carpintería for operario with this checklist, assigned now; answers the task and its occurrence. */
  const taskWithChecklist = async (titulo: string, checklist: unknown[]) => {
    const res = await t.http
      .post('/api/tasks')
      .set(admin)
      .send({
        titulo,
        descripcion: 'Pasos con evidencia',
        tipo_tarea_uuid: (await t.ds.query('SELECT uuid FROM tipos_tarea LIMIT 1'))[0].uuid,
        area_uuid: await areaUuid(t, 'Carpintería'),
        usuarios_asignados: [await userUuid(t, 'operario')],
        fecha_vencimiento: today,
        checklist,
      });
    expect(res.status).toBe(201);
    const task = parseWith(TaskResponseSchema, res.body);
    const [{ uuid }]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1', [task.uuid]);
    return { task, occurrence: uuid };
  };
  const detail = async (uuid: string, who: Auth = operario) => {
    const res = await t.http.get(`/api/assigned-tasks/${uuid}/detail`).set(who);
    expect(res.status).toBe(200);
    return parseWith(AssignedTaskResponseSchema, res.body);
  };
  const upload = (uuid: string, who: Auth, bytes: Buffer, name: string, fields: Record<string, string> = {}) => {
    let req = t.http.post(`/api/assigned-tasks/${uuid}/attachments`).set(who);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('archivo', bytes, { filename: name, contentType: 'image/jpeg' });
  };
  const tick = (uuid: string, item: string, who: Auth, body: Record<string, unknown>) =>
    t.http.put(`/api/assigned-tasks/${uuid}/checklist/${item}`).set(who).send(body);
  const storedFiles = () => readdirSync(t.config.uploadsDir).filter((n) => !n.startsWith('.'));

  beforeAll(async () => {
    t = await createTestApp();
    today = todayIn(t.config.timezone);
    admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    supervisor = { Authorization: `Bearer ${await tokenFor(t, 'supervisor')}` };
    operario = { Authorization: `Bearer ${await tokenFor(t, 'operario')}` };
    mlopez = { Authorization: `Bearer ${await tokenFor(t, 'mlopez')}` };
    const list = parseWith(StatusListResponseSchema, (await t.http.get('/api/statuses').set(admin)).body).data;
    for (const s of list) estados[s.categoria] ??= s.uuid;
  });
  afterAll(async () => {
    await t.close();
  });

  it('each occurrence copies the checklist of its task when created; editing the task changes only later ones', async () => {
    const { task, occurrence } = await taskWithChecklist('Afilar sierra circular', [
      { texto: 'Desconectar la máquina', requiere_nota: true },
      { texto: 'Foto del disco afilado', requiere_foto: true },
      { texto: 'Limpiar la mesa' },
    ]);
    expect(task.checklist.map((c) => [c.texto, c.requiere_foto, c.requiere_nota])).toEqual([
      ['Desconectar la máquina', false, true],
      ['Foto del disco afilado', true, false],
      ['Limpiar la mesa', false, false],
    ]);
    const before = await detail(occurrence);
    expect(before.checklist_progreso).toEqual({ hechos: 0, total: 3 });
    expect(before.checklist!.map((c) => c.texto)).toEqual(['Desconectar la máquina', 'Foto del disco afilado', 'Limpiar la mesa']);
    expect(before.checklist!.every((c) => !c.hecho && c.fotos.length === 0 && c.hecho_por === null)).toBe(true);

    const edit = await t.http
      .put(`/api/tasks/${task.uuid}`)
      .set(admin)
      .send({
        titulo: task.titulo,
        tipo_tarea_uuid: task.tipo_tarea_uuid,
        area_uuid: task.area_uuid,
        usuarios_asignados: [await userUuid(t, 'operario')],
        checklist: [{ texto: 'Un solo paso nuevo' }],
      });
    expect(edit.status).toBe(200);
    expect(parseWith(TaskResponseSchema, edit.body).checklist.map((c) => c.texto)).toEqual(['Un solo paso nuevo']);
    expect((await detail(occurrence)).checklist!.map((c) => c.texto)).toEqual(before.checklist!.map((c) => c.texto));

    const again = await t.http
      .post('/api/assigned-tasks')
      .set(admin)
      .send({ tarea_uuid: task.uuid, usuarios_asignados: [await userUuid(t, 'operario')], fecha_vencimiento: today });
    expect(again.status).toBe(201);
    const [card] = parseWith(CreateAssignedTaskResponseSchema, again.body);
    expect(card.checklist_progreso).toEqual({ hechos: 0, total: 1 });
    expect((await detail(card.uuid)).checklist!.map((c) => c.texto)).toEqual(['Un solo paso nuevo']);
  });

  it('an occurrence generated by a schedule copies the checklist too, and the board carries its progress', async () => {
    const res = await t.http
      .post('/api/tasks')
      .set(admin)
      .send({
        titulo: 'Revisión semanal de la lijadora',
        descripcion: 'Revisión',
        tipo_tarea_uuid: (await t.ds.query('SELECT uuid FROM tipos_tarea LIMIT 1'))[0].uuid,
        area_uuid: await areaUuid(t, 'Carpintería'),
        usuarios_asignados: [await userUuid(t, 'operario')],
        fecha_vencimiento: today,
        programacion_tarea: { proxima_ejecucion: today, intervalo_repeticion: 7 },
        checklist: [{ texto: 'Cambiar la lija' }, { texto: 'Aspirar el polvo' }],
      });
    expect(res.status).toBe(201);
    const task = parseWith(TaskResponseSchema, res.body);
    await t.app.get(SchedulerService).runTick(new Date());
    const [{ uuid }]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1', [task.uuid]);
    expect((await detail(uuid)).checklist!.map((c) => c.texto)).toEqual(['Cambiar la lija', 'Aspirar el polvo']);
    const board = await t.http.get(`/api/assigned-tasks/${await userUuid(t, 'operario')}`).set(operario);
    const card = parseWith(AssignedTaskResponseSchema.array(), board.body).find((c) => c.uuid === uuid)!;
    expect(card.checklist_progreso).toEqual({ hechos: 0, total: 2 });
    expect(card.checklist).toBeUndefined();
  });

  it('ticks: a step that requires a note or a photo needs it (422); finishing waits for every step (409)', async () => {
    const { occurrence } = await taskWithChecklist('Barnizar puertas', [
      { texto: 'Lijar', requiere_nota: true },
      { texto: 'Foto de la primera mano', requiere_foto: true },
      { texto: 'Ventilar' },
    ]);
    const [lijar, foto, ventilar] = (await detail(occurrence)).checklist!;

    expectError(await tick(occurrence, lijar.uuid, operario, { hecho: true }), 422, e.checklistNoteRequired);
    expectError(await tick(occurrence, foto.uuid, operario, { hecho: true }), 422, e.checklistPhotoRequired);
    expectError(await tick(occurrence, ventilar.uuid, operario, { hecho: 'quizás' }), 400, MESSAGES.validation.checklistHechoRequired);
    expect((await detail(occurrence)).checklist_progreso).toEqual({ hechos: 0, total: 3 });

    const done = await tick(occurrence, lijar.uuid, operario, { hecho: true, nota: 'Grano 180' });
    expect(done.status).toBe(200);
    const item = parseWith(ChecklistItemResponseSchema, done.body);
    expect([item.hecho, item.nota, item.hecho_por]).toEqual([true, 'Grano 180', { nombre: 'Oscar', apellido: 'Pérez' }]);
    expect(item.hecho_en).not.toBeNull();
    expect((await tick(occurrence, ventilar.uuid, operario, { hecho: true })).status).toBe(200);

    // The card does not move while a step is missing: 409 naming it, and the bulk call says the same.
    expectError(
      await t.http.put(`/api/assigned-tasks/${occurrence}`).set(operario).send({ estado_uuid: estados.terminada }),
      409,
      `${e.checklistIncomplete}Foto de la primera mano`,
    );
    const bulk = await t.http.post('/api/assigned-tasks/bulk').set(supervisor).send({ ids: [occurrence], accion: 'estado', estado_uuid: estados.terminada });
    expect(parseWith(BulkAssignedTasksResponseSchema, bulk.body).rechazadas).toEqual([
      { id: occurrence, motivo: `${e.checklistIncomplete}Foto de la primera mano` },
    ]);
    const [{ estado_uuid }]: { estado_uuid: string }[] = await t.ds.query('SELECT estado_uuid FROM tareas_asignadas WHERE uuid = $1', [occurrence]);
    expect(estado_uuid).not.toBe(estados.terminada);

    // A photo of the step, then the tick, then the move.
    const photo = await upload(occurrence, operario, await jpegWithGps(800, 600), 'primera-mano.jpg', { checklist_item_uuid: foto.uuid });
    expect(photo.status).toBe(201);
    expect((await tick(occurrence, foto.uuid, operario, { hecho: true })).status).toBe(200);
    const moved = await t.http.put(`/api/assigned-tasks/${occurrence}`).set(operario).send({ estado_uuid: estados.terminada });
    expect(moved.status).toBe(200);
    expect(parseWith(AssignedTaskResponseSchema, moved.body).checklist_progreso).toEqual({ hechos: 3, total: 3 });

    const after = await detail(occurrence, supervisor);
    expect(after.checklist![1].fotos.map((f) => f.nombre)).toEqual(['primera-mano.jpg']);
    const history = parseWith(
      AssignedTaskHistoryResponseSchema,
      (await t.http.get(`/api/assigned-tasks/${occurrence}/history`).set(operario)).body,
    );
    expect(history.filter((h) => h.tipo === 'checklist').map((h) => h.detalle).reverse()).toEqual([
      'Marcó «Lijar»',
      'Marcó «Ventilar»',
      'Marcó «Foto de la primera mano»',
    ]);
    expect(history.some((h) => h.tipo === 'adjunto' && h.detalle === 'Adjuntó «primera-mano.jpg»')).toBe(true);

    // Unticking keeps who did nothing; another area's operario cannot tick.
    const undone = parseWith(ChecklistItemResponseSchema, (await tick(occurrence, ventilar.uuid, supervisor, { hecho: false })).body);
    expect([undone.hecho, undone.hecho_por, undone.hecho_en]).toEqual([false, null, null]);
    expectError(await tick(occurrence, ventilar.uuid, mlopez, { hecho: true }), 403, e.noAccessTask);
  });

  it('an uploaded JPEG is served re-encoded: no EXIF (no GPS), oriented, at most 2,048 px, with a thumbnail', async () => {
    const { occurrence } = await taskWithChecklist('Foto con GPS', []);
    const original = await jpegWithGps();
    // The fixture's EXIF holds a GPS block: the GPS IFD pointer, tag 0x8825, in either byte order.
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await upload(occurrence, operario, original, 'IMG_0001.JPG');
    expect(res.status).toBe(201);
    const a = parseWith(AttachmentResponseSchema, res.body);
    expect([a.nombre, a.tipo, a.url, a.miniatura_url]).toEqual([
      'IMG_0001.jpg',
      'image/jpeg',
      `/api/attachments/${a.uuid}`,
      `/api/attachments/${a.uuid}/miniatura`,
    ]);

    const served = await t.http.get(a.url).set(supervisor).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="IMG_0001.jpg"/);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([2048, 1536, undefined, undefined]);
    expect((served.body as Buffer).includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(a.tamano).toBe((served.body as Buffer).length);

    const thumb = await t.http.get(a.miniatura_url!).set(operario).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect([thumb.status, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(320);

    // A photo taken sideways (EXIF orientation 6) is stored upright.
    const sideways = parseWith(AttachmentResponseSchema, (await upload(occurrence, operario, await jpegWithGps(600, 400, 6), 'lado.jpg')).body);
    const upright = await t.http.get(sideways.url).set(operario).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    const m = await sharp(upright.body as Buffer).metadata();
    expect([m.width, m.height, m.orientation]).toEqual([400, 600, undefined]);
  });

  it('a HEIC photo (what an iPhone takes) is stored as JPEG, without its EXIF', async () => {
    const { occurrence } = await taskWithChecklist('Foto desde un iPhone', []);
    // 160 x 120, made with libheif's heif-enc from a JPEG whose EXIF carries a GPS position.
    const heic = readFileSync(join(__dirname, 'fixtures', 'taller-gps.heic'));
    expect(heic.includes(Buffer.from('Taller'))).toBe(true);
    const res = await upload(occurrence, operario, heic, 'IMG_0001.HEIC');
    expect(res.status).toBe(201);
    const stored = parseWith(AttachmentResponseSchema, res.body);
    expect([stored.tipo, stored.nombre]).toEqual(['image/jpeg', 'IMG_0001.jpg']);
    const file = await t.http.get(stored.url).set(operario).buffer(true);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 160, 120, undefined]);
  });

  it('refuses by content: a renamed executable 415, an 11 MB file 413, a PDF kept as a download', async () => {
    const { occurrence } = await taskWithChecklist('Tipos de archivo', []);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
    expectError(await upload(occurrence, operario, elf, 'foto.jpg'), 415, e.attachmentTypeNotAllowed);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);
    expectError(await upload(occurrence, operario, broken, 'rota.jpg'), 422, e.attachmentUnreadable);

    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    expectError(await upload(occurrence, operario, big, 'grande.pdf'), 413, e.attachmentTooLarge);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const res = await upload(occurrence, operario, pdf, 'remito.pdf');
    expect(res.status).toBe(201);
    const a = parseWith(AttachmentResponseSchema, res.body);
    expect([a.tipo, a.miniatura_url]).toEqual(['application/pdf', null]);
    const served = await t.http.get(a.url).set(operario);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="remito.pdf"/);
    expectError(await t.http.get(`${a.url}/miniatura`).set(operario), 404);
    expectError(await t.http.post(`/api/assigned-tasks/${occurrence}/attachments`).set(operario).send({}), 400, MESSAGES.validation.attachmentFileRequired);
    const list = parseWith(AttachmentListResponseSchema, (await t.http.get(`/api/assigned-tasks/${occurrence}/attachments`).set(operario)).body);
    expect(list.map((f) => f.nombre)).toEqual(['remito.pdf']);
  });

  it('at most 20 files per assigned task', async () => {
    const { occurrence } = await taskWithChecklist('Veinte archivos', []);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    for (let i = 0; i < 20; i++) expect((await upload(occurrence, operario, pdf, `hoja-${i}.pdf`)).status).toBe(201);
    expectError(await upload(occurrence, operario, pdf, 'hoja-21.pdf'), 409, e.attachmentsTooMany);
    const [{ n }]: { n: number }[] = await t.ds.query('SELECT count(*)::int AS n FROM adjuntos WHERE tarea_asignada_uuid = $1', [occurrence]);
    expect(n).toBe(20);
  });

  it('download follows the task scope; deletion by the uploader or a supervisor in scope; finished and archived is kept', async () => {
    const { occurrence } = await taskWithChecklist('Alcance de archivos', []);
    const mine = parseWith(AttachmentResponseSchema, (await upload(occurrence, operario, await jpegWithGps(300, 200), 'mia.jpg')).body);
    const theirs = parseWith(AttachmentResponseSchema, (await upload(occurrence, supervisor, await jpegWithGps(300, 200), 'supervisor.jpg')).body);

    expectError(await t.http.get(mine.url).set(mlopez), 403, e.noAccessTask);
    expectError(await t.http.get(mine.miniatura_url!).set(mlopez), 403, e.noAccessTask);
    expectError(await t.http.get(mine.url), 401);
    expectError(await t.http.delete(mine.url).set(mlopez), 403, e.noAccessTask);
    expectError(await t.http.delete(theirs.url).set(operario), 403, e.attachmentDeleteForbidden);

    const removed = await t.http.delete(mine.url).set(operario);
    expect(removed.status).toBe(200);
    parseWith(OkResponseSchema, removed.body);
    expectError(await t.http.get(mine.url).set(operario), 404);
    expect(storedFiles().some((f) => f.startsWith(mine.uuid))).toBe(false);

    const kept = parseWith(AttachmentResponseSchema, (await upload(occurrence, operario, await jpegWithGps(300, 200), 'evidencia.jpg')).body);
    expect((await t.http.delete(theirs.url).set(supervisor)).status).toBe(200);
    expect((await t.http.put(`/api/assigned-tasks/${occurrence}`).set(operario).send({ estado_uuid: estados.terminada })).status).toBe(200);
    expect((await t.http.put(`/api/assigned-tasks/${occurrence}`).set(supervisor).send({ archivada: true, calificacion: 5 })).status).toBe(200);
    expectError(await t.http.delete(kept.url).set(supervisor), 409, e.attachmentKept);
    expectError(await upload(occurrence, operario, await jpegWithGps(300, 200), 'tarde.jpg'), 409, e.assignedTaskArchived);
    expect((await t.http.get(kept.url).set(supervisor)).status).toBe(200);
  });

  it('an interrupted upload leaves neither a row nor a file; the orphan sweep removes files without rows', async () => {
    const { occurrence } = await taskWithChecklist('Subida cortada', []);
    const rowsBefore: { n: number }[] = await t.ds.query('SELECT count(*)::int AS n FROM adjuntos');
    const filesBefore = storedFiles().length;
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const boundary = '----gestar-corte';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="cortada.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const photo = await jpegWithGps(1200, 900);
    // The server's reading of this upload, observed where it happens: the client cuts the
    // connection once the server has started reading, then waits for that reading to end.
    const read = UploadInterceptor.prototype.intercept;
    let reading: Promise<unknown> | undefined;
    let started!: () => void;
    const reached = new Promise<void>((resolve) => (started = resolve));
    const spy = jest.spyOn(UploadInterceptor.prototype, 'intercept').mockImplementation(function (this: UploadInterceptor, ...args) {
      reading = read.apply(this, args);
      started();
      return reading as ReturnType<typeof read>;
    });
    try {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/assigned-tasks/${occurrence}/attachments`,
        headers: {
          ...operario,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + photo.length + 100),
        },
      });
      const closed = new Promise<void>((resolve) => {
        req.on('error', () => resolve());
        req.on('close', () => resolve());
      });
      req.write(head);
      req.write(photo.subarray(0, photo.length >> 1));
      await reached;
      req.destroy();
      await closed;
      // The server refuses what it read: the handler, which stores, never runs.
      await expect(reading).rejects.toMatchObject({ message: MESSAGES.validation.attachmentFileRequired });
    } finally {
      spy.mockRestore();
    }
    const rowsAfter: { n: number }[] = await t.ds.query('SELECT count(*)::int AS n FROM adjuntos');
    expect(rowsAfter[0].n).toBe(rowsBefore[0].n);
    expect(storedFiles().length).toBe(filesBefore);

    // A file nobody's row names (a crash between the write and the row) goes at the sweep.
    writeFileSync(`${t.config.uploadsDir}/00000000-0000-4000-8000-000000000000.jpg`, 'x');
    const service = t.app.get(AttachmentsService);
    expect(await service.sweepOrphans(new Date())).toBe(0); // younger than an hour: maybe an upload in progress
    const files = storedFiles().length;
    expect(await service.sweepOrphans(new Date(Date.now() + 2 * 3600_000))).toBe(1);
    expect(storedFiles().length).toBe(files - 1);
  });
  it('a description embeds an uploaded image: any signed-in person sees it, an unused one goes the next night', async () => {
    const image = await jpegWithGps(1200, 800);
    // Only those who write tasks upload description images, and only images.
    expectError(
      await t.http.post('/api/attachments/images').set(operario).attach('archivo', image, { filename: 'a.jpg', contentType: 'image/jpeg' }),
      403,
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    expectError(
      await t.http.post('/api/attachments/images').set(admin).attach('archivo', pdf, { filename: 'plano.pdf', contentType: 'application/pdf' }),
      415,
      e.attachmentImageOnly,
    );
    const uploadImage = async () => {
      const res = await t.http.post('/api/attachments/images').set(admin).attach('archivo', image, { filename: 'plano.jpg', contentType: 'image/jpeg' });
      expect(res.status).toBe(201);
      return parseWith(AttachmentResponseSchema, res.body);
    };
    const used = await uploadImage();
    const unused = await uploadImage();
    expect(used.url).toBe(`/api/attachments/${used.uuid}`);

    // The description names it by its path; the task saves and answers it as written.
    const descripcion = JSON.stringify([
      { type: 'paragraph', children: [{ text: 'Así debe quedar:' }] },
      { type: 'image', url: used.url, children: [{ text: '' }] },
    ]);
    const { task } = await taskWithChecklist('Barnizar puertas', []);
    const put = await t.http
      .put(`/api/tasks/${task.uuid}`)
      .set(admin)
      .send({
        titulo: task.titulo,
        descripcion,
        tipo_tarea_uuid: task.tipo_tarea_uuid,
        area_uuid: task.area_uuid,
        usuarios_asignados: [await userUuid(t, 'operario')],
      });
    expect(put.status).toBe(200);
    expect(parseWith(TaskResponseSchema, put.body).descripcion).toBe(descripcion);

    // An operario of another area sees it (the description is shown with any task), EXIF gone.
    const seen = await t.http.get(used.url).set(mlopez).buffer(true);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(seen.body as Buffer).metadata()).exif).toBeUndefined();

    // The next night: the unused one is gone (row and files), the used one stays.
    const service = t.app.get(AttachmentsService);
    const files = storedFiles().length;
    expect(await service.sweepDescriptionImages(new Date())).toBe(0);
    expect(await service.sweepDescriptionImages(new Date(Date.now() + 25 * 3600_000))).toBe(2); // file + thumbnail
    expect(storedFiles().length).toBe(files - 2);
    expectError(await t.http.get(unused.url).set(admin), 404);
    expect((await t.http.get(used.url).set(operario)).status).toBe(200);
  });
  it('reports carry the "Lista" column in every format; the PDF shows the photos only when asked', async () => {
    const { occurrence } = await taskWithChecklist('Revisar la lijadora de banda', [
      { texto: 'Foto de la banda', requiere_foto: true },
      { texto: 'Limpiar el polvo' },
    ]);
    const item = (await detail(occurrence)).checklist![0]!;
    const photo = parseWith(
      AttachmentResponseSchema,
      (await upload(occurrence, operario, await jpegWithGps(1600, 1200), 'banda.jpg', { checklist_item_uuid: item.uuid })).body,
    );
    expect((await tick(occurrence, item.uuid, operario, { hecho: true })).status).toBe(200);
    expect(photo.miniatura_url).not.toBeNull();

    const query = { title: 'lijadora de banda' };
    const list = await t.http.get('/api/reports').query(query).set(admin);
    expect(list.status).toBe(200);
    const [row] = parseWith(ReportResponseSchema, list.body).data;
    expect(row!.checklist_progreso).toEqual({ hechos: 1, total: 2 });

    const binary = (
      res: { on(e: string, cb: (c?: Buffer) => void): void },
      cb: (err: Error | null, body: Buffer) => void,
    ) => {
      const chunks: Buffer[] = [];
      res.on('data', (c?: Buffer) => c && chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    };
    const get = (format: string, extra: Record<string, string> = {}) =>
      t.http.get(`/api/reports/${format}`).query({ ...query, ...extra }).set(admin).buffer(true).parse(binary);
    const csv = (await get('csv')).body.toString('utf8');
    expect(csv).toContain('"Lista"');
    expect(csv).toContain('"1 de 2"');
    const book = XLSX.read((await get('xlsx')).body as Buffer, { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: '' });
    expect(aoa[1]![REPORT_EXPORT_COLUMNS.indexOf('Lista')]).toBe('1 de 2');

    const dir = mkdtempSync(join(tmpdir(), 'gestar-pdf-'));
    try {
      const imagesIn = async (extra: Record<string, string>) => {
        const res = await get('pdf', extra);
        expect(res.status).toBe(200);
        const file = join(dir, `r${Object.keys(extra).length}.pdf`);
        writeFileSync(file, res.body as Buffer);
        expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toMatch(/Lista[\s\S]*1 de 2/);
        // `pdfimages -list`: two heading lines, then one line per image.
        return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
      };
      expect(await imagesIn({})).toBe(0);
      expect(await imagesIn({ fotos: 'true' })).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expectError(await t.http.get('/api/reports/pdf').query({ ...query, fotos: 'quizás' }).set(admin), 400);
  });
});
