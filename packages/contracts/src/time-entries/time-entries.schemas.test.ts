import { MESSAGES } from '../messages';
import { describeSchema, issuesOf, U1, U2 } from '../__tests__/helpers';
import { ChecklistItemRequestSchema } from '../assigned-tasks/checklists.schemas';
import {
  CorrectTimeEntryRequestSchema,
  CreateTimeEntryRequestSchema,
  FinishTimeEntryRequestSchema,
  StartTimeEntryRequestSchema,
  TimeEntryListQuerySchema,
  TimeEntryResponseSchema,
} from './time-entries.schemas';
import { EstimatedMinutesSchema } from './estimated-minutes';

const m = MESSAGES.timeEntries;
const v = MESSAGES.validation;

describeSchema(
  'StartTimeEntryRequestSchema',
  StartTimeEntryRequestSchema,
  [
    { name: 'an occurrence, on the server’s clock', input: { tarea_asignada_uuid: U1 } },
    { name: 'the device’s time of the tap', input: { tarea_asignada_uuid: U1, en: '2026-11-27T10:00:00.000-03:00' } },
    { name: 'a blank device time as none', input: { tarea_asignada_uuid: U1, en: '' } },
  ],
  [
    { name: 'no occurrence', input: {}, path: 'tarea_asignada_uuid', message: m.tareaRequired },
    { name: 'a malformed occurrence', input: { tarea_asignada_uuid: 'x' }, path: 'tarea_asignada_uuid', message: v.invalidUuid },
    { name: 'a time that is no instant', input: { tarea_asignada_uuid: U1, en: 'a las diez' }, path: 'en', message: m.horaInvalid },
    { name: 'a time without its offset', input: { tarea_asignada_uuid: U1, en: '2026-11-27T10:00:00' }, path: 'en', message: m.horaInvalid },
  ],
);

describeSchema(
  'FinishTimeEntryRequestSchema',
  FinishTimeEntryRequestSchema,
  [{ name: 'an occurrence and a finished status', input: { tarea_asignada_uuid: U1, estado_uuid: U2 } }],
  [{ name: 'a malformed status', input: { tarea_asignada_uuid: U1, estado_uuid: 'terminada' }, path: 'estado_uuid', message: v.invalidUuid }],
);

describeSchema(
  'CreateTimeEntryRequestSchema',
  CreateTimeEntryRequestSchema,
  [{ name: 'an interval with its reason', input: { tarea_asignada_uuid: U1, inicio: '2026-11-27T08:00:00Z', fin: '2026-11-27T09:30:00Z', motivo: 'Olvidé iniciarlo' } }],
  [
    { name: 'no start', input: { tarea_asignada_uuid: U1, fin: '2026-11-27T09:30:00Z', motivo: 'x' }, path: 'inicio', message: m.inicioRequired },
    { name: 'no end', input: { tarea_asignada_uuid: U1, inicio: '2026-11-27T09:30:00Z', motivo: 'x' }, path: 'fin', message: m.finRequired },
    { name: 'a blank reason', input: { tarea_asignada_uuid: U1, inicio: '2026-11-27T08:00:00Z', fin: '2026-11-27T09:00:00Z', motivo: ' ' }, path: 'motivo', message: m.motivoRequired },
    { name: 'a reason too long', input: { tarea_asignada_uuid: U1, inicio: '2026-11-27T08:00:00Z', fin: '2026-11-27T09:00:00Z', motivo: 'x'.repeat(501) }, path: 'motivo', message: `${v.textTooLong} (máximo 500 caracteres)` },
  ],
);

describeSchema(
  'CorrectTimeEntryRequestSchema',
  CorrectTimeEntryRequestSchema,
  [
    { name: 'a new end', input: { fin: '2026-11-27T09:30:00Z', motivo: 'Terminé antes' } },
    { name: 'a new start', input: { inicio: '2026-11-27T08:10:00Z', motivo: 'Empecé más tarde' } },
  ],
  [
    { name: 'neither start nor end', input: { motivo: 'x' }, path: 'inicio', message: m.inicioRequired },
    { name: 'no reason', input: { fin: '2026-11-27T09:30:00Z' }, path: 'motivo', message: m.motivoRequired },
  ],
);

describeSchema(
  'TimeEntryListQuerySchema',
  TimeEntryListQuerySchema,
  [{ name: 'filters as a query string', input: { usuario_uuid: U1, sin_confirmar: 'true', desde: '2026-11-01T00:00:00Z', page: '2' } }],
  [{ name: 'a malformed person', input: { usuario_uuid: 'juan' }, path: 'usuario_uuid', message: v.invalidUuid }],
);

describeSchema(
  'EstimatedMinutesSchema',
  EstimatedMinutesSchema,
  [
    { name: 'a whole number', input: 45 },
    { name: 'a form’s text', input: '90' },
    { name: 'null (cleared)', input: null },
    { name: 'a blank form field (cleared)', input: '' },
  ],
  [
    { name: 'zero', input: 0, path: '', message: m.minutosInvalid },
    { name: 'a fraction', input: 1.5, path: '', message: m.minutosInvalid },
    { name: 'too many', input: 100_001, path: '', message: m.minutosInvalid },
    { name: 'words', input: 'una hora', path: '', message: m.minutosInvalid },
  ],
);

describe('estimates on checklist steps and responses', () => {
  it('a step carries its estimated minutes', () => {
    expect(ChecklistItemRequestSchema.parse({ texto: 'Lijar', minutos_estimados: '20' })).toMatchObject({ minutos_estimados: 20 });
    expect(issuesOf(ChecklistItemRequestSchema, { texto: 'Lijar', minutos_estimados: -3 })).toEqual([{ path: 'minutos_estimados', message: m.minutosInvalid }]);
  });
  it('an interval response parses, running or paused automatically', () => {
    const base = {
      uuid: U1,
      tarea_asignada_uuid: U2,
      titulo: 'Armar mesa',
      usuario: { uuid: U1, nombre: 'Oscar', apellido: 'Pérez' },
      inicio: '2026-11-27T11:00:00.000Z',
      fin: null,
      segundos: 60,
      en_marcha: true,
      origen: 'cronometro',
      pausa_automatica: null,
      confirmado: true,
      motivo: null,
      inicio_dispositivo: '2026-11-27T13:00:00.000Z',
      inicio_desfase_ms: -7200000,
      fin_dispositivo: null,
      fin_desfase_ms: null,
      corregido_por: null,
      corregido_en: null,
      creado_en: '2026-11-27T11:00:00.000Z',
    };
    expect(issuesOf(TimeEntryResponseSchema, base)).toEqual([]);
    expect(
      issuesOf(TimeEntryResponseSchema, { ...base, fin: '2026-11-27T21:00:00.000Z', en_marcha: false, origen: 'pausa_automatica', pausa_automatica: 'fin_jornada', confirmado: false }),
    ).toEqual([]);
    expect(issuesOf(TimeEntryResponseSchema, { ...base, origen: 'a mano' }).map((i) => i.path)).toEqual(['origen']);
  });
});
