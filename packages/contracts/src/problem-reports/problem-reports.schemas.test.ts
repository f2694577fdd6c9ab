import { MESSAGES } from '../messages';
import { describeSchema, U1 } from '../__tests__/helpers';
import {
  AcceptProblemReportRequestSchema,
  CreateProblemReportRequestSchema,
  MergeProblemReportRequestSchema,
  ProblemReportListQuerySchema,
  RejectProblemReportRequestSchema,
} from './problem-reports.schemas';

const m = MESSAGES.problemReports;
const v = MESSAGES.validation;

describeSchema(
  'CreateProblemReportRequestSchema',
  CreateProblemReportRequestSchema,
  [
    { name: 'a machine by its code', input: { equipo: 'sie-01', descripcion: 'Se trabó', equipo_detenido: true, urgencia: 'alta' } },
    { name: 'an area without a machine', input: { area_uuid: U1, descripcion: 'Gotera' } },
    { name: 'a uuid named offline', input: { uuid: U1, area_uuid: U1, descripcion: 'Sin red' } },
  ],
  [
    { name: 'neither machine nor area', input: { descripcion: 'x' }, path: 'area_uuid', message: m.equipoOrAreaRequired },
    { name: 'a blank description', input: { area_uuid: U1, descripcion: '  ' }, path: 'descripcion', message: m.descripcionRequired },
    { name: 'a code with spaces inside', input: { equipo: 'SIE 01', descripcion: 'x' }, path: 'equipo', message: m.equipoInvalid },
    { name: 'an unknown urgency', input: { area_uuid: U1, descripcion: 'x', urgencia: 'urgente' }, path: 'urgencia', message: m.urgenciaInvalid },
  ],
);

describeSchema(
  'AcceptProblemReportRequestSchema',
  AcceptProblemReportRequestSchema,
  [{ name: 'assignees and a due date', input: { usuarios_asignados: [U1], fecha_vencimiento: '2030-01-02', titulo: '' } }],
  [
    { name: 'no assignees', input: { usuarios_asignados: [], fecha_vencimiento: '2030-01-02' }, path: 'usuarios_asignados', message: v.usuariosAsignadosRequired },
    { name: 'no due date', input: { usuarios_asignados: [U1] }, path: 'fecha_vencimiento', message: v.fechaVencimientoRequired },
  ],
);

describeSchema('MergeProblemReportRequestSchema', MergeProblemReportRequestSchema, [{ name: 'a report', input: { en: U1 } }], [
  { name: 'no report', input: {}, path: 'en', message: m.enRequired },
]);

describeSchema('RejectProblemReportRequestSchema', RejectProblemReportRequestSchema, [{ name: 'a reason', input: { motivo: 'Duplicada' } }], [
  { name: 'no reason', input: {}, path: 'motivo', message: m.motivoRequired },
  { name: 'a blank reason', input: { motivo: '   ' }, path: 'motivo', message: m.motivoRequired },
]);

describeSchema(
  'ProblemReportListQuerySchema',
  ProblemReportListQuerySchema,
  [{ name: 'the own reports', input: { mias: 'true' } }, { name: 'filters', input: { estado: 'pendiente', area_uuid: U1, equipo: 'SIE-01' } }],
  [{ name: 'an unknown state', input: { estado: 'abierta' }, path: 'estado', message: m.estadoInvalid }],
);
