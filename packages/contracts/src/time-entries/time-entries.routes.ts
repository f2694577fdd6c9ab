import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { UuidParamSchema } from '../common/common.schemas';
import {
  CorrectTimeEntryRequestSchema,
  CreateTimeEntryRequestSchema,
  CurrentTimeEntryResponseSchema,
  FinishTimeEntryRequestSchema,
  FinishTimeEntryResponseSchema,
  PauseTimeEntryRequestSchema,
  StartTimeEntryRequestSchema,
  StartTimeEntryResponseSchema,
  TimeEntryListQuerySchema,
  TimeEntryListResponseSchema,
  TimeEntryResponseSchema,
} from './time-entries.schemas';

const m = MESSAGES.timeEntries;
const own =
  'Solo en una tarea asignada a quien llama (403 si no). Con `en` (hora del dispositivo) el pedido lleva el encabezado X-Device-Time (hora del dispositivo al enviar) y el servidor corrige el desfase del reloj del dispositivo.';
const startSummary = `Inicia el cronómetro de quien llama en una de sus tareas. Si tenía otro en marcha, lo pausa en el mismo momento y lo devuelve en \`pausado\`. Un cronómetro en marcha por persona, garantizado por la base de datos. ${own}`;

export const TIME_ENTRIES_ROUTES = {
  current: defineRoute({
    method: 'GET',
    path: '/api/time-entries/current',
    access: { anyOf: ['track:time'] },
    response: CurrentTimeEntryResponseSchema,
    status: 200,
    summary: 'El cronómetro en marcha de quien llama (null si no hay), para la cabecera.',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/time-entries',
    access: { anyOf: ['track:time', 'manage:time-entries'] },
    query: TimeEntryListQuerySchema,
    response: TimeEntryListResponseSchema,
    status: 200,
    summary:
      'Intervalos de tiempo, los más recientes primero, con el total en segundos. Sin filtros, los propios. tarea_asignada_uuid: los de esa tarea (su persona asignada, o manage:time-entries con el área en su alcance). usuario_uuid de otra persona: manage:time-entries con la persona en sus áreas (403 si no).',
  }),
  start: defineRoute({
    method: 'POST',
    path: '/api/time-entries/start',
    access: { anyOf: ['track:time'] },
    body: StartTimeEntryRequestSchema,
    response: StartTimeEntryResponseSchema,
    status: 201,
    conflicts: [m.alreadyRunning, m.otherRunning, m.overlap, m.taskFinished, MESSAGES.errors.assignedTaskArchived],
    summary: startSummary,
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/api/time-entries/resume',
    access: { anyOf: ['track:time'] },
    body: StartTimeEntryRequestSchema,
    response: StartTimeEntryResponseSchema,
    status: 201,
    conflicts: [m.alreadyRunning, m.otherRunning, m.overlap, m.taskFinished, MESSAGES.errors.assignedTaskArchived],
    summary: `Reanuda: lo mismo que iniciar, en una tarea que ya tiene tiempo. ${startSummary}`,
  }),
  pause: defineRoute({
    method: 'POST',
    path: '/api/time-entries/pause',
    access: { anyOf: ['track:time'] },
    body: PauseTimeEntryRequestSchema,
    response: TimeEntryResponseSchema,
    status: 200,
    conflicts: [m.notRunning],
    summary: `Pausa el cronómetro en marcha de quien llama en esa tarea (409 si no está en marcha allí: manda el estado del servidor). ${own}`,
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/api/time-entries/finish',
    access: { anyOf: ['track:time'] },
    body: FinishTimeEntryRequestSchema,
    response: FinishTimeEntryResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.assignedTaskArchived, MESSAGES.errors.checklistIncomplete],
    summary: `Finaliza: pausa el cronómetro de la tarea si está en marcha y, con estado_uuid (un estado de categoría terminada), pasa la tarea a ese estado en la misma transacción, como un cambio de estado. ${own}`,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/time-entries',
    access: { anyOf: ['track:time', 'manage:time-entries'] },
    body: CreateTimeEntryRequestSchema,
    response: TimeEntryResponseSchema,
    status: 201,
    conflicts: [m.overlap],
    summary:
      'Agrega un intervalo a mano (hora de la empresa, sin corrección de desfase) con su motivo: en una tarea propia (track:time), o manage:time-entries en una tarea de sus áreas. El intervalo es de la persona asignada; queda en la auditoría.',
  }),
  correct: defineRoute({
    method: 'PUT',
    path: '/api/time-entries/:id',
    access: { anyOf: ['track:time', 'manage:time-entries'] },
    params: UuidParamSchema,
    body: CorrectTimeEntryRequestSchema,
    response: TimeEntryResponseSchema,
    status: 200,
    conflicts: [m.overlap],
    summary:
      'Corrige el inicio y/o el fin de un intervalo con su motivo: uno propio (track:time), o manage:time-entries con el área de la tarea en su alcance. El antes y el después quedan en la auditoría. Un intervalo pausado automáticamente queda confirmado.',
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/time-entries/:id/confirm',
    access: { anyOf: ['track:time', 'manage:time-entries'] },
    params: UuidParamSchema,
    response: TimeEntryResponseSchema,
    status: 200,
    conflicts: [m.alreadyConfirmed],
    summary:
      'Confirma un intervalo pausado automáticamente tal como quedó: el propio, o manage:time-entries con el área en su alcance. Queda en la auditoría.',
  }),
} as const;
