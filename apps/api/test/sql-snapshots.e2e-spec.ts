import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Db } from '../src/database/db';
import { sql, type Sql } from '../src/database/sql';
import { AuditRepository } from '../src/common/audit/audit.repository';
import { CatalogRepository } from '../src/common/catalog/catalog.repository';
import { IdempotencyRepository } from '../src/common/idempotency/idempotency.repository';
import { AREAS } from '../src/modules/areas/areas.catalog';
import { JOB_POSITIONS } from '../src/modules/job-positions/job-positions.catalog';
import { STATUSES } from '../src/modules/statuses/statuses.catalog';
import { TASK_TYPES } from '../src/modules/task-types/task-types.catalog';
import { AssignedTasksRepository } from '../src/modules/assigned-tasks/assigned-tasks.repository';
import { CommentsRepository } from '../src/modules/assigned-tasks/comments.repository';
import { AuthRepository } from '../src/modules/auth/auth.repository';
import { TerminalsRepository } from '../src/modules/terminals/terminals.repository';
import { EventsRepository } from '../src/modules/events/events.repository';
import { HealthRepository } from '../src/modules/health/health.repository';
import { DeliveriesRepository } from '../src/modules/notifications/deliveries.repository';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository';
import { RemindersRepository } from '../src/modules/reminders/reminders.repository';
import { ReportsRepository, type ReportWhere } from '../src/modules/reports/reports.repository';
import { DowntimeRepository, type DowntimeWhere } from '../src/modules/reports/downtime.repository';
import { AttachmentsRepository } from '../src/modules/attachments/attachments.repository';
import { AssetLabelsRepository } from '../src/modules/asset-labels/asset-labels.repository';
import { AreasRepository } from '../src/modules/areas/areas.repository';
import { AssetsRepository } from '../src/modules/assets/assets.repository';
import { AssetPageRepository } from '../src/modules/assets/asset-page.repository';
import { AssetImportRepository } from '../src/modules/assets/asset-import.repository';
import { CalendarRepository } from '../src/modules/calendar/calendar.repository';
import { RolesRepository } from '../src/modules/roles/roles.repository';
import { ScheduledTasksRepository } from '../src/modules/scheduled-tasks/scheduled-tasks.repository';
import { OidcRepository } from '../src/modules/sso/oidc.repository';
import { StatusesRepository } from '../src/modules/statuses/statuses.repository';
import { TasksRepository } from '../src/modules/tasks/tasks.repository';
import { UsersRepository } from '../src/modules/users/users.repository';
import { ProblemReportsRepository } from '../src/modules/problem-reports/problem-reports.repository';
import { TimeEntriesRepository } from '../src/modules/time-entries/time-entries.repository';
import { adminQuery, dropDatabase, uniqueName, urlForDatabase } from './setup/db';

/**
 * The SQL each repository method runs, with fixed arguments, kept in `apps/api/sql/<module>.sql`
 * (issue 32 §4, as immich's `@GenerateSql`): a review sees a query change as a diff of those files.
 * Each statement is also prepared (parsed and planned, not run) against the migrated schema, so a
 * statement naming a column a migration renamed fails here. `UPDATE_SQL_SNAPSHOTS=1` rewrites the files.
 */

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const AT = new Date('2026-01-02T03:04:05.000Z');

/** The arguments of every public method of a repository: the typecheck fails when a method has none here. */
type Calls<R> = {
  [K in keyof R as R[K] extends (...args: never[]) => unknown ? K : never]: R[K] extends (...args: infer P) => unknown
    ? P
    : never;
};

/**
 * Stands for any row the database would answer: every field reads as a uuid, so a method goes on
 * to its next statement as it would with a row found.
 */
const ROW: Record<string, unknown> = new Proxy(
  {},
  // `cells`: a statement's rows aggregated into one JSON array (the downtime report's).
  { get: (_t, p) => (p === 'cells' ? [] : typeof p === 'string' && p !== 'then' ? U1 : undefined) },
);

interface Captured {
  text: string;
  values: unknown[];
}

/** A `Db` that records each statement instead of sending it, answering one row of `ROW`. */
function recordingDb(into: Captured[]): Db {
  const record = async (statement: Sql) => {
    into.push(statement.toQuery());
  };
  const fake = {
    query: async (s: Sql) => (await record(s), [ROW]),
    one: async (s: Sql) => (await record(s), ROW),
    execute: async (s: Sql) => (await record(s), 1),
    session: async () => ({
      query: async (s: Sql) => (await record(s), [ROW]),
      begin: async () => undefined,
      commit: async () => undefined,
      release: async () => undefined,
    }),
    inTransaction: true,
  };
  return fake as unknown as Db;
}

