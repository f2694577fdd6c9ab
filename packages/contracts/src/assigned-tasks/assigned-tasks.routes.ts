import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  AssignedTaskBoardResponseSchema,
  AssignedTaskHistoryResponseSchema,
  AssignedTaskResponseSchema,
  BoardQuerySchema,
  BulkAssignedTasksRequestSchema,
  BulkAssignedTasksResponseSchema,
  CreateAssignedTaskRequestSchema,
  CreateAssignedTaskResponseSchema,
  UpdateAssignedTaskRequestSchema,
} from './assigned-tasks.schemas';
import {
  CommentListResponseSchema,
  CommentParamsSchema,
  CommentResponseSchema,
  CreateCommentRequestSchema,
  UpdateCommentRequestSchema,
  CommentListQuerySchema,
} from './comments.schemas';
import { ChecklistItemParamsSchema, ChecklistItemResponseSchema, TickChecklistItemRequestSchema } from './checklists.schemas';

const seeRule =
  'Regla en el servicio: quien puede ver la tarea asignada (el asignado, o read:all:assigned-tasks, o read:all:assigned-tasks:by-area en sus áreas).';

export const ASSIGNED_TASKS_ROUTES = {
  board: defineRoute({
    method: 'GET',
    path: '/api/assigned-tasks/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    query: BoardQuerySchema,
    response: AssignedTaskBoardResponseSchema,
    status: 200,
    summary:
      'Tablero (tareas asignadas no archivadas); :id es un usuario. Regla en el servicio: el propio :id sin filtros para cualquiera; otro :id o filtros area/users exigen read:all:assigned-tasks o read:all:assigned-tasks:by-area (solo sus áreas); fuera de alcance 403.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/assigned-tasks',
    access: { anyOf: ['assign:task'] },
    body: CreateAssignedTaskRequestSchema,
    response: CreateAssignedTaskResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.taskInactive, MESSAGES.errors.noStatuses],
    summary:
      'Asigna una tarea existente: una tarea asignada por usuario (en sus áreas), en el estado indicado o el primero.',
  }),
  bulk: defineRoute({
    method: 'POST',
    path: '/api/assigned-tasks/bulk',
    access: 'authenticated',
    body: BulkAssignedTasksRequestSchema,
    response: BulkAssignedTasksResponseSchema,
    status: 200,
    summary:
      'Una acción para varias tareas asignadas (hasta 200): estado {estado_uuid}, archivar {calificacion?, observaciones?} o reasignar {empleado_uuid}. Cada tarea se revisa y se escribe como en el PUT de una sola, con su historial; responde {aplicadas, rechazadas: [{id, motivo}]}.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/assigned-tasks/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    body: UpdateAssignedTaskRequestSchema,
    response: AssignedTaskResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.checklistIncomplete, MESSAGES.errors.assignedTaskArchived, MESSAGES.errors.statusChangedMeanwhile],
    errors: { 422: [MESSAGES.validation.offlineTimeInvalid] },
    summary:
      'Cambia el estado {estado_uuid} (el asignado, o un permiso de lectura de tareas asignadas en alcance), archiva {archivada, calificacion?, observaciones?} (solo con read:all:assigned-tasks o read:all:assigned-tasks:by-area en alcance) o cambia el vencimiento {fecha_vencimiento} o el responsable {empleado_uuid} (assign:task con el área de la tarea en alcance). Un cambio hecho sin conexión lleva {estado_anterior_uuid, sin_conexion_en}: si la tarea ya no está en ese estado, o está archivada, 409; el historial dice a qué hora se hizo. Devuelve la tarjeta actualizada, sin historial.',
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/assigned-tasks/:id/detail',
    access: 'authenticated',
    params: UuidParamSchema,
    response: AssignedTaskResponseSchema,
    status: 200,
    summary: `Una tarea asignada como la muestra el panel de detalle, archivada o no (enlace /?tarea=<uuid>). ${seeRule}`,
  }),
  tickChecklistItem: defineRoute({
    method: 'PUT',
    path: '/api/assigned-tasks/:id/checklist/:itemId',
    access: 'authenticated',
    params: ChecklistItemParamsSchema,
    body: TickChecklistItemRequestSchema,
    response: ChecklistItemResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.assignedTaskArchived],
    errors: { 422: [MESSAGES.errors.checklistPhotoRequired, MESSAGES.errors.checklistNoteRequired] },
    summary: `Marca o desmarca un ítem de la lista {hecho, nota?}; un ítem que requiere foto o nota no se marca sin ella (422). Queda en el historial. ${seeRule}`,
  }),
  listHistory: defineRoute({
    method: 'GET',
    path: '/api/assigned-tasks/:id/history',
    access: 'authenticated',
    params: UuidParamSchema,
    response: AssignedTaskHistoryResponseSchema,
    status: 200,
    summary: `Historial de cambios de la tarea asignada, del más reciente al más antiguo. ${seeRule}`,
  }),
  listComments: defineRoute({
    method: 'GET',
    path: '/api/assigned-tasks/:id/comments',
    access: 'authenticated',
    params: UuidParamSchema,
    query: CommentListQuerySchema,
    response: CommentListResponseSchema,
    status: 200,
    summary: `Comentarios de la tarea asignada, del más reciente al más antiguo, de a 20 (?antes=<uuid>&limit=, con hay_mas). ${seeRule}`,
  }),
  addComment: defineRoute({
    method: 'POST',
    path: '/api/assigned-tasks/:id/comments',
    access: 'authenticated',
    params: UuidParamSchema,
    body: CreateCommentRequestSchema,
    response: CommentResponseSchema,
    status: 201,
    summary: `Agrega un comentario; el autor es quien llama. ${seeRule}`,
  }),
  updateComment: defineRoute({
    method: 'PUT',
    path: '/api/assigned-tasks/:id/comments/:commentId',
    access: 'authenticated',
    params: CommentParamsSchema,
    body: UpdateCommentRequestSchema,
    response: CommentResponseSchema,
    status: 200,
    summary: 'Edita un comentario. Regla en el servicio: solo su autor (si no 403).',
  }),
  removeComment: defineRoute({
    method: 'DELETE',
    path: '/api/assigned-tasks/:id/comments/:commentId',
    access: 'authenticated',
    params: CommentParamsSchema,
    response: OkResponseSchema,
    status: 200,
    summary: 'Elimina un comentario. Regla en el servicio: solo su autor (si no 403).',
  }),
} as const;
