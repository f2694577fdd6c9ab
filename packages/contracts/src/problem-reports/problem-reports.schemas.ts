import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { IsoDateTimeSchema, PageQuerySchema, pagedResponseSchema, UuidSchema } from '../common/common.schemas';
import { AreaRefSchema, PersonNameSchema, UserRefSchema } from '../common/refs.schemas';
import { blankToUndefined, booleanInput, optionalUuid, queryUuid, requiredDate, requiredText, requiredUuid, requiredUuidList } from '../common/fields';
import { AttachmentResponseSchema } from '../attachments/attachments.schemas';

const m = MESSAGES.problemReports;
const v = MESSAGES.validation;

/** How urgent a reported problem is. */
export const PROBLEM_REPORT_URGENCIES = ['baja', 'media', 'alta'] as const;
export type ProblemReportUrgency = (typeof PROBLEM_REPORT_URGENCIES)[number];
export const PROBLEM_REPORT_URGENCY_LABELS: Record<ProblemReportUrgency, string> = { baja: 'Baja', media: 'Media', alta: 'Alta' };

/**
 * Where a report stands: `pendiente` until a supervisor triages it; `aceptada` (a task on the
 * machine), `fusionada` (into another open report of the same machine) or `rechazada` (with a
 * reason); `resuelta` when the supervisor confirms the machine works again.
 */
export const PROBLEM_REPORT_STATES = ['pendiente', 'aceptada', 'fusionada', 'rechazada', 'resuelta'] as const;
export type ProblemReportState = (typeof PROBLEM_REPORT_STATES)[number];
export const PROBLEM_REPORT_STATE_LABELS: Record<ProblemReportState, string> = {
  pendiente: 'Pendiente',
  aceptada: 'Aceptada',
  fusionada: 'Fusionada',
  rechazada: 'Rechazada',
  resuelta: 'Resuelta',
};
/** The states a report is still open in: another may be merged into it. */
export const OPEN_PROBLEM_REPORT_STATES: readonly ProblemReportState[] = ['pendiente', 'aceptada'];

/** Each step the reporter sees. */
export const PROBLEM_REPORT_STEPS = ['creada', 'aceptada', 'fusionada', 'rechazada', 'tarea_terminada', 'resuelta', 'reabierta'] as const;
export type ProblemReportStep = (typeof PROBLEM_REPORT_STEPS)[number];
export const PROBLEM_REPORT_STEP_LABELS: Record<ProblemReportStep, string> = {
  creada: 'Reportada',
  aceptada: 'Aceptada: se creó una tarea',
  fusionada: 'Fusionada con otra solicitud',
  rechazada: 'Rechazada',
  tarea_terminada: 'Tarea terminada: falta confirmar que el equipo funciona',
  resuelta: 'Resuelta: el equipo funciona',
  reabierta: 'Reabierta',
};

/** Photos one report may hold. */
export const PROBLEM_REPORT_PHOTOS_MAX = 10;
export const PROBLEM_REPORT_TEXT_MAX = 2000;
/** What the photo picker offers (images only; HEIC is converted on the server). */
export const PROBLEM_REPORT_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** A machine's code as typed or read from a label: trimmed, upper-cased. */
const AssetCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: m.equipoInvalid })
      .max(20, { error: m.equipoInvalid })
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: m.equipoInvalid })
      .optional(),
  ),
);

/**
 * `POST /api/problem-reports`: anyone signed in. A machine by its code (its area is the
 * report's), or an area when there is no machine. `uuid` lets a report written offline be named
 * before it is sent (its photos follow it through the outbox).
 */
export const CreateProblemReportRequestSchema = z
  .object({
    uuid: optionalUuid(),
    equipo: AssetCodeSchema,
    area_uuid: optionalUuid(),
    descripcion: requiredText(m.descripcionRequired, PROBLEM_REPORT_TEXT_MAX),
    equipo_detenido: booleanInput().default(false),
    urgencia: z.preprocess(blankToUndefined, z.enum(PROBLEM_REPORT_URGENCIES, { error: m.urgenciaInvalid }).default('media')),
  })
  .refine((r) => r.equipo !== undefined || r.area_uuid !== undefined, { error: m.equipoOrAreaRequired, path: ['area_uuid'] });
export type CreateProblemReportRequest = z.infer<typeof CreateProblemReportRequestSchema>;
export type CreateProblemReportRequestInput = z.input<typeof CreateProblemReportRequestSchema>;

