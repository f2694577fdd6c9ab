import { z } from 'zod';
import { MESSAGES } from '../messages';
import { SessionEndReasonSchema } from './session-end';

export const UuidSchema = z.uuid({ message: MESSAGES.validation.invalidUuid });

export const UuidParamSchema = z.object({ id: UuidSchema });
export type UuidParam = z.infer<typeof UuidParamSchema>;

/** `page` starts at 1; `limit` defaults to 10 and is accepted up to 100. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ message: MESSAGES.validation.invalidPage })
    .int({ message: MESSAGES.validation.invalidPage })
    .min(1, { message: MESSAGES.validation.invalidPage })
    .default(1),
  limit: z.coerce
    .number({ message: MESSAGES.validation.invalidLimit })
    .int({ message: MESSAGES.validation.invalidLimit })
    .min(1, { message: MESSAGES.validation.invalidLimit })
    .max(100, { message: MESSAGES.validation.invalidLimit })
    .default(10),
});

export const PageMetaSchema = z.object({
  totalItems: z.number().int().nonnegative(),
  currentPage: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().nonnegative(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMetaSchema });
}
export type Paged<T> = { data: T[]; meta: PageMeta };

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export const ErrorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string().min(1),
  error: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
  /** The 401 of a refused refresh whose session was ended: why (see SESSION_END_REASONS). */
  codigo: SessionEndReasonSchema.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** An ISO date-time string (what the API answers for every date). */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, message: MESSAGES.validation.invalidDate });
/** The first year a date may have: `0040-02-29` is no one's due date (JavaScript reads years below 100 as 19xx). */
export const MIN_DATE_YEAR = 1900;

/**
 * A calendar date `YYYY-MM-DD` or an ISO date-time (what the API accepts for a date), in the
 * years MIN_DATE_YEAR to 9999; every date a client sends goes through it.
 */
export const DateInputSchema = z
  .union([z.iso.date({ message: MESSAGES.validation.invalidDate }), IsoDateTimeSchema], {
    message: MESSAGES.validation.invalidDate,
  })
  .refine((value) => Number(value.slice(0, 4)) >= MIN_DATE_YEAR, { message: MESSAGES.validation.invalidDate });

/** Comma-joined list of uuids in a query string (`a,b,c`); also accepts a repeated key. */
export const UuidListQuerySchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(UuidSchema));

export const OkResponseSchema = z.object({ ok: z.literal(true) });

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});

/**
 * Paging of the small lookup lists (statuses, roles) that screens need whole:
 * same rules as PageQuerySchema but `limit` defaults to 100.
 */
export const LookupPageQuerySchema = PageQuerySchema.extend({
  limit: PageQuerySchema.shape.limit.unwrap().default(100),
});
