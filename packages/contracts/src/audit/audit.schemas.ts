import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PageQuerySchema, pagedResponseSchema, UuidSchema } from '../common/common.schemas';
import { calendarDateIn } from '../common/dates';
import { blankToUndefined, optionalDate, queryUuid } from '../common/fields';
import { TYPED_USERNAME_MAX } from '../constants';

const v = MESSAGES.validation;

/** What an audit entry records (DECISIONS.md, "Audit log"), each with its Spanish label: the list is its keys. */
export const AUDIT_ACTION_LABELS = {
  crear: 'Creación',
  editar: 'Edición',
  eliminar: 'Eliminación',
  desactivar: 'Desactivación',
  reactivar: 'Reactivación',
  archivar: 'Archivo y calificación',
  ingresar: 'Inicio de sesión',
  ingreso_fallido: 'Inicio de sesión fallido',
  cerrar_sesion: 'Cierre de sesión',
  accion_masiva: 'Acción masiva',
  notificar: 'Notificación enviada',
  exportar: 'Exportación',
  rechazado: 'Acceso rechazado',
  contrasena_incorrecta: 'Contraseña actual incorrecta',
  bloqueo: 'Bloqueo por intentos fallidos',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** On what. */
export const AUDIT_RESOURCES = [
  'usuario',
  'rol',
  'area',
  'estado',
  'tipo_tarea',
  'puesto',
  'tarea',
  'programacion',
  'tarea_asignada',
  'equipo',
  'sesion',
  'notificacion',
  'informe',
  'auditoria',
  'ruta',
  'solicitud',
  'intervalo_tiempo',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

export const AUDIT_RESOURCE_LABELS: Record<AuditResource, string> = {
  usuario: 'Usuario',
  rol: 'Rol',
  area: 'Área',
  estado: 'Estado',
  tipo_tarea: 'Tipo de tarea',
  puesto: 'Puesto de trabajo',
  tarea: 'Tarea',
  programacion: 'Programación',
  tarea_asignada: 'Tarea asignada',
  equipo: 'Equipo',
  sesion: 'Sesión',
  notificacion: 'Notificación',
  informe: 'Informe',
  auditoria: 'Auditoría',
  ruta: 'Ruta',
  solicitud: 'Solicitud',
  intervalo_tiempo: 'Intervalo de tiempo',
};

const auditFilterShape = {
  actor_uuid: queryUuid(),
  accion: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS, { error: v.invalidOption }).optional()),
  recurso: z.preprocess(blankToUndefined, z.enum(AUDIT_RESOURCES, { error: v.invalidOption }).optional()),
  /** One record's history: every entry about it (a user's edits, failed sign-ins and notifications; a task's changes). */
  recurso_uuid: queryUuid(),
  desde: optionalDate(),
  hasta: optionalDate(),
};

function checkRange(data: { desde?: string; hasta?: string }, ctx: z.RefinementCtx): void {
  if (data.desde && data.hasta && calendarDateIn(data.hasta) < calendarDateIn(data.desde)) {
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: v.dateRangeInvalid });
  }
}

/** `desde`/`hasta` are inclusive calendar days in the company time zone. */
export const AuditFiltersSchema = z.object(auditFilterShape).superRefine(checkRange);
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;
export const AuditQuerySchema = PageQuerySchema.extend(auditFilterShape).superRefine(checkRange);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** An entry's record by name, resolved when the log is read. */
export const AuditSubjectSchema = z.object({
  /** «Ana Martínez (amartinez)», a task's title, a catalog entry's name; for a deleted record, its last name. */
  nombre: z.string(),
  /** What its list screen is searched with (a username, a task's title); null when the screen has no search. */
  busqueda: z.string().nullable(),
  /** False when the record no longer exists. */
  existe: z.boolean(),
});
export type AuditSubject = z.infer<typeof AuditSubjectSchema>;

/**
 * One field of an entry: for a change, its value before and after (null: there was none, as in a
 * creation or a deletion); for any other entry, its value in `despues`.
 */
export const AuditFieldSchema = z.object({
  /** The stored key (`rol_uuid`), for programs; people read `etiqueta`. */
  campo: z.string(),
  etiqueta: z.string(),
  antes: z.string().nullable(),
  despues: z.string().nullable(),
});
export type AuditField = z.infer<typeof AuditFieldSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  en: z.string(),
  /** Who acted; null for the system (the scheduler, a migration) or an unknown user (failed sign-in). */
  actor: z
    .object({ uuid: UuidSchema, nombre: z.string(), apellido: z.string(), username: z.string() })
    .nullable(),
  accion: z.enum(AUDIT_ACTIONS),
  recurso: z.enum(AUDIT_RESOURCES),
  recurso_uuid: z.string().nullable(),
  /** The record the entry is about, by name (see AuditSubjectSchema); null when it is about no record. */
  registro: AuditSubjectSchema.nullable(),
  /** `detalle` as a person reads it: Spanish labels, names instead of uuids, values in words. */
  campos: z.array(AuditFieldSchema),
  /** The browser and system of a sign-in in a few words («Chrome en Android»); null for other entries. */
  dispositivo: z.string().nullable(),
  /**
   * For changes, `antes` and `despues` hold the changed fields only (a password change shows as
   * `contraseña: 'cambiada'`, never a hash); other entries carry what identifies them.
   */
  detalle: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  /**
   * How many times it happened: refusals (`rechazado`) of one person on one route within a minute
   * are one entry; every other entry is 1.
   */
  veces: z.number().int().min(1),
  /** The last of those times, when there was more than one. */
  ultima_en: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListResponseSchema = pagedResponseSchema(AuditEntrySchema);
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/**
 * `detalle` of a failed sign-in (`ingreso_fallido`) with a username: the name as typed (without
 * unprintable characters, at most TYPED_USERNAME_MAX characters), and whether it names no account
 * of Gestar, so the log never presents free text as a person.
 */
export const FailedLoginDetailSchema = z.object({
  usuario: z.string().max(TYPED_USERNAME_MAX),
  sin_cuenta: z.boolean(),
  motivo: z.string(),
});
export type FailedLoginDetail = z.infer<typeof FailedLoginDetailSchema>;

/** `Auditoria-YYYY-MM-DD.xlsx`, the date being today in the company time zone. */
export function auditFileName(date: string): string {
  return `Auditoria-${date}.xlsx`;
}