/**
 * `GET /api/problem-reports`: with `mias=true` the caller's own reports (anyone); otherwise the
 * triage list of the caller's areas (triage:problem-report), pending first, then by urgency.
 */
export const ProblemReportListQuerySchema = PageQuerySchema.extend({
  mias: booleanInput(),
  estado: z.preprocess(blankToUndefined, z.enum(PROBLEM_REPORT_STATES, { error: m.estadoInvalid }).optional()),
  area_uuid: queryUuid(),
  equipo: AssetCodeSchema,
});
export type ProblemReportListQuery = z.infer<typeof ProblemReportListQuerySchema>;

/** `POST /api/problem-reports/:id/accept`: the task on the machine, assigned and due as the supervisor says. */
export const AcceptProblemReportRequestSchema = z.object({
  usuarios_asignados: requiredUuidList(v.usuariosAsignadosRequired),
  fecha_vencimiento: requiredDate(v.fechaVencimientoRequired),
  /** Default: «Reparar <machine>: <first words of the report>». */
  titulo: z.preprocess(blankToUndefined, z.string().trim().max(200, { error: textTooLongMax(200) }).optional()),
  /** Default: the first task type. */
  tipo_tarea_uuid: optionalUuid(),
});
export type AcceptProblemReportRequest = z.infer<typeof AcceptProblemReportRequestSchema>;
export type AcceptProblemReportRequestInput = z.input<typeof AcceptProblemReportRequestSchema>;

/** `POST /api/problem-reports/:id/merge`: into an open report of the same machine. */
export const MergeProblemReportRequestSchema = z.object({ en: requiredUuid(m.enRequired) });
export type MergeProblemReportRequest = z.infer<typeof MergeProblemReportRequestSchema>;

/** `POST /api/problem-reports/:id/reject`: the reason the reporter reads. */
export const RejectProblemReportRequestSchema = z.object({ motivo: requiredText(m.motivoRequired, 1000) });
export type RejectProblemReportRequest = z.infer<typeof RejectProblemReportRequestSchema>;

export const ProblemReportAssetSchema = z.object({
  uuid: UuidSchema,
  codigo: z.string(),
  nombre: z.string(),
  estado: z.string(),
});

export const ProblemReportResponseSchema = z.object({
  uuid: UuidSchema,
  numero: z.number().int().min(1),
  equipo: ProblemReportAssetSchema.nullable(),
  area: AreaRefSchema,
  descripcion: z.string(),
  equipo_detenido: z.boolean(),
  urgencia: z.enum(PROBLEM_REPORT_URGENCIES),
  estado: z.enum(PROBLEM_REPORT_STATES),
  motivo_rechazo: z.string().nullable(),
  fusionada_en: z.object({ uuid: UuidSchema, numero: z.number().int() }).nullable(),
  /** The task it became (accepted), and whether that task is finished (the supervisor then confirms). */
  tarea_asignada_uuid: UuidSchema.nullable(),
  tarea_terminada: z.boolean(),
  creado_por: UserRefSchema,
  creado_en: IsoDateTimeSchema,
  revisada_por: UserRefSchema.nullable(),
  revisada_en: IsoDateTimeSchema.nullable(),
  fotos: z.number().int().min(0),
  /** The first photo's thumbnail, for the list. */
  miniatura_url: z.string().nullable(),
});
export type ProblemReportResponse = z.infer<typeof ProblemReportResponseSchema>;

export const ProblemReportListResponseSchema = pagedResponseSchema(ProblemReportResponseSchema);
export type ProblemReportListResponse = z.infer<typeof ProblemReportListResponseSchema>;

export const ProblemReportStepSchema = z.object({
  uuid: UuidSchema,
  tipo: z.enum(PROBLEM_REPORT_STEPS),
  detalle: z.string().nullable(),
  usuario: PersonNameSchema.nullable(),
  fecha: IsoDateTimeSchema,
});
export type ProblemReportStepResponse = z.infer<typeof ProblemReportStepSchema>;

/** `GET /api/problem-reports/:id`: the report with each step (oldest first) and its photos. */
export const ProblemReportDetailResponseSchema = ProblemReportResponseSchema.extend({
  pasos: z.array(ProblemReportStepSchema),
  adjuntos: z.array(AttachmentResponseSchema),
  /** Whether the caller may triage it (accept, merge, reject, resolve). */
  puede_revisar: z.boolean(),
});
export type ProblemReportDetailResponse = z.infer<typeof ProblemReportDetailResponseSchema>;
