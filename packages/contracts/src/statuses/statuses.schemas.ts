import { z } from 'zod';
import { MESSAGES } from '../messages';
import { MAX_STATUS_ORDER, MIN_STATUS_ORDER, STATUS_CATEGORIES, TEXT_LIMITS } from '../constants';
import { LookupPageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { requiredInteger, requiredText } from '../common/fields';

const v = MESSAGES.validation;

export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const StatusCategorySchema = z.enum(STATUS_CATEGORIES, { error: v.categoriaInvalid });

/** `#RRGGBB`, answered in upper case. */
export const HexColorSchema = z
  .string({ error: v.colorHex })
  .trim()
  .regex(HEX_COLOR_PATTERN, { error: v.colorHex })
  .transform((s) => s.toUpperCase());

export const CreateStatusRequestSchema = z.object({
  nombre: requiredText(v.nombreRequired, TEXT_LIMITS.name),
  descripcion: requiredText(v.descripcionRequired, TEXT_LIMITS.shortDescription),
  order: requiredInteger({
    required: v.orderRequired,
    integer: v.orderInteger,
    min: MIN_STATUS_ORDER,
    minMessage: v.orderMin,
    max: MAX_STATUS_ORDER,
    maxMessage: v.orderMax,
  }),
  color: HexColorSchema,
  /** Omitted: `en_curso` on create, unchanged on update. */
  categoria: StatusCategorySchema.optional(),
});
export type CreateStatusRequest = z.infer<typeof CreateStatusRequestSchema>;
export type CreateStatusRequestInput = z.input<typeof CreateStatusRequestSchema>;

/** PUT replaces the whole status (but for an omitted `categoria`, kept): same fields and rules as create. */
export const UpdateStatusRequestSchema = CreateStatusRequestSchema;
export type UpdateStatusRequest = z.infer<typeof UpdateStatusRequestSchema>;

export const StatusResponseSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  descripcion: z.string(),
  order: z.number().int().min(MIN_STATUS_ORDER),
  color: z.string().regex(HEX_COLOR_PATTERN),
  categoria: z.enum(STATUS_CATEGORIES),
});
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

/** Statuses answer ordered by `order`; the list defaults to 100 per page (the board needs them all). */
export const StatusListQuerySchema = LookupPageQuerySchema;
export type StatusListQuery = z.infer<typeof StatusListQuerySchema>;

export const StatusListResponseSchema = pagedResponseSchema(StatusResponseSchema);
export type StatusListResponse = z.infer<typeof StatusListResponseSchema>;