const SCHEDULE = {
  tarea_uuid: U1,
  intervalo_repeticion: 1,
  regla: 'FREQ=WEEKLY;BYDAY=MO',
  inicio: '2026-01-05',
  fin: null,
  repeticiones: null,
  dias_no_laborables: 'siguiente_habil' as const,
  anticipacion_dias: 0,
  proxima_ejecucion: '2026-01-05',
  activo: true,
  dias_vencimiento: 0,
};

const users: Calls<UsersRepository> = {
  findOne: [U1],
  list: [{ page: 2, limit: 20, nameTerms: ['ana'], username: 'ana', areaUuid: U1, activo: true, scopeAreas: [U1, U2] }],
  activeUsersOfAreas: [[U1]],
  rolePermissions: [U1],
  existingAreas: [[U1, U2]],
  jobPositionExists: [U1],
  usernameTaken: ['ana'],
  insert: [
    {
      username: 'ana',
      password_hash: 'h',
      nombre: 'Ana',
      apellido: 'Pérez',
      rol_uuid: U1,
      descripcion_puesto_uuid: null,
    },
  ],
  update: [U1, { nombre: 'Ana', apellido: 'Pérez', rol_uuid: U1, descripcion_puesto_uuid: U2, activo: true }],
  replaceAreas: [U1, [U1, U2]],
  setJobPosition: [U1, U2],
  deactivate: [U1],
  lock: [U1],
  passwordHash: [U1],
  setPasswordHash: [U1, 'h'],
  findByDirectoryKey: ['oidc', 'https://idp.example', ['sub-1']],
  usernameHolder: ['ana'],
  applyDirectoryProfile: [U1, { emisor: 'https://idp.example', externoId: 'sub-1', nombre: 'Ana', apellido: 'Pérez' }],
  setRole: [U1, U2],
  linkDirectory: [U1, { origen: 'ldap', emisor: null, externoId: 'uid=ana', gestiona: true }],
  unlinkDirectory: [U1],
  activeAdministratorsLocked: [['usuarios:gestionar']],
  roleUuidByName: ['Administrador'],
  areaUuidsByNames: [['Carpintería']],
  insertFromDirectory: [
    {
      username: 'ana',
      nombre: 'Ana',
      apellido: 'Pérez',
      rol_uuid: U1,
      origen: 'oidc',
      password_hash: 'h',
      externo_emisor: 'https://idp.example',
      externo_id: 'sub-1',
    },
  ],
};

const areas: Calls<AreasRepository> = {
  all: [[U1]],
  activeUsersOf: [[U1, U2]],
  userExists: [U1],
  ofUser: [U1],
};

const roles: Calls<RolesRepository> = { all: [] };

const statuses: Calls<StatusesRepository> = { lockWithFinished: [U1], inUse: [U1] };

const oidc: Calls<OidcRepository> = {
  insert: ['estado', 'nonce', 'verificador', '/tablero', true, 600],
  take: ['estado'],
};

const calendar: Calls<CalendarRepository> = {
  ofYear: [2026],
  datesBetween: ['2026-01-01', '2026-01-31'],
  insert: ['2026-05-01', 'Día del Trabajador', U1],
  holidayYears: [],
  namesOf: [['2026-01-01', '2026-01-04']],
  insertHolidayYearOnce: [2026, 'AR', [{ fecha: '2026-05-01', descripcion: 'Día del Trabajador' }]],
  insertHolidaysByHand: [2026, 'AR', [{ fecha: '2026-05-01', descripcion: 'Día del Trabajador' }], U1],
  delete: [U1],
};

