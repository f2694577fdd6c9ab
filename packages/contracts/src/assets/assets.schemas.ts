import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { AreaRefSchema, AssetRefSchema, UserRefSchema } from '../common/refs.schemas';
import { clearableUuid, optionalText, queryText, requiredText, requiredUuid } from '../common/fields';
import { ChecklistProgressSchema } from '../assigned-tasks/checklists.schemas';
import { AttachmentResponseSchema } from '../attachments/attachments.schemas';

const m = MESSAGES.assets;
const v = MESSAGES.validation;

/** A machine's states (DECISIONS section 9), as stored in `equipos.estado` and `equipo_estados.estado`. */
export const ASSET_STATES = ['operativo', 'detenido', 'mantenimiento', 'fuera_servicio'] as const;
export type AssetState = (typeof ASSET_STATES)[number];
export const ASSET_STATE_LABELS: Record<AssetState, string> = {
  operativo: 'Operativo',
  detenido: 'Detenido',
  mantenimiento: 'En mantenimiento',
  fuera_servicio: 'Fuera de servicio',
};
export const AssetStateSchema = z.enum(ASSET_STATES, { error: m.estadoInvalid });

/** Lengths of `equipos` columns. */
export const ASSET_LIMITS = { codigo: 20, nombre: 200, fabricante: 120, modelo: 120, numeroSerie: 120, motivo: 2000 } as const;
/** What a code may hold (the table's CHECK): letters, digits, `.`, `-`, `_`, starting with a letter or digit. */
export const ASSET_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/**
 * Codes that are path segments of `/api/assets/...` routes of their own (`labels.pdf`, `import`):
 * no machine may have them, so `GET /api/assets/:code` never shadows `GET /api/assets/labels.pdf`
 * (the labels controller is also registered before the machines' one; see assets.routes.ts).
 */
export const RESERVED_ASSET_CODES = ['LABELS.PDF', 'IMPORT'] as const;

/** Normalizes a code as stored and compared: trimmed and upper-cased (`sie-01` is `SIE-01`). */
export function normalizeAssetCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A machine's code: trimmed, 1-20 of `[A-Za-z0-9._-]` starting alphanumeric, upper-cased. */
export const AssetCodeSchema = z
  .string({ error: m.codigoRequired })
  .trim()
  .min(1, { error: m.codigoRequired, abort: true })
  .max(ASSET_LIMITS.codigo, { error: textTooLongMax(ASSET_LIMITS.codigo), abort: true })
  .regex(ASSET_CODE_PATTERN, { error: m.codigoInvalid, abort: true })
  .transform(normalizeAssetCode)
  .refine((code) => !(RESERVED_ASSET_CODES as readonly string[]).includes(code), { error: m.codigoReserved });

/** `:code` of `/api/assets/:code...`: any text (an unknown or malformed code answers 404). */
export const AssetCodeParamSchema = z.object({ code: z.string().trim().min(1).transform(normalizeAssetCode) });
export type AssetCodeParam = z.infer<typeof AssetCodeParamSchema>;

export const AssetCodeDocumentParamSchema = AssetCodeParamSchema.extend({ documentId: UuidSchema });
export type AssetCodeDocumentParam = z.infer<typeof AssetCodeDocumentParamSchema>;

const assetFields = {
  codigo: AssetCodeSchema,
  nombre: requiredText(v.nombreRequired, ASSET_LIMITS.nombre),
  area_uuid: requiredUuid(m.areaRequired),
  /** The machine (a line) that holds this one: same area, no cycles. */
  padre_uuid: clearableUuid(),
  fabricante: optionalText(ASSET_LIMITS.fabricante),
  modelo: optionalText(ASSET_LIMITS.modelo),
  numero_serie: optionalText(ASSET_LIMITS.numeroSerie),
};

/** `POST /api/assets`: a new machine, «Operativo» from now. */
export const CreateAssetRequestSchema = z.object(assetFields);
export type CreateAssetRequest = z.infer<typeof CreateAssetRequestSchema>;

