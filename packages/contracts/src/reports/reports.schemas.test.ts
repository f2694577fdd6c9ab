import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, issuesOf, U1, U2, U3 } from '../__tests__/helpers';
import {
  ReportExportParamsSchema,
  ReportExportQuerySchema,
  ReportQuerySchema,
  ReportResponseSchema,
  ReportStatsResponseSchema,
  reportFileName,
} from './reports.schemas';

const v = MESSAGES.validation;

describeSchema(
  'ReportQuerySchema',
  ReportQuerySchema,
  [
    { name: 'no filters', input: {} },
    {
      name: 'every filter',
      input: {
        page: '2',
        limit: '50',
        status_uuids: `${U1},${U2}`,
        area_uuids: U3,
        employee_uuids: U1,
        title: 'barr',
        start_date: '2030-01-01',
        end_date: '2030-01-31T23:59:59.999Z',
      },
    },
    { name: 'a one-day range', input: { start_date: '2030-01-01', end_date: '2030-01-01' } },
    { name: 'blank filters', input: { title: '', start_date: '', status_uuids: '' } },
  ],
  [
    { name: 'a malformed status', input: { status_uuids: 'x' }, path: 'status_uuids.0', message: v.invalidUuid },
    { name: 'a malformed area', input: { area_uuids: `${U1},y` }, path: 'area_uuids.1', message: v.invalidUuid },
    { name: 'a malformed employee', input: { employee_uuids: 'z' }, path: 'employee_uuids.0', message: v.invalidUuid },
    { name: 'a malformed start date', input: { start_date: '01/01/2030' }, path: 'start_date', message: v.invalidDate },
    {
      name: 'an end before the start',
      input: { start_date: '2030-02-01', end_date: '2030-01-31' },
      path: 'end_date',
      message: v.dateRangeInvalid,
    },
    { name: 'page 0', input: { page: 0 }, path: 'page', message: v.invalidPage },
    { name: 'title too long', input: { title: 'x'.repeat(201) }, path: 'title', message: textTooLongMax(200) },
  ],
);

describeSchema(
  'ReportExportQuerySchema',
  ReportExportQuerySchema,
  [{ name: 'filters', input: { area_uuids: U1, start_date: '2030-01-01' } }],
  [
    {
      name: 'an end before the start',
      input: { start_date: '2030-02-01', end_date: '2030-01-01' },
      path: 'end_date',
      message: v.dateRangeInvalid,
    },
  ],
);

describeSchema(
  'ReportExportParamsSchema',
  ReportExportParamsSchema,
  [
    { name: 'xlsx', input: { format: 'xlsx' } },
    { name: 'pdf', input: { format: 'pdf' } },
    { name: 'csv', input: { format: 'csv' } },
  ],
  [
    { name: 'docx', input: { format: 'docx' }, path: 'format', message: v.invalidFormat },
    { name: 'stats', input: { format: 'stats' }, path: 'format', message: v.invalidFormat },
  ],
);

describe('report responses', () => {
  const row = {
    uuid: U1,
    empleado: { uuid: U2, nombre: 'Juan', apellido: 'Pérez' },
    tarea: {
      uuid: U3,
      titulo: 'Barrer',
      area: { uuid: U1, nombre: 'Depósito' },
      sugerencias: [{ uuid: U2, descripcion: 'x' }],
    },
    estado: { uuid: U2, nombre: 'Completada', color: '#00AA00' },
    fecha_asignacion: '2030-01-01T03:00:00.000Z',
    fecha_vencimiento: '2030-01-02T03:00:00.000Z',
    fecha_completada: '2030-01-02T21:00:00.000Z',
    a_tiempo: true,
    calificacion: 4,
    observaciones: null,
    archivada: true,
    checklist_progreso: { hechos: 3, total: 5 },
  };
  it('parses a page of rows with totalPages and meta', () => {
    const body = { data: [row], totalPages: 1, meta: { totalItems: 1, currentPage: 1, limit: 10, totalPages: 1 } };
    expect(issuesOf(ReportResponseSchema, body)).toEqual([]);
    expect(issuesOf(ReportResponseSchema, { ...body, data: [{ ...row, calificacion: 6 }] })).not.toEqual([]);
    // Not completed: no date and no verdict; a verdict is a boolean, never a text.
    expect(issuesOf(ReportResponseSchema, { ...body, data: [{ ...row, fecha_completada: null, a_tiempo: null }] })).toEqual([]);
    expect(issuesOf(ReportResponseSchema, { ...body, data: [{ ...row, a_tiempo: 'Sí' }] })).not.toEqual([]);
  });
  it('parses stats', () => {
    const stats = {
      total: 3,
      archivadas: 1,
      vencidas: 1,
      completadas: 2,
      completadas_a_tiempo: 1,
      tasa_a_tiempo: 0.5,
      promedio_calificacion: 4.5,
      por_estado: [{ estado_uuid: U1, nombre: 'Pendiente', color: '#FFCC00', total: 3 }],
      por_area: [
        {
          area_uuid: U2,
          nombre: 'Depósito',
          total: 3,
          completadas: 2,
          completadas_a_tiempo: 1,
          tasa_a_tiempo: 0.5,
          promedio_calificacion: 4.5,
          por_estado: [{ estado_uuid: U1, nombre: 'Pendiente', color: '#FFCC00', total: 3 }],
        },
      ],
      por_empleado: [
        {
          empleado_uuid: U3,
          nombre: 'Juan',
          apellido: 'Pérez',
          total: 3,
          archivadas: 1,
          completadas: 2,
          completadas_a_tiempo: 1,
          promedio_calificacion: null,
        },
      ],
    };
    expect(issuesOf(ReportStatsResponseSchema, stats)).toEqual([]);
    expect(issuesOf(ReportStatsResponseSchema, { ...stats, tasa_a_tiempo: 1.5 })).not.toEqual([]);
  });
  it('names the file Reporte-YYYY-MM-DD.ext', () => {
    expect(reportFileName('xlsx', '2030-01-31')).toBe('Reporte-2030-01-31.xlsx');
  });
});