const tasks: Calls<TasksRepository> = {
  page: [{ areas: [U1], titulo: 'limpieza', areaUuid: U1, userUuid: U2, activo: true, page: 2, limit: 20 }],
  findOne: [U1],
  findRow: [U1, true],
  referencesExist: [U1, U2],
  insertTask: [{ titulo: 'Limpieza', descripcion: '', tipoTareaUuid: U1, areaUuid: U2, creadoPor: U1 }],
  updateTask: [U1, { titulo: 'Limpieza', descripcion: 'texto', tipoTareaUuid: U1, areaUuid: U2, activo: true }],
  setDefaultAssignees: [U1, [U1, U2]],
  addDefaultAssignees: [U1, [U2]],
  setChecklist: [U1, [{ texto: 'Paso', requiere_foto: true, requiere_nota: false }]],
  addChecklist: [U1, [{ texto: 'Paso', requiere_foto: false, requiere_nota: true }]],
  hasOccurrences: [U1],
  deactivate: [U1],
  deleteTask: [U1],
  firstTaskType: [],
  isAssignedTo: [U1, U2],
  openOccurrenceEmployees: [U1],
  findSuggestion: [U1, U2],
  insertSuggestion: [U1, U2, 'Sugerencia'],
  updateSuggestion: [U1, 'Sugerencia'],
  deleteSuggestion: [U1],
};

const scheduledTasks: Calls<ScheduledTasksRepository> = {
  page: [[U1], { page: 2, limit: 20 }],
  findOne: [U1],
  lock: [U1],
  findTask: [U1],
  scheduleOfTask: [U1],
  insert: [SCHEDULE],
  update: [U1, SCHEDULE],
  delete: [U1],
  deleteOfTask: [U1],
  deactivateOfTask: [U1],
  claimDue: ['2026-01-05', 100],
  advance: [[{ uuid: U1, next: '2026-01-12', generated: 2, dates: 1, ends: false }], AT],
};

const attachments: Calls<AttachmentsRepository> = {
  ofOccurrence: [U1],
  ofReport: [U1],
  countOfReport: [U1],
  reportOf: [U1],
  find: [U1],
  count: [U1],
  countOfAsset: [U1],
  photosOfItem: [U1],
  areasShowingImage: [U1],
  insert: [
    {
      uuid: U1,
      tareaAsignadaUuid: U2,
      checklistItemUuid: null,
      comentarioUuid: null,
      nombre: 'foto.jpg',
      tipo: 'image/jpeg',
      tamano: 1024,
      clave: 'a/b.jpg',
      miniaturaClave: 'a/b.webp',
      creadoPor: U1,
    },
  ],
  deleteUnusedDescriptionImages: [AT],
  thumbnailsOf: [[U1, U2], 4],
  delete: [U1],
  knownKeys: [['a/b.jpg']],
  itemOf: [U1, U2],
  commentOf: [U1, U2],
};

const ASSET = {
  codigo: 'SIE-01',
  nombre: 'Sierra circular',
  area_uuid: U1,
  padre_uuid: U2,
  fabricante: 'Altendorf',
  modelo: 'F45',
  numero_serie: 'A-123',
};

const assets: Calls<AssetsRepository> = {
  findByCode: ['SIE-01'],
  findByUuid: [U1],
  page: [{ areas: [U1], q: 'sierra', areaUuid: U1, estado: 'detenido', page: 2, limit: 20 }],
  lockForState: [U1],
  moveState: [{ equipoUuid: U1, estado: 'detenido', desde: AT, motivo: 'Atasco', solicitudUuid: U2, porUuid: U1 }],
  insert: [ASSET, U1],
  update: [U1, ASSET],
  remove: [U1],
  inUse: [U1],
  ancestors: [U1],
  areaExists: [U1],
  setPhoto: [U1, U2],
};

const assetPages: Calls<AssetPageRepository> = { parts: [U1, AT] };

const assetImports: Calls<AssetImportRepository> = {
  areas: [],
  existing: [['SIE-01', 'LIN-01']],
  insertAll: [[{ codigo: 'CAN-01', nombre: 'Canteadora', area_uuid: U1, padre: 'LIN-01', fabricante: null, modelo: null, numero_serie: null }], U1],
};