/** `PUT /api/assets/:code` replaces the machine's data (its state changes through `/state`). */
export const UpdateAssetRequestSchema = z.object(assetFields);
export type UpdateAssetRequest = z.infer<typeof UpdateAssetRequestSchema>;

export const AssetResponseSchema = z.object({
  uuid: UuidSchema,
  codigo: z.string(),
  nombre: z.string(),
  area: AreaRefSchema,
  padre: AssetRefSchema.nullable(),
  fabricante: z.string().nullable(),
  modelo: z.string().nullable(),
  numero_serie: z.string().nullable(),
  estado: z.enum(ASSET_STATES),
  estado_desde: IsoDateTimeSchema,
  /** The photo (an attachment of the machine): `/api/attachments/:foto_uuid` and its thumbnail. */
  foto_uuid: UuidSchema.nullable(),
});
export type AssetResponse = z.infer<typeof AssetResponseSchema>;

/** `GET /api/assets?page=&limit=&q=&area=&estado=`: ordered by code. */
export const AssetListQuerySchema = PageQuerySchema.extend({
  /** Part of the code or the name, without regard to case or accents. */
  q: queryText(100),
  area: z.preprocess((value) => (value === '' ? undefined : value), UuidSchema.optional()),
  estado: z.preprocess((value) => (value === '' ? undefined : value), AssetStateSchema.optional()),
});
export type AssetListQuery = z.infer<typeof AssetListQuerySchema>;

export const AssetListResponseSchema = pagedResponseSchema(AssetResponseSchema);
export type AssetListResponse = z.infer<typeof AssetListResponseSchema>;

/** `PUT /api/assets/:code/state`: a supervisor's change of state, with its reason (audited). */
export const ChangeAssetStateRequestSchema = z.object({
  estado: AssetStateSchema,
  motivo: requiredText(m.motivoRequired, ASSET_LIMITS.motivo),
});
export type ChangeAssetStateRequest = z.infer<typeof ChangeAssetStateRequestSchema>;

/** The text fields of `POST /api/assets/:code/attachments` (multipart, file field `archivo`). */
export const UploadAssetAttachmentRequestSchema = z.object({
  /** `true`: the image becomes the machine's photo (an image only). */
  foto: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' || value === '' || value === undefined ? false : value),
    z.boolean({ error: v.invalidBoolean }),
  ),
});
export type UploadAssetAttachmentRequest = z.infer<typeof UploadAssetAttachmentRequestSchema>;

// ---- The machine's page (`GET /api/assets/:code`) ----

/** Days of the downtime timeline on the machine's page. */
export const ASSET_TIMELINE_DAYS = 90;
/** Finished occurrences the page lists, most recent first. */
export const ASSET_DONE_WORK_LIMIT = 20;
/** Open occurrences and problem reports the page lists. */
export const ASSET_OPEN_WORK_LIMIT = 50;
export const ASSET_REPORTS_LIMIT = 20;

export const AssetWorkStatusSchema = z.object({ uuid: UuidSchema, nombre: z.string(), color: z.string() });

/** An open occurrence of a task on the machine. */
export const AssetOpenWorkSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  estado: AssetWorkStatusSchema,
  fecha_vencimiento: IsoDateTimeSchema.nullable(),
  asignado: UserRefSchema,
});
export type AssetOpenWork = z.infer<typeof AssetOpenWorkSchema>;

/** A finished occurrence: who did it and when, its checklist, photos and rating. */
export const AssetDoneWorkSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  estado: AssetWorkStatusSchema,
  terminada_en: IsoDateTimeSchema,
  asignado: UserRefSchema,
  checklist: ChecklistProgressSchema,
  fotos: z.number().int().min(0),
  calificacion: z.number().int().nullable(),
});
export type AssetDoneWork = z.infer<typeof AssetDoneWorkSchema>;

