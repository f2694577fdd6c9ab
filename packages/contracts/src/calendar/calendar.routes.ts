import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CreateNonWorkingDayRequestSchema,
  ImportHolidaysRequestSchema,
  ImportHolidaysResponseSchema,
  NonWorkingDayListQuerySchema,
  NonWorkingDayListResponseSchema,
  NonWorkingDayResponseSchema,
} from './calendar.schemas';

export const CALENDAR_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/calendar/non-working-days',
    access: { anyOf: ['read:calendar'] },
    query: NonWorkingDayListQuerySchema,
    response: NonWorkingDayListResponseSchema,
    status: 200,
    summary: 'Los días no laborables de un año (por defecto el actual), los días de la semana que se trabaja, el país de los feriados y los años con feriados cargados.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/calendar/non-working-days',
    access: { anyOf: ['update:calendar'] },
    body: CreateNonWorkingDayRequestSchema,
    response: NonWorkingDayResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.nonWorkingDayExists],
    summary: 'Marca un día como no laborable (409 si ya lo está).',
  }),
  importHolidays: defineRoute({
    method: 'POST',
    path: '/api/calendar/non-working-days/import',
    access: { anyOf: ['update:calendar'] },
    body: ImportHolidaysRequestSchema,
    response: ImportHolidaysResponseSchema,
    status: 200,
    summary: 'Agrega los feriados nacionales de un año del país de la empresa (APP_COUNTRY); los días ya marcados quedan como están.',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/calendar/non-working-days/:id',
    access: { anyOf: ['update:calendar'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    summary: 'Quita un día no laborable.',
  }),
} as const;