const assignedTasks: Calls<AssignedTasksRepository> = {
  board: [{ onlyEmployee: U1, scopeAreas: [U1], caller: U1, areas: [U1, U2], users: [U2] }],
  findCards: [[U1, U2]],
  findCard: [U1],
  findAccessRow: [U1, true],
  lockAccessRows: [[U1, U2]],
  statuses: [],
  firstStatus: [],
  insertOccurrences: [
    [{ tareaUuid: U1, empleadoUuid: U2, estadoUuid: U1, fechaVencimiento: '2026-01-09', asignadoPor: U1 }],
  ],
  insertScheduledOccurrences: [
    [{ programacion_uuid: U1, fecha_ocurrencia: '2026-01-05', fecha_vencimiento: '2026-01-09' }],
    U2,
    AT,
    'Asignada por la programación',
  ],
  addHistory: [[{ tareaAsignadaUuid: U1, tipo: 'estado', detalle: 'Estado: Hecho', usuarioUuid: U2 }]],
  history: [U1],
  syncCompletionOfStatus: [U1, true],
  setStatus: [U1, U2, true, AT],
  setDueDate: [U1, '2026-01-09'],
  setAssignee: [U1, U2],
  archive: [U1, 4, 'Bien'],
  unarchive: [U1],
  checklist: [U1],
  findChecklistItem: [U1, U2],
  setChecklistItem: [U2, true, 'nota', U1],
  pendingChecklistItems: [U1],
  activeUsersOfArea: [[U1, U2], U1],
  findTask: [U1],
  taskTitles: [[U1, U2]],
};

const comments: Calls<CommentsRepository> = {
  page: [U1, 20, { fecha_creacion: AT, uuid: U2 }],
  find: [U1, U2],
  insert: [U1, U2, 'Comentario'],
  update: [U1, 'Comentario'],
  remove: [U1],
};

const terminals: Calls<TerminalsRepository> = {
  insert: ['Tablet', U1, 2, 'hash', U2],
  find: [U1],
  list: [[U1], U2, false, 1, 10],
  update: [U1, 'Tablet', 3],
  revoke: [U1, U2],
  areaName: [U1],
  people: [U1, 'osc', 1, 10],
  signInPerson: [U1, U2],
  person: [U1],
  sessionStart: [U1],
  pin: [U1],
  setPin: [U1, 'hash'],
  clearPin: [U1],
  wall: [U1, AT, AT],
};

const auth: Calls<AuthRepository> = {
  loginUser: ['ana'],
  sessionUser: [U1],
  tokenUser: [U1],
  reserveAttempt: ['ana', '10.0.0.1', 5, 15],
  releaseAttempt: ['1'],
  blockedSeconds: ['operario', '10.0.0.1', 10, 15],
  clearFailedLogins: ['ana', '10.0.0.1'],
  accountUuid: ['ana'],
  insertRefreshToken: [U1, U2, 'hash', 7],
  lockRefreshToken: ['hash'],
  refreshTokenState: [U1],
  markRotated: [U1, U2],
  revokeFamilyOfToken: ['hash', U1],
  insertSession: [U1, U2, 'Firefox', '10.0.0.1', 7, 5],
  setSessionIdToken: [U1, 'id-token'],
  takeSessionIdToken: [U1],
  sessionIdle: [U1],
  touchSession: [U1, 7],
  openSessionsOf: [U1],
  closeSessions: [U1, 'otro_dispositivo', { except: U2 }],
  attemptsHeld: ['#pin:x', 15],
  insertTerminalSession: [U1, U2, U2, 'hash', 'Firefox', '10.0.0.1', 12, 24],
  closeTerminalSessions: [U1, 'terminal_revocada'],
  endReasonOfToken: ['hash'],
  prune: [],
};

const audit: Calls<AuditRepository> = {
  insert: [
    { actorUuid: U1, accion: 'crear', recurso: 'usuario', recursoUuid: U2, detalle: { nombre: 'Ana' }, ip: '10.0.0.1' },
  ],
  insertOrCountRefusal: [
    { actorUuid: U1, accion: 'crear', recurso: 'usuario', detalle: { metodo: 'POST', ruta: '/api/users' } },
    60,
  ],
  page: [
    { actorUuid: U1, accion: 'crear', recurso: 'usuario', from: AT, to: AT },
    { page: 2, limit: 20 },
  ],
  all: [{ recurso: 'area' }, 1000],
  prune: [365],
};

const notifications: Calls<NotificationsRepository> = {
  upsertDevice: [U1, 'token', 'android'],
  tokensByUser: [[U1, U2]],
  deleteTokens: [['token']],
  findRecipient: [U1],
  activeUsers: [[U1]],
  activeAmong: [[U1, U2]],
  insertMany: [[U1, U2], { titulo: 'Aviso', mensaje: 'Texto', enviadoPor: U1, tipo: 'mensaje' }],
  insertEach: [
    [
      {
        usuarioUuid: U1,
        titulo: 'Aviso',
        mensaje: 'Texto',
        enviadoPor: null,
        tareaAsignadaUuid: U2,
        tipo: 'asignacion',
      },
    ],
    true,
  ],
  inbox: [U1, { page: 2, limit: 20, leida: false }],
  unreadCount: [U1],
  markRead: [U1, U2],
  markAllRead: [U1],
};