export const AssetProblemReportSchema = z.object({
  uuid: UuidSchema,
  numero: z.number().int(),
  estado: z.enum(['pendiente', 'aceptada', 'fusionada', 'rechazada', 'resuelta']),
  descripcion: z.string(),
  equipo_detenido: z.boolean(),
  urgencia: z.enum(['baja', 'media', 'alta']),
  creado_en: IsoDateTimeSchema,
  reportada_por: UserRefSchema,
});
export type AssetProblemReport = z.infer<typeof AssetProblemReportSchema>;

/** One interval of the state timeline, clipped to the page's window; `hasta` null while it lasts. */
export const AssetStateIntervalSchema = z.object({
  estado: z.enum(ASSET_STATES),
  desde: IsoDateTimeSchema,
  hasta: IsoDateTimeSchema.nullable(),
  motivo: z.string().nullable(),
  solicitud_numero: z.number().int().nullable(),
});
export type AssetStateInterval = z.infer<typeof AssetStateIntervalSchema>;

/** A document (PDF manual) or image of the machine. */
export const AssetDocumentSchema = AttachmentResponseSchema.pick({
  uuid: true,
  nombre: true,
  tipo: true,
  tamano: true,
  url: true,
  miniatura_url: true,
  creado_por: true,
  creado_en: true,
});
export type AssetDocument = z.infer<typeof AssetDocumentSchema>;

export const AssetPageResponseSchema = z.object({
  equipo: AssetResponseSchema,
  /** Machines this one holds (a line's machines), by code. */
  hijos: z.array(AssetRefSchema),
  trabajo_abierto: z.array(AssetOpenWorkSchema),
  trabajo_hecho: z.array(AssetDoneWorkSchema),
  solicitudes: z.array(AssetProblemReportSchema),
  /** The last ASSET_TIMELINE_DAYS days: `desde` of the window and every interval in it, oldest first. */
  linea_tiempo: z.object({ desde: IsoDateTimeSchema, hasta: IsoDateTimeSchema, intervalos: z.array(AssetStateIntervalSchema) }),
  documentos: z.array(AssetDocumentSchema),
  /** What the caller may do here (the screen hides the rest; the server checks again). */
  puede_editar: z.boolean(),
});
export type AssetPageResponse = z.infer<typeof AssetPageResponseSchema>;

// ---- Import (`POST /api/assets/import/preview`, `POST /api/assets/import`) ----

/** Bounds of an import file. */
export const ASSET_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const ASSET_IMPORT_MAX_ROWS = 5000;
/** The columns of an import file (first row), in this order in the template. */
export const ASSET_IMPORT_COLUMNS = ['codigo', 'nombre', 'area', 'padre', 'fabricante', 'modelo', 'numero_serie'] as const;
export const ASSET_IMPORT_ACCEPT =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const AssetImportRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  fila: z.number().int().min(2),
  codigo: z.string(),
  nombre: z.string(),
  area: z.string(),
  padre: z.string(),
  fabricante: z.string(),
  modelo: z.string(),
  numero_serie: z.string(),
  /** Each error of the row, in Spanish, with its column; none when the row can be imported. */
  errores: z.array(z.object({ columna: z.string(), mensaje: z.string() })),
});
export type AssetImportRow = z.infer<typeof AssetImportRowSchema>;

export const AssetImportPreviewResponseSchema = z.object({
  filas: z.array(AssetImportRowSchema),
  validas: z.number().int().min(0),
  con_errores: z.number().int().min(0),
});
export type AssetImportPreviewResponse = z.infer<typeof AssetImportPreviewResponseSchema>;

/**
 * `POST /api/assets/import` with rows in error answers 400 with the usual error body: `message`
 * is MESSAGES.assets.importHasErrors and `errors` holds one `{ path: '<fila>.<columna>', message }`
 * per error of a row.
 */
export const AssetImportResponseSchema = z.object({ importados: z.number().int().min(0) });
export type AssetImportResponse = z.infer<typeof AssetImportResponseSchema>;
