import { MESSAGES } from '../messages';
import { describeSchema } from '../__tests__/helpers';
import { CreateNonWorkingDayRequestSchema, ImportHolidaysRequestSchema, NonWorkingDayListQuerySchema } from './calendar.schemas';

const v = MESSAGES.validation;

describeSchema(
  'CreateNonWorkingDayRequestSchema',
  CreateNonWorkingDayRequestSchema,
  [
    { name: 'a date and a description', input: { fecha: '2030-07-20', descripcion: 'Día del amigo' } },
    { name: 'an ISO date-time', input: { fecha: '2030-07-20T03:00:00.000Z', descripcion: 'Inventario' } },
  ],
  [
    { name: 'no date', input: { descripcion: 'x' }, path: 'fecha', message: v.fechaRequired },
    { name: 'a malformed date', input: { fecha: '20/07/2030', descripcion: 'x' }, path: 'fecha', message: v.invalidDate },
    { name: 'no description', input: { fecha: '2030-07-20', descripcion: '  ' }, path: 'descripcion', message: v.descripcionRequired },
  ],
);

describeSchema(
  'ImportHolidaysRequestSchema',
  ImportHolidaysRequestSchema,
  [{ name: 'a year', input: { anio: 2030 } }, { name: 'a year as text', input: { anio: '2031' } }],
  [
    { name: 'no year', input: {}, path: 'anio', message: v.anioRange },
    { name: 'a year out of range', input: { anio: 1999 }, path: 'anio', message: v.anioRange },
  ],
);

describeSchema(
  'NonWorkingDayListQuerySchema',
  NonWorkingDayListQuerySchema,
  [{ name: 'no year (the current one)', input: {} }, { name: 'a year', input: { anio: '2030' } }],
  [{ name: 'a year that is not a number', input: { anio: 'dos mil' }, path: 'anio', message: v.anioRange }],
);