const PREFERENCES = {
  usuario_uuid: U1,
  correo: 'ana@example.com',
  push: ['mensaje' as const],
  email: ['resumen' as const],
  silencio_desde: '22:00',
  silencio_hasta: '07:00',
};

const deliveries: Calls<DeliveriesRepository> = {
  preferencesOf: [[U1]],
  savePreferences: [PREFERENCES],
  setAddress: [PREFERENCES],
  insertMany: [
    [
      {
        notificacionUuid: U1,
        usuarioUuid: U2,
        canal: 'email',
        estado: 'pendiente',
        motivo: null,
        destino: 'ana@example.com',
        proximoIntento: AT,
        intentos: 0,
      },
    ],
  ],
  claimMail: [AT, 10],
  settleMail: [U1, { estado: 'fallida', motivo: 'SMTP 451', proximoIntento: AT }],
  find: [U1],
  page: [
    { canal: 'email', estado: 'fallida', usuarioUuid: U1, from: AT, to: AT },
    { page: 2, limit: 20 },
  ],
};

const reminders: Calls<RemindersRepository> = {
  claimForAssignees: ['vence_hoy', sql`ta.fecha_vencimiento = ${'2026-01-05'}::date`],
  claimEscalations: [sql`ta.fecha_vencimiento < ${'2026-01-05'}::date`],
  claimDigests: ['2026-01-05'],
  prune: [30],
};

const events: Calls<EventsRepository> = {
  notify: [['{"tipo":"tarea"}']],
  // LISTEN runs on a client of its own, outside the Db: nothing to record.
  listen: [{ query: async () => undefined } as unknown as Parameters<EventsRepository['listen']>[0]],
  streamHolders: [[U1, U2]],
};

const health: Calls<HealthRepository> = { ping: [] };

const idempotency: Calls<IdempotencyRepository> = {
  claim: [U1, 'clave', 'huella', 24],
  find: [U1, 'clave'],
  reclaimStale: [U1, 'clave', 'huella', 120],
  complete: [U1, 'clave', 201, { uuid: U2 }],
  prune: [],
};

/** The catalogs share one repository: it is recorded with each catalog's table. */
const catalog: Calls<CatalogRepository<{ uuid: string; nombre: string }>> = {
  list: [{ page: 2, limit: 20, nombre: 'carp', scope: [U1] }],
  findOne: [U1],
  // Every field of the catalog's record reads as a uuid.
  insert: [ROW as { nombre: string }],
  update: [U1, ROW as { nombre: string }],
  lock: [U1],
  inUse: [U1],
  delete: [U1],
};

/** A catalog's repository, as `catalogProvider` builds it. */
function catalogOf(
  definition: ConstructorParameters<typeof CatalogRepository>[1] & { name: string },
): new (db: Db) => object {
  const repo = class extends CatalogRepository<{ uuid: string }> {
    constructor(db: Db) {
      super(db, definition);
    }
  };
  return Object.defineProperty(repo, 'name', { value: `CatalogRepository(${definition.name})` });
}

const REPORT: ReportWhere = {
  scopeAreas: [U1],
  statusUuids: [U1],
  areaUuids: [U1],
  employeeUuids: [U2],
  from: AT,
  to: AT,
  fromDate: '2026-01-01',
  toDate: '2026-02-01',
  timeZone: 'America/Argentina/Buenos_Aires',
};

const reports: Calls<ReportsRepository> = {
  tasksTitled: ['limpieza'],
  count: [REPORT],
  page: [REPORT, 50, 100],
  batches: [REPORT, 500],
  exportBatches: [REPORT, 500],
  areaStatusCounts: [{ ...REPORT, titleTaskUuids: [U1] }, '2026-01-05'],
  employeeCounts: [REPORT],
  namesOf: ['estados', [U1]],
  employeeNamesOf: [[U1]],
};

const DOWNTIME: DowntimeWhere = {
  scopeAreas: [U1],
  areaUuids: [U2],
  from: AT,
  to: AT,
  end: AT,
  today: '2026-01-05',
  timeZone: 'America/Argentina/Buenos_Aires',
};

