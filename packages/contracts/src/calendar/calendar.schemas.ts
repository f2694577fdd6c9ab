import { z } from 'zod';
import { MESSAGES } from '../messages';
import { UuidSchema } from '../common/common.schemas';
import { numericInput, requiredDate, requiredText } from '../common/fields';
import { WEEKDAYS } from '../scheduled-tasks/recurrence';

const v = MESSAGES.validation;

/**
 * The company calendar (issue 19): days nobody works besides the weekly days off. A schedule
 * decides what its occurrence does on one (`dias_no_laborables`: skip, next working day, or
 * generate anyway).
 */
export const NON_WORKING_POLICIES = ['omitir', 'siguiente_habil', 'anterior_habil', 'generar'] as const;
export type NonWorkingPolicy = (typeof NON_WORKING_POLICIES)[number];

export const NON_WORKING_POLICY_LABELS: Record<NonWorkingPolicy, string> = {
  omitir: 'Omitir ese día',
  siguiente_habil: 'Pasar al siguiente día hábil',
  anterior_habil: 'Pasar al día hábil anterior',
  generar: 'Generar igual',
};

export const NonWorkingPolicySchema = z.enum(NON_WORKING_POLICIES, { error: v.diasNoLaborablesInvalid });

const Year = z.preprocess(
  numericInput,
  z.number({ error: v.anioRange }).int({ error: v.anioRange }).min(2000, { error: v.anioRange }).max(2100, { error: v.anioRange }),
);

const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `POST /api/calendar/non-working-days`. */
export const CreateNonWorkingDayRequestSchema = z.object({
  fecha: requiredDate(v.fechaRequired),
  descripcion: requiredText(v.descripcionRequired, 120),
});
export type CreateNonWorkingDayRequest = z.infer<typeof CreateNonWorkingDayRequestSchema>;
export type CreateNonWorkingDayRequestInput = z.input<typeof CreateNonWorkingDayRequestSchema>;

export const NonWorkingDayResponseSchema = z.object({
  uuid: UuidSchema,
  /** The calendar date (`YYYY-MM-DD`) in the company time zone. */
  fecha: CalendarDate,
  descripcion: z.string(),
  /** `feriado`: brought in from the country's public holidays; `manual`: added by a person. */
  origen: z.enum(['manual', 'feriado']),
});
export type NonWorkingDayResponse = z.infer<typeof NonWorkingDayResponseSchema>;

/** `GET /api/calendar/non-working-days?anio=` (default: the current year). */
export const NonWorkingDayListQuerySchema = z.object({ anio: z.preprocess((x) => (x === '' ? undefined : x), Year.optional()) });
export type NonWorkingDayListQuery = z.infer<typeof NonWorkingDayListQuerySchema>;

/**
 * A year whose public holidays are in the calendar: brought in automatically (the current and the
 * next year, in the company time zone) or by an administrator. Each year is brought in once; a
 * holiday removed afterwards stays removed.
 */
export const HolidayYearSchema = z.object({
  anio: z.number().int(),
  /** The country whose holidays were brought in, and its name in Spanish; null: not recorded (before issue 31). */
  pais: z.string().nullable(),
  pais_nombre: z.string().nullable(),
  origen: z.enum(['automatico', 'manual']),
  /** When (ISO 8601). */
  importado_en: z.string(),
});
export type HolidayYear = z.infer<typeof HolidayYearSchema>;

export const NonWorkingDayListResponseSchema = z.object({
  anio: z.number().int(),
  /** The weekdays the company works (APP_WORKING_DAYS); the others are days off every week. */
  dias_laborables: z.array(z.enum(WEEKDAYS)),
  /** The country whose public holidays can be brought in (APP_COUNTRY), and its name in Spanish. */
  pais: z.string(),
  pais_nombre: z.string(),
  /** Every year whose holidays are in the calendar, in order: a year missing here counts its holidays as working days. */
  feriados_cargados: z.array(HolidayYearSchema),
  /** Whether this installation brings in the current and the next year by itself (off where SCHEDULER_ENABLED=false). */
  feriados_automaticos: z.boolean(),
  data: z.array(NonWorkingDayResponseSchema),
});
export type NonWorkingDayListResponse = z.infer<typeof NonWorkingDayListResponseSchema>;

/** `POST /api/calendar/non-working-days/import`: the country's public holidays of a year. */
export const ImportHolidaysRequestSchema = z.object({ anio: Year });
export type ImportHolidaysRequest = z.infer<typeof ImportHolidaysRequestSchema>;

export const ImportHolidaysResponseSchema = z.object({
  /** Holidays added (days already marked are left as they are). */
  agregados: z.number().int().nonnegative(),
  data: z.array(NonWorkingDayResponseSchema),
});
export type ImportHolidaysResponse = z.infer<typeof ImportHolidaysResponseSchema>;
