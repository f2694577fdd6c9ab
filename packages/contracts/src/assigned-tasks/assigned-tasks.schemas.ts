import { z } from 'zod';
import { MESSAGES } from '../messages';
import { RATING_MAX, RATING_MIN, TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, UuidListQuerySchema, UuidSchema } from '../common/common.schemas';
import { AreaRefSchema, AssetRefSchema, PersonNameSchema, TaskScheduleRefSchema, TaskTypeRefSchema } from '../common/refs.schemas';
import { ChecklistItemResponseSchema, ChecklistProgressSchema } from './checklists.schemas';
import {
  blankToUndefined,
  numericInput,
  optionalDate,
  optionalText,
  optionalUuid,
  requiredDate,
  requiredUuid,
  requiredUuidList,
} from '../common/fields';

const v = MESSAGES.validation;

/** Optional rating 1..5; `''`/`null` mean "Sin calificación". */
export const RatingSchema = z.preprocess(
  numericInput,
  z
    .number({ error: v.calificacionRange })
    .int({ error: v.calificacionRange })
    .min(RATING_MIN, { error: v.calificacionRange })
    .max(RATING_MAX, { error: v.calificacionRange })
    .optional(),
);

/** `PUT /api/assigned-tasks/:id` with `{ estado_uuid }`: a plain status change. */
export const ChangeAssignedTaskStatusRequestSchema = z.object({
  estado_uuid: requiredUuid(v.estadoRequired),
});

/** The archive dialog: `{ archivada: true, calificacion?, observaciones? }`. */
export const ArchiveAssignedTaskRequestSchema = z.object({
  archivada: z.literal(true, { error: v.invalidBoolean }).default(true),
  calificacion: RatingSchema,
  observaciones: optionalText(TEXT_LIMITS.observations),
});
export type ArchiveAssignedTaskRequestInput = z.input<typeof ArchiveAssignedTaskRequestSchema>;

/**
 * What the endpoint accepts: a status change, an archive, a new due date or
 * assignee, or several at once.
 * `archivada: false` un-archives (same permission as archiving).
 */
export const UpdateAssignedTaskRequestSchema = z
  .object({
    estado_uuid: optionalUuid(),
    archivada: z.preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : blankToUndefined(value)),
      z.boolean({ error: v.invalidBoolean }).optional(),
    ),
    calificacion: RatingSchema,
    observaciones: optionalText(TEXT_LIMITS.observations),
    /** A new due date (`assign:task` in the task's area; not before today). */
    fecha_vencimiento: optionalDate(),
    /** A new assignee, active and in the task's area (`assign:task` in the task's area). */
    empleado_uuid: optionalUuid(),
    /**
     * A status change made without a network and sent later: the status the person saw when
     * changing it. If the task is no longer there, the change is refused (409): the server's
     * state wins.
     */
    estado_anterior_uuid: optionalUuid(),
    /** When that change was made (an instant of the last 7 days, not in the future): the history says so. */
    sin_conexion_en: IsoDateTimeSchema.optional(),
  })
  .superRefine((data, ctx) => {
    if ((data.estado_anterior_uuid !== undefined || data.sin_conexion_en !== undefined) && data.estado_uuid === undefined) {
      ctx.addIssue({ code: 'custom', path: ['estado_uuid'], message: v.offlineChangeWithoutStatus });
    }
    if (
      data.estado_uuid === undefined &&
      data.archivada === undefined &&
      data.fecha_vencimiento === undefined &&
      data.empleado_uuid === undefined
    ) {
      ctx.addIssue({ code: 'custom', path: ['estado_uuid'], message: v.assignedTaskUpdateEmpty });
    }
  });
export type UpdateAssignedTaskRequest = z.infer<typeof UpdateAssignedTaskRequestSchema>;
export type UpdateAssignedTaskRequestInput = z.input<typeof UpdateAssignedTaskRequestSchema>;

/**
 * `POST /api/assigned-tasks`: assigns an existing task to employees now, one
 * assigned task per user, in `estado_uuid` or else the first status by order.
 */
export const CreateAssignedTaskRequestSchema = z.object({
  tarea_uuid: requiredUuid(v.tareaRequired),
  usuarios_asignados: requiredUuidList(v.usuariosAsignadosRequired),
  fecha_vencimiento: requiredDate(v.fechaVencimientoRequired),
  estado_uuid: optionalUuid(),
});
export type CreateAssignedTaskRequest = z.infer<typeof CreateAssignedTaskRequestSchema>;

/** `GET /api/assigned-tasks/:id?area=&users=`: both optional comma-joined uuid lists. */
export const BoardQuerySchema = z.object({
  area: UuidListQuerySchema.optional(),
  users: UuidListQuerySchema.optional(),
  /** One machine's tasks: its uuid or its code (any case). */
  equipo: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().max(36, { error: MESSAGES.validation.invalidOption }).optional(),
  ),
});
export type BoardQuery = z.infer<typeof BoardQuerySchema>;