const downtime: Calls<DowntimeRepository> = {
  machines: [DOWNTIME],
  buckets: [DOWNTIME, [U1], ['2026-01-01', '2026-01-02'], 1],
};

const assetLabels: Calls<AssetLabelsRepository> = { byCodes: [['SIE-01', 'cnc-2']] };

const problemReports: Calls<ProblemReportsRepository> = {
  page: [{ areas: [U1], creadoPor: U2, estado: 'pendiente', areaUuid: U1, equipo: 'SIE-01' }, { page: 2, limit: 20 }],
  find: [U1],
  lock: [U1],
  lockPair: [U1, U2],
  lockMachine: [U1],
  exists: [U1],
  insert: [{ uuid: U1, equipoUuid: U2, areaUuid: U1, descripcion: 'Se trabó', equipoDetenido: true, urgencia: 'alta', creadoPor: U1 }],
  addStep: [[U1, U2], 'aceptada', 'Reparar', U1],
  steps: [U1],
  accept: [U1, U2, U1],
  merge: [U1, U2, U1],
  markStopped: [U1],
  reject: [U1, 'Duplicada', U1],
  resolve: [U1],
  mergedInto: [U1],
  otherStoppedReport: [U1, U2],
  finishedBy: [U1],
  triagersOf: [U1],
  areaExists: [U1],
};

const DEVICE = { device: AT, skewMs: -7200000 };
const timeEntries: Calls<TimeEntriesRepository> = {
  occurrence: [U1],
  statusCategory: [U1],
  pauseOther: [U1, U2, AT, DEVICE],
  startOnce: [U1, U2, AT, DEVICE],
  pause: [U1, U2, AT, { device: null, skewMs: null }],
  running: [U1],
  insertManual: [{ tareaAsignadaUuid: U1, usuarioUuid: U2, inicio: AT, fin: AT, motivo: 'Olvidé iniciarlo', creadoPor: U1 }],
  lock: [U1],
  correct: [U1, { inicio: AT, fin: AT, motivo: 'Terminé antes', by: U2, at: AT }],
  confirm: [U1],
  find: [U1],
  page: [{ page: 2, limit: 20, usuarioUuid: U1, tareaAsignadaUuid: U2, areas: [U1], desde: '2026-01-01T00:00:00Z', hasta: '2026-02-01T00:00:00Z', sinConfirmar: true }],
  totals: [{ page: 1, limit: 20, usuarioUuid: U1, areas: null }, AT],
  runningBefore: [AT, 500],
  autoPause: [[{ uuid: U1, fin: AT, reason: 'fin_jornada', motivo: 'Pausado automáticamente al terminar la jornada' }]],
  unasked: [500],
  claimAsked: [[U1, U2], AT],
};

/** Module -> its repositories, each with the arguments of its methods. */
const MODULES: Record<string, [new (db: Db) => object, Record<string, unknown[]>][]> = {
  'asset-labels': [[AssetLabelsRepository, assetLabels]],
  areas: [
    [AreasRepository, areas],
    [catalogOf(AREAS), catalog],
  ],
  'assigned-tasks': [
    [AssignedTasksRepository, assignedTasks],
    [CommentsRepository, comments],
  ],
  audit: [[AuditRepository, audit]],
  auth: [[AuthRepository, auth]],
  events: [[EventsRepository, events]],
  health: [[HealthRepository, health]],
  idempotency: [[IdempotencyRepository, idempotency]],
  'job-positions': [[catalogOf(JOB_POSITIONS), catalog]],
  notifications: [
    [NotificationsRepository, notifications],
    [DeliveriesRepository, deliveries],
  ],
  reminders: [[RemindersRepository, reminders]],
  reports: [
    [ReportsRepository, reports],
    [DowntimeRepository, downtime],
  ],
  attachments: [[AttachmentsRepository, attachments]],
  assets: [
    [AssetsRepository, assets],
    [AssetPageRepository, assetPages],
    [AssetImportRepository, assetImports],
  ],
  calendar: [[CalendarRepository, calendar]],
  roles: [[RolesRepository, roles]],
  'scheduled-tasks': [[ScheduledTasksRepository, scheduledTasks]],
  sso: [[OidcRepository, oidc]],
  statuses: [
    [StatusesRepository, statuses],
    [catalogOf(STATUSES), catalog],
  ],
  'task-types': [[catalogOf(TASK_TYPES), catalog]],
  tasks: [[TasksRepository, tasks]],
  users: [[UsersRepository, users]],
  'problem-reports': [[ProblemReportsRepository, problemReports]],
  'time-entries': [[TimeEntriesRepository, timeEntries]],
  terminals: [[TerminalsRepository, terminals]],
};

