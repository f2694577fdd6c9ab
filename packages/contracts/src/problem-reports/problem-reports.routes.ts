import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { UuidParamSchema } from '../common/common.schemas';
import { AttachmentResponseSchema } from '../attachments/attachments.schemas';
import {
  AcceptProblemReportRequestSchema,
  CreateProblemReportRequestSchema,
  MergeProblemReportRequestSchema,
  ProblemReportDetailResponseSchema,
  ProblemReportListQuerySchema,
  ProblemReportListResponseSchema,
  ProblemReportResponseSchema,
  RejectProblemReportRequestSchema,
} from './problem-reports.schemas';

const m = MESSAGES.problemReports;
const triageRule =
  'Regla en el servicio: triage:problem-report con el área de la solicitud en su alcance (403 si no); una solicitud ya revisada por otra persona responde 409.';

export const PROBLEM_REPORTS_ROUTES = {
  create: defineRoute({
    method: 'POST',
    path: '/api/problem-reports',
    access: 'authenticated',
    body: CreateProblemReportRequestSchema,
    response: ProblemReportResponseSchema,
    status: 201,
    conflicts: [m.uuidTaken],
    summary:
      'Reporta un problema (cualquier persona que haya ingresado): el equipo por su código (el área es la del equipo) o, sin equipo, un área; qué sucede, si el equipo está detenido y la urgencia. Un equipo detenido pasa a «detenido» desde ese momento, en la misma transacción. Se avisa enseguida a los supervisores del área por los canales que cada uno eligió.',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/problem-reports',
    access: 'authenticated',
    query: ProblemReportListQuerySchema,
    response: ProblemReportListResponseSchema,
    status: 200,
    summary:
      'Solicitudes paginadas. Con mias=true, las de quien consulta (cualquiera). Si no, la lista de revisión: triage:problem-report, solicitudes de sus áreas (403 si no), pendientes primero y por urgencia; filtros estado, area_uuid, equipo (código).',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/problem-reports/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    response: ProblemReportDetailResponseSchema,
    status: 200,
    summary:
      'Una solicitud con cada paso y sus fotos. Regla en el servicio: quien la reportó, o triage:problem-report con el área en su alcance (403 si no).',
  }),
  addPhoto: defineRoute({
    method: 'POST',
    path: '/api/problem-reports/:id/attachments',
    access: 'authenticated',
    params: UuidParamSchema,
    multipart: 'archivo',
    response: AttachmentResponseSchema,
    status: 201,
    conflicts: [m.photosTooMany, m.photosClosed],
    errors: {
      413: [MESSAGES.errors.attachmentTooLarge],
      415: [MESSAGES.errors.attachmentTypeNotAllowed, m.photoOnlyImage],
      422: [MESSAGES.errors.attachmentUnreadable],
      507: [MESSAGES.errors.storageFull],
    },
    summary:
      'Agrega una foto a la solicitud (multipart, campo archivo): JPEG, PNG, WebP o HEIC según su contenido (415 si no), hasta 10 MB y 10 por solicitud; se reescribe sin EXIF. Quien la reportó, o quien revisa las solicitudes del área; no en una solicitud cerrada (409).',
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/problem-reports/:id/accept',
    access: { anyOf: ['triage:problem-report'] },
    params: UuidParamSchema,
    body: AcceptProblemReportRequestSchema,
    response: ProblemReportResponseSchema,
    status: 200,
    conflicts: [m.alreadyTriaged],
    summary: `Acepta la solicitud: crea una tarea sobre su equipo (y su área), asignada a usuarios_asignados con fecha_vencimiento, enlazada a la solicitud. ${triageRule}`,
  }),
  merge: defineRoute({
    method: 'POST',
    path: '/api/problem-reports/:id/merge',
    access: { anyOf: ['triage:problem-report'] },
    params: UuidParamSchema,
    body: MergeProblemReportRequestSchema,
    response: ProblemReportResponseSchema,
    status: 200,
    conflicts: [m.alreadyTriaged, m.mergeTargetClosed],
    summary: `Fusiona una solicitud pendiente en otra abierta (pendiente o aceptada) del mismo equipo (400 si es otra máquina o ella misma). Si estaba detenida, la de destino pasa a decir que el equipo está detenido. ${triageRule}`,
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/problem-reports/:id/reject',
    access: { anyOf: ['triage:problem-report'] },
    params: UuidParamSchema,
    body: RejectProblemReportRequestSchema,
    response: ProblemReportResponseSchema,
    status: 200,
    conflicts: [m.alreadyTriaged],
    summary: `Rechaza una solicitud pendiente con un motivo. Si detuvo el equipo y ninguna otra solicitud abierta dice que está detenido, el equipo vuelve a operativo. ${triageRule}`,
  }),
  resolve: defineRoute({
    method: 'POST',
    path: '/api/problem-reports/:id/resolve',
    access: { anyOf: ['triage:problem-report'] },
    params: UuidParamSchema,
    response: ProblemReportResponseSchema,
    status: 200,
    conflicts: [m.notAccepted, m.taskNotFinished],
    summary:
      'Confirma que el equipo funciona después de terminada la tarea: la solicitud (y las fusionadas en ella) pasan a resuelta y el equipo a operativo si estaba detenido. Regla en el servicio: triage:problem-report con el área en su alcance.',
  }),
} as const;