export const ASSIGNED_TASK_HISTORY_TYPES = ['estado', 'archivo', 'comentario', 'asignacion', 'checklist', 'adjunto'] as const;
export type AssignedTaskHistoryType = (typeof ASSIGNED_TASK_HISTORY_TYPES)[number];

/** One change of an assigned task; `detalle` is a readable Spanish sentence. */
export const AssignedTaskHistoryEntrySchema = z.object({
  uuid: UuidSchema,
  tipo: z.enum(ASSIGNED_TASK_HISTORY_TYPES),
  detalle: z.string(),
  usuario: PersonNameSchema,
  fecha: IsoDateTimeSchema,
  /** The shared terminal the change was made at, by name (null: not at a terminal). */
  terminal: z.string().nullable().optional(),
});
export type AssignedTaskHistoryEntry = z.infer<typeof AssignedTaskHistoryEntrySchema>;

export const AssignedTaskHistoryResponseSchema = z.array(AssignedTaskHistoryEntrySchema);
export type AssignedTaskHistoryResponse = z.infer<typeof AssignedTaskHistoryResponseSchema>;

export const AssignedTaskStatusSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  color: z.string(),
  order: z.number().int(),
});

export const AssignedTaskEmployeeSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  username: z.string(),
});

export const AssignedTaskTaskSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  descripcion: z.string(),
  tipo_tarea: TaskTypeRefSchema,
  area: AreaRefSchema,
  /** The machine the task is done on (its page is `/equipos/<codigo>`). */
  equipo: AssetRefSchema.nullable(),
  /** The task's schedule, with its rule in words ("Cada mes, el último viernes") as the schedules list says it. */
  programaciones_tareas: TaskScheduleRefSchema.extend({ regla_descripcion: z.string() }).nullable(),
});

export const AssignedTaskResponseSchema = z.object({
  uuid: UuidSchema,
  estado_uuid: UuidSchema,
  estado: AssignedTaskStatusSchema,
  fecha_vencimiento: IsoDateTimeSchema,
  fecha_asignacion: IsoDateTimeSchema,
  empleado: AssignedTaskEmployeeSchema,
  tarea: AssignedTaskTaskSchema,
  archivada: z.boolean(),
  calificacion: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable(),
  observaciones: z.string().nullable(),
  /** Steps done and total; the full list is in the detail (`checklist`). */
  checklist_progreso: ChecklistProgressSchema,
  /** The occurrence's checklist with its photos: only in `GET /api/assigned-tasks/:id/detail`. */
  checklist: z.array(ChecklistItemResponseSchema).optional(),
  /** Present where the API includes it (e.g. the answer of an update). */
  historial: AssignedTaskHistoryResponseSchema.optional(),
});
export type AssignedTaskResponse = z.infer<typeof AssignedTaskResponseSchema>;

/** The board: every non-archived assigned task in view, ordered by due date. */
export const AssignedTaskBoardResponseSchema = z.array(AssignedTaskResponseSchema);
export type AssignedTaskBoardResponse = z.infer<typeof AssignedTaskBoardResponseSchema>;

export const CreateAssignedTaskResponseSchema = z.array(AssignedTaskResponseSchema);
/** At most this many assigned tasks in one bulk call. */
export const BULK_MAX_IDS = 200;
export const BULK_ACTIONS = ['estado', 'archivar', 'reasignar'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `POST /api/assigned-tasks/bulk`: one action for several assigned tasks, each checked and written
 * as a single `PUT` would be. `estado` needs `estado_uuid`, `reasignar` needs `empleado_uuid`;
 * `archivar` takes one optional rating and observations for all.
 */
export const BulkAssignedTasksRequestSchema = z
  .object({
    ids: z
      .array(UuidSchema, { error: v.bulkIdsRequired })
      .min(1, { error: v.bulkIdsRequired })
      .max(BULK_MAX_IDS, { error: v.bulkTooMany }),
    accion: z.enum(BULK_ACTIONS, { error: v.bulkActionInvalid }),
    estado_uuid: optionalUuid(),
    calificacion: RatingSchema,
    observaciones: optionalText(TEXT_LIMITS.observations),
    empleado_uuid: optionalUuid(),
  })
  .superRefine((data, ctx) => {
    if (data.accion === 'estado' && !data.estado_uuid) {
      ctx.addIssue({ code: 'custom', path: ['estado_uuid'], message: v.estadoRequired });
    }
    if (data.accion === 'reasignar' && !data.empleado_uuid) {
      ctx.addIssue({ code: 'custom', path: ['empleado_uuid'], message: v.empleadoRequired });
    }
  });
export type BulkAssignedTasksRequest = z.infer<typeof BulkAssignedTasksRequestSchema>;
export type BulkAssignedTasksRequestInput = z.input<typeof BulkAssignedTasksRequestSchema>;

/** What was applied, and what was not with a Spanish reason each (the one a single call would give). */
export const BulkAssignedTasksResponseSchema = z.object({
  aplicadas: z.array(UuidSchema),
  rechazadas: z.array(z.object({ id: UuidSchema, motivo: z.string() })),
});
export type BulkAssignedTasksResponse = z.infer<typeof BulkAssignedTasksResponseSchema>;