const DIR = join(__dirname, '..', 'sql');
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|VALUES)\b/i;

/** One statement's text as kept: trailing spaces off, the common indentation removed. */
function tidy(text: string): string {
  const lines = text.split('\n').map((l) => l.trimEnd());
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const depth = (l: string) => l.length - l.trimStart().length;
  // A statement that starts on the template's first line has no indentation there: the others set it.
  const counted = (depth(lines[0]) > 0 ? lines : lines.slice(1)).filter((l) => l !== '');
  const indent = counted.length ? Math.min(...counted.map(depth)) : 0;
  return [lines[0].trimStart(), ...lines.slice(1).map((l) => l.slice(Math.min(indent, depth(l))))].join('\n');
}

async function snapshot(module: string, validate: (text: string, where: string) => Promise<void>): Promise<string> {
  const out = [
    `-- Generated by test/sql-snapshots.e2e-spec.ts (UPDATE_SQL_SNAPSHOTS=1): the statements each method of the`,
    `-- ${module} repositories runs with fixed arguments, in order. Do not edit.`,
  ];
  for (const [Repo, calls] of MODULES[module]) {
    const methods: string[] = [];
    for (let p = Repo.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      methods.push(...Object.getOwnPropertyNames(p).filter((m) => m !== 'constructor' && !methods.includes(m)));
    }
    methods.sort();
    for (const method of methods) {
      const args = calls[method];
      if (!args) continue; // private helpers run through the public methods that call them
      const captured: Captured[] = [];
      const repo = new Repo(recordingDb(captured)) as Record<string, (...a: unknown[]) => unknown>;
      const result = repo[method](...args);
      if (result && typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
        for await (const batch of result as AsyncIterable<unknown>) void batch;
      } else await result;
      out.push('', `-- ${Repo.name}.${method}`);
      if (captured.length === 0) out.push('-- (no statement)');
      for (const { text, values } of captured) {
        if (values.length) out.push(`-- ${JSON.stringify(values)}`);
        out.push(`${tidy(text)};`);
        if (PREPARABLE.test(text)) await validate(text, `${Repo.name}.${method}`);
      }
    }
  }
  return out.join('\n') + '\n';
}

describe('SQL snapshots: apps/api/sql/<module>.sql', () => {
  let client: Client;
  let name: string;

  beforeAll(async () => {
    const template = process.env.GESTAR_TEMPLATE_DB;
    if (!template) throw new Error('GESTAR_TEMPLATE_DB no definido: falta el globalSetup de jest');
    name = uniqueName('gestar_sql');
    await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    client = new Client({ connectionString: urlForDatabase(name) });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    if (name) await dropDatabase(name);
  });

  /** Parses and plans the statement against the migrated schema without running it. */
  const validate = async (text: string, where: string) => {
    try {
      await client.query(`PREPARE snapshot_check AS ${text}`);
      await client.query('DEALLOCATE snapshot_check');
    } catch (err) {
      throw new Error(`${where}: PostgreSQL rechaza la sentencia contra el esquema migrado: ${(err as Error).message}`);
    }
  };

  it.each(Object.keys(MODULES))('%s', async (module) => {
    const generated = await snapshot(module, validate);
    const file = join(DIR, `${module}.sql`);
    if (process.env.UPDATE_SQL_SNAPSHOTS === '1') {
      mkdirSync(DIR, { recursive: true });
      writeFileSync(file, generated);
      return;
    }
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`falta sql/${module}.sql: ejecute este test con UPDATE_SQL_SNAPSHOTS=1 y confirme el archivo`);
    }
    if (committed !== generated) {
      const a = committed.split('\n');
      const b = generated.split('\n');
      const i = a.findIndex((l, n) => l !== b[n]);
      const at = i < 0 ? a.length : i;
      throw new Error(
        `sql/${module}.sql no corresponde a las sentencias de sus repositorios (línea ${at + 1}):\n  confirmado: ${a[at] ?? '(fin)'}\n  generado:   ${b[at] ?? '(fin)'}\n` +
          'Si el cambio es el buscado, ejecute este test con UPDATE_SQL_SNAPSHOTS=1 y confirme el archivo.',
      );
    }
  });
});
