import { addDaysToCalendarDate, DEFAULT_NOTIFICATION_CHOICES } from '@gestar/contracts';
import { DEMO_PASSWORD } from '../../support/test-app';
import { Caller, fixtures, freeOrder, Ids, suffix, tomorrow, World } from './world';

/** What one call sends; `params` fill the route's `:name` segments. */
export interface Prepared {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface CaseContext {
  w: World;
  fx: ReturnType<typeof fixtures>;
  ids: Ids;
  caller: Caller;
  /** True for `supervisorOut`: the record lives in Logística, outside the supervisor's areas. */
  out: boolean;
  /** The caller's own user uuid (`null` for anonymous). */
  self: string | null;
}

/**
 * One route of the matrix. `prepare` builds a request that reaches the service
 * (real seeded ids, fresh records for destructive calls). `record` holds the
 * statuses the record-level rules decide (DECISIONS section 2, docs/DECISIONS.md)
 * for callers that pass the route's `access`; a caller it omits expects the
 * route's success status. For `authenticated` routes every logged-in caller is
 * listed explicitly.
 */
export interface MatrixCase {
  prepare(c: CaseContext): Promise<Prepared>;
  record?: Partial<Record<Exclude<Caller, 'anonymous'>, number>>;
  /** The call ends the session it is made with (logout): make it with a sign-in of its own. */
  freshToken?: boolean;
}

/** A calendar day no other case uses (each call a day later than the last). */
let calendarSeq = 0;
const calendarDay = (base: string) => addDaysToCalendarDate(base, ++calendarSeq);

const area = (c: CaseContext) => (c.out ? c.ids.areas.log : c.ids.areas.carp);
/** The seeded employee of the target area: operario (Carpintería) or jruiz (Logística). */
const employee = (c: CaseContext) => (c.out ? c.ids.users.jruiz : c.ids.users.operario);
const task = (c: CaseContext) => (c.out ? c.ids.tasks.entrega : c.ids.tasks.mesa);
const assigned = (c: CaseContext) => (c.out ? c.ids.assigned.entrega : c.ids.assigned.mesa);

/** Out of scope for the supervisor, nothing else differs. */
const scoped = { supervisorOut: 403 } as const;
/** A record only its own user (the operario, for the in-area target) reaches. */
const ownerOnly = { operario: 200, supervisorIn: 403, supervisorOut: 403, admin: 403, noPerm: 403 } as const;
/** "Anyone who may see the assigned task/task": the assignee, or a reader in scope. */
const seers = (ok: number) => ({ operario: ok, supervisorIn: ok, supervisorOut: 403, admin: ok, noPerm: 403 });
/** Self, or a user reader in scope (GET users/:id and the routes that follow its rule). */
const userRule = { operario: 200, supervisorIn: 200, supervisorOut: 403, admin: 200, noPerm: 403 } as const;
const everyone = (ok: number) => ({ operario: ok, supervisorIn: ok, supervisorOut: ok, admin: ok, noPerm: ok });

const none = async (): Promise<Prepared> => ({});
/** A new machine for a label case: in Logística for `supervisorOut`, else in Carpintería. */
const labelAsset = async (c: CaseContext): Promise<string> => {
  const codigo = `MAT-${suffix()}`;
  await c.w.t.ds.query(`INSERT INTO equipos (codigo, nombre, area_uuid) VALUES ($1, 'Sierra de la matriz', $2)`, [
    codigo,
    c.out ? c.ids.areas.log : c.ids.areas.carp,
  ]);
  return codigo;
};
/** A 1 x 1 PNG, the smallest image an upload accepts. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** An import file of one machine with a fresh code in `area` (by name). */
function importForm(area: string): FormData {
  const form = new FormData();
  const text = `codigo,nombre,area\nI-${suffix()},Importada,${area}\n`;
  form.append('archivo', new Blob([Buffer.from(text)], { type: 'text/csv' }), 'equipos.csv');
  return form;
}
/** No filter for in-scope callers; a filter on Logística for the supervisor outside it. */
const outFilter = (c: CaseContext, key: string): Record<string, string> => (c.out ? { [key]: c.ids.areas.log } : {});

/** A machine of the target area (inserted as the seed would). */
async function machine(c: CaseContext): Promise<string> {
  const [row] = (await c.w.t.ds.query(`INSERT INTO equipos (codigo, nombre, area_uuid) VALUES ($1, 'Equipo de la matriz', $2) RETURNING uuid`, [
    `MAT-${suffix()}`,
    area(c),
  ])) as { uuid: string }[];
  return row!.uuid;
}

/** A report by the target area's employee, pending unless `estado` says otherwise (an accepted one with its task done). */
async function report(c: CaseContext, opts: { equipo?: string; estado?: 'aceptada' } = {}): Promise<string> {
  const [row] = (await c.w.t.ds.query(
    `INSERT INTO solicitudes (equipo_uuid, area_uuid, descripcion, creado_por_uuid, estado) VALUES ($1, $2, 'Problema de la matriz', $3, $4) RETURNING uuid`,
    [opts.equipo ?? null, area(c), employee(c), opts.estado ?? 'pendiente'],
  )) as { uuid: string }[];
  if (opts.estado === 'aceptada') {
    await c.w.t.ds.query(`INSERT INTO solicitud_historial (solicitud_uuid, tipo) VALUES ($1, 'tarea_terminada')`, [row!.uuid]);
  }
  return row!.uuid;
}
/** The reporter (the operario for the in-area target) or who triages the area. */
const reportSeers = (ok: number) => ({ operario: ok, supervisorIn: ok, supervisorOut: 403, admin: ok, noPerm: 403 });

/** A fresh occurrence of the target area's employee (operario or jruiz), in the first status. */
async function timedOccurrence(c: CaseContext): Promise<string> {
  const tarea = await c.fx.task(area(c), employee(c));
  const [row] = (await c.w.t.ds.query(
    `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid) SELECT $1, $2, uuid FROM estados ORDER BY "order" LIMIT 1 RETURNING uuid`,
    [tarea, employee(c)],
  )) as { uuid: string }[];
  return row!.uuid;
}
/** The employee's timer running on a fresh occurrence (a timer running elsewhere is paused first). */
async function runningTimer(c: CaseContext): Promise<string> {
  const occ = await timedOccurrence(c);
  await c.w.t.ds.query(`UPDATE intervalos_tiempo SET fin = greatest(inicio, now()) WHERE usuario_uuid = $1 AND fin IS NULL`, [employee(c)]);
  await c.w.t.ds.query(`INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio) VALUES ($1, $2, now())`, [occ, employee(c)]);
  return occ;
}
/** A two-hour window in the past no other case uses (each a day earlier than the last). */
let windowSeq = 0;
const pastWindow = () => {
  const start = Date.now() - (++windowSeq + 1) * 24 * 3600_000;
  return { inicio: new Date(start).toISOString(), fin: new Date(start + 2 * 3600_000).toISOString() };
};
/** A closed interval of the employee; `auto`: paused automatically and not yet confirmed. */
async function timeEntry(c: CaseContext, auto = false): Promise<{ uuid: string; inicio: string }> {
  const w = pastWindow();
  const [row] = (await c.w.t.ds.query(
    auto
      ? `INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, pausa_automatica, confirmado, motivo)
         VALUES ($1, $2, $3, $4, 'pausa_automatica', 'fin_jornada', false, 'Pausado automáticamente') RETURNING uuid`
      : `INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, motivo)
         VALUES ($1, $2, $3, $4, 'manual', 'Cargado por la matriz') RETURNING uuid`,
    [await timedOccurrence(c), employee(c), w.inicio, w.fin],
  )) as { uuid: string }[];
  return { uuid: row!.uuid, inicio: w.inicio };
}
/** The timer is the assignee's own: every other caller is refused. */
const timerOwner = { supervisorIn: 403, supervisorOut: 403, admin: 403 } as const;

export const MATRIX: Record<string, MatrixCase> = {
  'GET /api/health': { prepare: none },
  'POST /api/auth/login': { prepare: async () => ({ body: { username: 'mlopez', password: DEMO_PASSWORD } }) },
  'POST /api/auth/refresh-token': {
    prepare: async (c) => ({ body: { refreshToken: await c.fx.refreshToken('mlopez') } }),
  },
  'POST /api/auth/logout': {
    freshToken: true,
    prepare: async (c) => ({ body: { refreshToken: await c.fx.refreshToken('mlopez') } }),
    record: everyone(200),
  },
  'GET /api/auth/sessions': { prepare: none, record: everyone(200) },
  // Any signed-in person says they are still at the screen (keeps a shared-device session alive).
  'POST /api/auth/activity': { prepare: none, record: everyone(200) },
  'GET /api/auth/providers': { prepare: none },
  // Without OpenID configured both send the browser back to the login screen.
  'GET /api/auth/oidc/start': { prepare: none },
  'GET /api/auth/oidc/callback': { prepare: none },
  // Ends the caller's other sign-ins; the matrix's own session is the current one and stays.
  'POST /api/auth/sessions/close-others': { prepare: none, record: everyone(200) },
  // Someone else's session is not found (its existence is not revealed).
  'DELETE /api/auth/sessions/:id': {
    prepare: async (c) => ({ params: { id: await c.fx.sessionOf('mlopez') } }),
    record: everyone(404),
  },

  'GET /api/users': { prepare: async (c) => ({ query: outFilter(c, 'area_uuid') }), record: scoped },
  'GET /api/users/:id/area-users': { prepare: async (c) => ({ params: { id: employee(c) } }), record: userRule },
  'GET /api/users/:id': { prepare: async (c) => ({ params: { id: employee(c) } }), record: userRule },
  'POST /api/users': {
    prepare: async (c) => ({
      body: {
        username: `nuevo_${suffix()}`,
        password: 'clave-segura-1',
        nombre: 'Nuevo',
        apellido: 'Usuario',
        rol_uuid: c.ids.roles.operario,
        usuario_areas_uuid: [area(c)],
      },
    }),
    record: scoped,
  },
  'PUT /api/users/:id': {
    prepare: async (c) => ({
      params: { id: await c.fx.user(area(c)) },
      body: { nombre: 'Editado', apellido: 'Matriz', rol_uuid: c.ids.roles.operario, usuario_areas_uuid: [area(c)] },
    }),
    record: scoped,
  },
  'DELETE /api/users/:id': { prepare: async (c) => ({ params: { id: await c.fx.user(area(c)) } }), record: scoped },
  // Company sign-in is off in this world: an administrator's link is refused at `proveedor` (400);
  // removing the link of a local user leaves it local (200).
  'PUT /api/users/:id/directory-link': {
    prepare: async (c) => ({ params: { id: employee(c) }, body: { proveedor: 'oidc', identificador: 'sub-matriz', gestiona_grupos: false } }),
    record: { admin: 400 },
  },
  'DELETE /api/users/:id/directory-link': { prepare: async (c) => ({ params: { id: employee(c) } }) },
  'POST /api/users/:id/change-password': {
    prepare: async (c) => ({
      params: { id: employee(c) },
      body: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
    }),
    record: ownerOnly,
  },
  'POST /api/job-description-user': {
    prepare: async (c) => ({
      body: { usuario_uuid: await c.fx.user(area(c)), descripcion_puesto_uuid: c.ids.jobPosition },
    }),
    record: scoped,
  },

  'GET /api/roles': { prepare: none },

  'GET /api/statuses': { prepare: none },
  'POST /api/statuses': {
    prepare: async () => ({
      body: { nombre: `Estado ${suffix()}`, descripcion: 'Creado por la matriz', order: freeOrder(), color: '#abcdef' },
    }),
  },
  'PUT /api/statuses/:id': {
    prepare: async (c) => ({
      params: { id: await c.fx.status() },
      body: { nombre: `Estado ${suffix()}`, descripcion: 'Editado', order: freeOrder(), color: '#ABCDEF' },
    }),
  },
  'DELETE /api/statuses/:id': { prepare: async (c) => ({ params: { id: await c.fx.status() } }) },

  'GET /api/areas': { prepare: none },
  'GET /api/areas/usuarios': { prepare: none },
  'GET /api/areas/user/:id': { prepare: async (c) => ({ params: { id: employee(c) } }), record: userRule },
  'GET /api/areas/:id': { prepare: async (c) => ({ params: { id: area(c) } }), record: scoped },
  'POST /api/areas': { prepare: async () => ({ body: { nombre: `Área ${suffix()}` } }) },
  'PUT /api/areas/:id': {
    prepare: async (c) => ({ params: { id: await c.fx.area() }, body: { nombre: `Área ${suffix()}` } }),
  },
  'DELETE /api/areas/:id': { prepare: async (c) => ({ params: { id: await c.fx.area() } }) },

  'GET /api/job-descriptions': { prepare: none },
  'GET /api/job-descriptions/:id': { prepare: async (c) => ({ params: { id: c.ids.jobPosition } }) },
  'POST /api/job-descriptions': {
    prepare: async () => ({ body: { nombre: `Puesto ${suffix()}`, descripcion: 'Creado por la matriz' } }),
  },
  'PUT /api/job-descriptions/:id': {
    prepare: async (c) => ({
      params: { id: await c.fx.jobPosition() },
      body: { nombre: `Puesto ${suffix()}`, descripcion: 'Editado' },
    }),
  },
  'DELETE /api/job-descriptions/:id': { prepare: async (c) => ({ params: { id: await c.fx.jobPosition() } }) },

  'GET /api/type-task': { prepare: none },
  'GET /api/type-task/:id': { prepare: async (c) => ({ params: { id: c.ids.taskType } }) },
  'POST /api/type-task': {
    prepare: async () => ({ body: { nombre: `Tipo ${suffix()}`, descripcion: 'Creado por la matriz' } }),
  },
  'PUT /api/type-task/:id': {
    prepare: async (c) => ({
      params: { id: await c.fx.taskType() },
      body: { nombre: `Tipo ${suffix()}`, descripcion: 'Editado' },
    }),
  },
  'DELETE /api/type-task/:id': { prepare: async (c) => ({ params: { id: await c.fx.taskType() } }) },

  'GET /api/tasks': { prepare: async (c) => ({ query: outFilter(c, 'area_uuid') }), record: scoped },
  'GET /api/tasks/:id': { prepare: async (c) => ({ params: { id: task(c) } }), record: scoped },
  'POST /api/tasks': {
    prepare: async (c) => ({
      body: {
        titulo: `Tarea ${suffix()}`,
        descripcion: 'Hecha por la matriz',
        tipo_tarea_uuid: c.ids.taskType,
        area_uuid: area(c),
        usuarios_asignados: [employee(c)],
        fecha_vencimiento: tomorrow(),
      },
    }),
    record: scoped,
  },
  'PUT /api/tasks/:id': {
    prepare: async (c) => ({
      params: { id: await c.fx.task(area(c), employee(c)) },
      body: {
        titulo: `Editada ${suffix()}`,
        tipo_tarea_uuid: c.ids.taskType,
        area_uuid: area(c),
        usuarios_asignados: [employee(c)],
      },
    }),
    record: scoped,
  },
  'DELETE /api/tasks/:id': {
    prepare: async (c) => ({ params: { id: await c.fx.task(area(c), employee(c)) } }),
    record: scoped,
  },
  'PATCH /api/tasks/:id/suggestion': {
    prepare: async (c) => ({ params: { id: task(c) }, body: { descripcion: 'Una sugerencia de la matriz' } }),
    record: seers(200),
  },
  'DELETE /api/tasks/:id/suggestion/:suggestionId': {
    prepare: async (c) => ({ params: { id: task(c), suggestionId: await c.fx.suggestion(task(c), employee(c)) } }),
    // Its author (the operario, for the in-area task) or update:task in the task's area.
    record: { operario: 200, supervisorIn: 200, supervisorOut: 403, admin: 200, noPerm: 403 },
  },

  'GET /api/assigned-tasks/:id': { prepare: async (c) => ({ params: { id: employee(c) } }), record: seers(200) },
  'POST /api/assigned-tasks': {
    prepare: async (c) => ({
      body: { tarea_uuid: task(c), usuarios_asignados: [employee(c)], fecha_vencimiento: tomorrow() },
    }),
    record: scoped,
  },
  'GET /api/assigned-tasks/:id/detail': {
    prepare: async (c) => ({ params: { id: assigned(c) } }),
    record: seers(200),
  },
  // Every caller gets 200: each task is checked as a single PUT would be, and a refused one is listed in `rechazadas`.
  'POST /api/assigned-tasks/bulk': {
    prepare: async (c) => ({ body: { ids: [assigned(c)], accion: 'estado', estado_uuid: c.ids.statuses.progreso } }),
    record: everyone(200),
  },
  'PUT /api/assigned-tasks/:id': {
    prepare: async (c) => ({ params: { id: assigned(c) }, body: { estado_uuid: c.ids.statuses.progreso } }),
    record: seers(200),
  },
  'PUT /api/assigned-tasks/:id/checklist/:itemId': {
    prepare: async (c) => ({
      params: { id: assigned(c), itemId: await c.fx.checklistItem(assigned(c)) },
      body: { hecho: true },
    }),
    record: seers(200),
  },
  'GET /api/assigned-tasks/:id/history': {
    prepare: async (c) => ({ params: { id: assigned(c) } }),
    record: seers(200),
  },
  'GET /api/assigned-tasks/:id/comments': {
    prepare: async (c) => ({ params: { id: assigned(c) } }),
    record: seers(200),
  },
  'POST /api/assigned-tasks/:id/comments': {
    prepare: async (c) => ({ params: { id: assigned(c) }, body: { texto: 'Comentario de la matriz' } }),
    record: seers(201),
  },
  'PUT /api/assigned-tasks/:id/comments/:commentId': {
    prepare: async (c) => ({
      params: { id: assigned(c), commentId: await c.fx.comment(assigned(c), employee(c)) },
      body: { texto: 'Editado por la matriz' },
    }),
    record: ownerOnly,
  },
  'DELETE /api/assigned-tasks/:id/comments/:commentId': {
    prepare: async (c) => ({ params: { id: assigned(c), commentId: await c.fx.comment(assigned(c), employee(c)) } }),
    record: ownerOnly,
  },
  'POST /api/assigned-tasks/:id/attachments': {
    prepare: async (c) => {
      const form = new FormData();
      form.append('archivo', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'matriz.pdf');
      return { params: { id: assigned(c) }, body: form };
    },
    record: seers(201),
  },
  'POST /api/attachments/images': {
    prepare: async () => {
      const form = new FormData();
      form.append('archivo', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'matriz.png');
      return { body: form };
    },
  },
  'GET /api/assigned-tasks/:id/attachments': {
    prepare: async (c) => ({ params: { id: assigned(c) } }),
    record: seers(200),
  },
  'GET /api/attachments/:id': {
    prepare: async (c) => ({ params: { id: await c.fx.attachment(assigned(c), employee(c)) } }),
    record: seers(200),
  },
  'GET /api/attachments/:id/miniatura': {
    prepare: async (c) => ({ params: { id: await c.fx.attachment(assigned(c), employee(c)) } }),
    record: seers(200),
  },
  // The uploader (the assignee here) or a reader of assigned tasks in scope.
  'DELETE /api/attachments/:id': {
    prepare: async (c) => ({ params: { id: await c.fx.attachment(assigned(c), employee(c)) } }),
    record: seers(200),
  },

  // Machines: read:asset sees every machine; writes only in the caller's areas (supervisorOut 403).
  'GET /api/assets': { prepare: none },
  'POST /api/assets/import/preview': {
    prepare: async (c) => ({ body: importForm(c.out ? 'Logística' : 'Carpintería') }),
  },
  // A row of an area outside the caller's: the import refuses the file with the row's error.
  'POST /api/assets/import': {
    prepare: async (c) => ({ body: importForm(c.out ? 'Logística' : 'Carpintería') }),
    record: { supervisorOut: 400 },
  },
  'GET /api/assets/:code': { prepare: async (c) => ({ params: { code: await c.fx.asset(area(c)) } }) },
  'POST /api/assets': {
    prepare: async (c) => ({ body: { codigo: `N-${suffix()}`, nombre: 'Nueva', area_uuid: area(c) } }),
    record: scoped,
  },
  'PUT /api/assets/:code': {
    prepare: async (c) => {
      const code = await c.fx.asset(area(c));
      return { params: { code }, body: { codigo: code, nombre: 'Editada', area_uuid: area(c) } };
    },
    record: scoped,
  },
  'DELETE /api/assets/:code': { prepare: async (c) => ({ params: { code: await c.fx.asset(area(c)) } }), record: scoped },
  'PUT /api/assets/:code/state': {
    prepare: async (c) => ({ params: { code: await c.fx.asset(area(c)) }, body: { estado: 'detenido', motivo: 'Matriz' } }),
    record: scoped,
  },
  'POST /api/assets/:code/attachments': {
    prepare: async (c) => {
      const form = new FormData();
      form.append('archivo', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'manual.pdf');
      return { params: { code: await c.fx.asset(area(c)) }, body: form };
    },
    record: scoped,
  },
  'DELETE /api/assets/:code/attachments/:documentId': {
    prepare: async (c) => {
      const code = await c.fx.asset(area(c));
      return { params: { code, documentId: await c.fx.assetDocument(code, c.ids.users.admin) } };
    },
    record: scoped,
  },
  // A supervisor prints the labels of the machines of their areas only.
  'GET /api/assets/labels.pdf': { prepare: async (c) => ({ query: { codes: await labelAsset(c) } }), record: scoped },
  'GET /api/assets/:code/label.png': { prepare: async (c) => ({ params: { code: await labelAsset(c) } }), record: scoped },

  'GET /api/scheduled-task': { prepare: none },
  'GET /api/calendar/non-working-days': { prepare: none },
  'POST /api/calendar/non-working-days': {
    prepare: async () => ({ body: { fecha: calendarDay('2090-01-01'), descripcion: 'Inventario' } }),
  },
  'POST /api/calendar/non-working-days/import': { prepare: async () => ({ body: { anio: 2089 } }) },
  'DELETE /api/calendar/non-working-days/:id': {
    prepare: async (c) => {
      const [row] = (await c.w.t.ds.query(`INSERT INTO dias_no_laborables (fecha, descripcion) VALUES ($1::date, 'Prueba') RETURNING uuid`, [
        calendarDay('2080-01-01'),
      ])) as { uuid: string }[];
      return { params: { id: row!.uuid } };
    },
  },
  'GET /api/scheduled-task/preview': { prepare: async () => ({ query: { regla: 'FREQ=WEEKLY;BYDAY=MO' } }) },
  'POST /api/scheduled-task': {
    prepare: async (c) => ({ body: { tarea_uuid: await c.fx.task(area(c), employee(c)), intervalo_repeticion: 7 } }),
    record: scoped,
  },
  'PUT /api/scheduled-task/:id': {
    prepare: async (c) => ({
      params: { id: await c.fx.schedule(area(c), employee(c)) },
      body: { intervalo_repeticion: 14 },
    }),
    record: scoped,
  },
  'DELETE /api/scheduled-task/:id': {
    prepare: async (c) => ({ params: { id: await c.fx.schedule(area(c), employee(c)) } }),
    record: scoped,
  },

  'GET /api/reports': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/stats': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/downtime': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/downtime/csv': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/flow': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/hours': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/hours/csv': { prepare: async (c) => ({ query: outFilter(c, 'area_uuids') }), record: scoped },
  'GET /api/reports/:format': {
    prepare: async (c) => ({ params: { format: 'csv' }, query: outFilter(c, 'area_uuids') }),
    record: scoped,
  },

  'POST /api/notifications/register-device': {
    prepare: async (c) => ({
      body: {
        token: `fcm-${suffix()}-${suffix()}`,
        usuario_uuid: c.out ? c.ids.users.jruiz : c.self,
        plataforma: 'web',
      },
    }),
    record: { operario: 201, supervisorIn: 201, supervisorOut: 403, admin: 201, noPerm: 201 },
  },
  'POST /api/notifications/send': {
    prepare: async (c) => ({ body: { usuario_uuid: employee(c), titulo: 'Aviso', mensaje: 'Mensaje de la matriz' } }),
    record: scoped,
  },
  'POST /api/notifications/send-mass': {
    prepare: async () => ({ body: { titulo: 'Aviso general', mensaje: 'Mensaje de la matriz' } }),
  },
  'GET /api/notifications/send-mass/recipients': { prepare: none },
  'GET /api/notifications': { prepare: none, record: everyone(200) },
  'GET /api/notifications/unread-count': { prepare: none, record: everyone(200) },
  'POST /api/notifications/read-all': { prepare: none, record: everyone(200) },
  'GET /api/notifications/preferences': { prepare: none, record: everyone(200) },
  'PUT /api/notifications/preferences': {
    prepare: async () => ({ body: { correo: null, avisos: DEFAULT_NOTIFICATION_CHOICES } }),
    record: everyone(200),
  },
  'GET /api/notifications/deliveries': { prepare: none },
  'POST /api/notifications/test': { prepare: async () => ({ body: { canal: 'app' } }) },
  'POST /api/notifications/:id/read': {
    // Someone else's notification answers 404 (its existence is not revealed).
    prepare: async (c) => ({ params: { id: await c.fx.notification(employee(c)) } }),
    record: { operario: 200, supervisorIn: 404, supervisorOut: 404, admin: 404, noPerm: 404 },
  },

  'GET /api/events': { prepare: none, record: everyone(200) },
  'POST /api/events/ticket': { prepare: none, record: everyone(200) },
  'GET /api/audit': { prepare: none },
  'GET /api/audit/export': { prepare: none },
  'GET /api/audit/jobs': { prepare: none },
  'GET /api/docs': { prepare: none },
  'GET /api/docs/openapi.json': { prepare: none },

  'POST /api/problem-reports': {
    prepare: async (c) => ({ body: { area_uuid: area(c), descripcion: 'Problema de la matriz', urgencia: 'baja' } }),
    record: everyone(201),
  },
  // The triage list: triage:problem-report in scope; `mias=true` is everyone's own list.
  'GET /api/problem-reports': {
    prepare: async (c) => ({ query: outFilter(c, 'area_uuid') }),
    record: { operario: 403, supervisorIn: 200, supervisorOut: 403, admin: 200, noPerm: 403 },
  },
  'GET /api/problem-reports/:id': { prepare: async (c) => ({ params: { id: await report(c) } }), record: reportSeers(200) },
  'POST /api/problem-reports/:id/attachments': {
    prepare: async (c) => {
      const form = new FormData();
      form.append('archivo', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'matriz.png');
      return { params: { id: await report(c) }, body: form };
    },
    record: reportSeers(201),
  },
  'POST /api/problem-reports/:id/accept': {
    prepare: async (c) => ({
      params: { id: await report(c) },
      body: { usuarios_asignados: [employee(c)], fecha_vencimiento: tomorrow() },
    }),
    record: scoped,
  },
  'POST /api/problem-reports/:id/merge': {
    prepare: async (c) => {
      const equipo = await machine(c);
      return { params: { id: await report(c, { equipo }) }, body: { en: await report(c, { equipo }) } };
    },
    record: scoped,
  },
  'POST /api/problem-reports/:id/reject': {
    prepare: async (c) => ({ params: { id: await report(c) }, body: { motivo: 'Rechazada por la matriz' } }),
    record: scoped,
  },
  'POST /api/problem-reports/:id/resolve': {
    prepare: async (c) => ({ params: { id: await report(c, { estado: 'aceptada' }) } }),
    record: scoped,
  },

  'GET /api/timesheet': { prepare: async (c) => ({ query: { usuario_uuid: employee(c) } }), record: scoped },
  'GET /api/timesheet/:format': {
    prepare: async (c) => ({ params: { format: 'csv' }, query: { usuario_uuid: employee(c) } }),
    record: scoped,
  },
  'GET /api/time-entries/current': { prepare: none },
  'GET /api/time-entries': {
    prepare: async (c) => ({ query: { usuario_uuid: employee(c) } }),
    record: scoped,
  },
  'POST /api/time-entries/start': {
    prepare: async (c) => ({ body: { tarea_asignada_uuid: await timedOccurrence(c) } }),
    record: timerOwner,
  },
  'POST /api/time-entries/resume': {
    prepare: async (c) => ({ body: { tarea_asignada_uuid: await timedOccurrence(c) } }),
    record: timerOwner,
  },
  'POST /api/time-entries/pause': {
    prepare: async (c) => ({ body: { tarea_asignada_uuid: await runningTimer(c) } }),
    record: timerOwner,
  },
  'POST /api/time-entries/finish': {
    prepare: async (c) => ({ body: { tarea_asignada_uuid: await runningTimer(c) } }),
    record: timerOwner,
  },
  // Own intervals (track:time), or manage:time-entries in the occurrence's area.
  'POST /api/time-entries': {
    prepare: async (c) => ({ body: { tarea_asignada_uuid: await timedOccurrence(c), ...pastWindow(), motivo: 'Cargado por la matriz' } }),
    record: scoped,
  },
  'PUT /api/time-entries/:id': {
    prepare: async (c) => {
      const e = await timeEntry(c);
      return { params: { id: e.uuid }, body: { inicio: new Date(Date.parse(e.inicio) + 600_000).toISOString(), motivo: 'Corregido por la matriz' } };
    },
    record: scoped,
  },
  'POST /api/time-entries/:id/confirm': {
    prepare: async (c) => ({ params: { id: (await timeEntry(c, true)).uuid } }),
    record: scoped,
  },
  // Shared terminals (issue 34). A person's token is no terminal credential: the `terminal` routes
  // answer 401 to every caller here (terminals.e2e-spec.ts covers the device's side).
  'POST /api/terminals': {
    prepare: async (c) => ({ body: { nombre: `Terminal ${suffix()}`, area_uuid: area(c) } }),
    record: scoped,
  },
  'GET /api/terminals': { prepare: async (c) => ({ query: outFilter(c, 'area_uuid') }) },
  'GET /api/terminals/current': { prepare: none },
  'GET /api/terminals/current/people': { prepare: none },
  'GET /api/terminals/current/wall': { prepare: none },
  'POST /api/terminals/current/wall/ticket': { prepare: none },
  'GET /api/terminals/current/wall/events': { prepare: async () => ({ query: { ticket: 'matriz' } }) },
  'POST /api/terminals/sign-in': { prepare: none },
  // A session that was not opened at a terminal is not a terminal session.
  'GET /api/terminals/session': { prepare: none, record: everyone(403) },
  'POST /api/terminals/session/end': { prepare: none, record: everyone(403) },
  'GET /api/terminals/pin': { prepare: none, record: everyone(200) },
  'PUT /api/terminals/pin': { prepare: async () => ({ body: { pin: '4817', contrasena_actual: DEMO_PASSWORD } }), record: everyone(200) },
  'PUT /api/terminals/people/:id/pin': { prepare: async (c) => ({ params: { id: employee(c) }, body: {} }) },
  'POST /api/terminals/people/:id/pin/unlock': { prepare: async (c) => ({ params: { id: employee(c) } }), record: scoped },
  'PUT /api/terminals/:id': {
    prepare: async (c) => ({ params: { id: await terminal(c) }, body: { nombre: `Renombrada ${suffix()}` } }),
    record: scoped,
  },
  'POST /api/terminals/:id/revoke': { prepare: async (c) => ({ params: { id: await terminal(c) } }), record: scoped },
};

/** A terminal of the target area (inserted as a registration would, with a throwaway credential hash). */
async function terminal(c: CaseContext): Promise<string> {
  const [row] = (await c.w.t.ds.query(
    `INSERT INTO terminales (nombre, area_uuid, token_hash) VALUES ('Terminal de la matriz', $1, encode(sha256(gen_random_uuid()::text::bytea), 'hex')) RETURNING uuid`,
    [area(c)],
  )) as { uuid: string }[];
  return row!.uuid;
}
