import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CurrentTerminalResponseSchema,
  PinStatusResponseSchema,
  RegisterTerminalRequestSchema,
  RegisterTerminalResponseSchema,
  ResetPinRequestSchema,
  SetOwnPinRequestSchema,
  TerminalListQuerySchema,
  TerminalListResponseSchema,
  TerminalPeopleQuerySchema,
  TerminalPeopleResponseSchema,
  TerminalResponseSchema,
  TerminalSessionResponseSchema,
  TerminalSignInRequestSchema,
  TerminalSignInResponseSchema,
  UpdateTerminalRequestSchema,
  WallBoardResponseSchema,
  WallStreamQuerySchema,
  WallTicketResponseSchema,
} from './terminals.schemas';

const m = MESSAGES.terminals;
const manageRule =
  'Regla en el servicio: manage:terminal; un supervisor solo en sus áreas (read:all:areas, en todas). No desde una sesión de terminal.';

/**
 * `access: 'terminal'` routes take the device's credential (`X-Terminal-Token`) and no person.
 * Person routes at a terminal take `Authorization: Bearer` (the PIN sign-in's token) and the
 * terminal's credential together; see TERMINAL_SESSION_ROUTES for what they reach.
 */
export const TERMINALS_ROUTES = {
  register: defineRoute({
    method: 'POST',
    path: '/api/terminals',
    access: { anyOf: ['manage:terminal'] },
    body: RegisterTerminalRequestSchema,
    response: RegisterTerminalResponseSchema,
    status: 201,
    summary: `Registra el dispositivo como terminal de un área (nombre, minutos de inactividad, 2 por omisión). Devuelve la credencial del dispositivo una sola vez (se guarda solo su hash). ${manageRule}`,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/terminals',
    access: { anyOf: ['manage:terminal'] },
    query: TerminalListQuerySchema,
    response: TerminalListResponseSchema,
    status: 200,
    summary: `Terminales (nombre, área, último uso, minutos de inactividad), activas; con revocadas=true también las revocadas. ${manageRule}`,
  }),
  current: defineRoute({
    method: 'GET',
    path: '/api/terminals/current',
    access: 'terminal',
    response: CurrentTerminalResponseSchema,
    status: 200,
    summary: 'La terminal que llama (con su credencial en X-Terminal-Token): nombre, área y minutos de inactividad.',
  }),
  people: defineRoute({
    method: 'GET',
    path: '/api/terminals/current/people',
    access: 'terminal',
    query: TerminalPeopleQuerySchema,
    response: TerminalPeopleResponseSchema,
    status: 200,
    summary: 'Las personas activas del área de la terminal, para los mosaicos: nombre, iniciales, foto; búsqueda q y páginas.',
  }),
  wall: defineRoute({
    method: 'GET',
    path: '/api/terminals/current/wall',
    access: 'terminal',
    response: WallBoardResponseSchema,
    status: 200,
    summary: 'El tablero del área para la pared, sin nadie ingresado: vencidas, de hoy, en curso, equipos detenidos y solicitudes pendientes. Solo datos del área de la terminal.',
  }),
  wallTicket: defineRoute({
    method: 'POST',
    path: '/api/terminals/current/wall/ticket',
    access: 'terminal',
    response: WallTicketResponseSchema,
    status: 200,
    summary: 'Un ticket de un solo uso, válido 30 segundos, para abrir el flujo de eventos del tablero con ?ticket=.',
  }),
  wallEvents: defineRoute({
    method: 'GET',
    path: '/api/terminals/current/wall/events',
    access: 'terminal',
    query: WallStreamQuerySchema,
    response: null,
    status: 200,
    summary:
      'Eventos en vivo (server-sent events) del área de la terminal: los mismos tipos que /api/events, solo los del área. Se abre con el ticket (EventSource no envía encabezados); se cierra si la terminal es revocada.',
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/terminals/sign-in',
    access: 'terminal',
    body: TerminalSignInRequestSchema,
    response: TerminalSignInResponseSchema,
    status: 201,
    errors: { 401: [m.pinWrong, m.pinNotSet], 429: [m.pinLockedTemplate, m.terminalTooManyTemplate] },
    summary:
      'Ingreso con PIN en la terminal: persona del área + PIN. Devuelve una sesión de tipo terminal (token Bearer, alcance de operario) y una credencial de reenvío para los cambios guardados sin conexión. Cierra la sesión de quien estuviera ingresado en la terminal. Intentos fallidos limitados por persona y por terminal, contados en PostgreSQL.',
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/terminals/session',
    access: 'authenticated',
    response: TerminalSessionResponseSchema,
    status: 200,
    summary: 'La sesión de terminal de quien llama (y la mantiene activa). 403 si la sesión no es de una terminal.',
  }),
  endSession: defineRoute({
    method: 'POST',
    path: '/api/terminals/session/end',
    access: 'authenticated',
    response: OkResponseSchema,
    status: 200,
    summary: '«Terminar»: cierra la sesión de la persona en la terminal. Sus cambios guardados sin conexión aún pueden reenviarse con su credencial de reenvío.',
  }),
  myPin: defineRoute({
    method: 'GET',
    path: '/api/terminals/pin',
    access: 'authenticated',
    response: PinStatusResponseSchema,
    status: 200,
    summary: 'Si quien llama tiene PIN para las terminales, desde cuándo, y si está bloqueado.',
  }),
  setMyPin: defineRoute({
    method: 'PUT',
    path: '/api/terminals/pin',
    access: 'authenticated',
    body: SetOwnPinRequestSchema,
    response: PinStatusResponseSchema,
    errors: { 429: [MESSAGES.errors.tooManyPasswordAttempts] },
    status: 200,
    summary:
      'Fija el PIN propio (4 a 6 dígitos, no trivial como 0000 o 1234). Con contraseña local, pide la contraseña actual (intentos limitados). No desde una sesión de terminal.',
  }),
  resetPin: defineRoute({
    method: 'PUT',
    path: '/api/terminals/people/:id/pin',
    access: { anyOf: ['reset:pin'] },
    params: UuidParamSchema,
    body: ResetPinRequestSchema,
    response: PinStatusResponseSchema,
    status: 200,
    summary: 'Un administrador restablece el PIN de una persona: uno nuevo, o ninguno (la persona fija el suyo). Desbloquea también.',
  }),
  unlockPin: defineRoute({
    method: 'POST',
    path: '/api/terminals/people/:id/pin/unlock',
    access: { anyOf: ['manage:terminal'] },
    params: UuidParamSchema,
    response: PinStatusResponseSchema,
    status: 200,
    summary: 'Desbloquea el PIN de una persona bloqueada por intentos fallidos. Regla en el servicio: un supervisor solo de personas de sus áreas.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/terminals/:id',
    access: { anyOf: ['manage:terminal'] },
    params: UuidParamSchema,
    body: UpdateTerminalRequestSchema,
    response: TerminalResponseSchema,
    conflicts: [m.revoked],
    status: 200,
    summary: `Cambia el nombre o los minutos de inactividad de una terminal. ${manageRule}`,
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/api/terminals/:id/revoke',
    access: { anyOf: ['manage:terminal'] },
    params: UuidParamSchema,
    response: TerminalResponseSchema,
    status: 200,
    summary: `Revoca una terminal: su credencial deja de funcionar de inmediato, y con ella las sesiones y credenciales de reenvío abiertas en ella. ${manageRule}`,
  }),
} as const;

/**
 * What a person's session at a terminal reaches (`METHOD /path`), whatever their role: an
 * operario's work on the floor. Anything else answers 403 (`terminalRouteForbidden`). The
 * permissions of such a session are also cut to those an operario has (OPERARIO_PERMISSIONS).
 */
export const TERMINAL_SESSION_ROUTES: readonly string[] = [
  'GET /api/assigned-tasks/:id',
  'PUT /api/assigned-tasks/:id',
  'GET /api/assigned-tasks/:id/detail',
  'PUT /api/assigned-tasks/:id/checklist/:itemId',
  'GET /api/assigned-tasks/:id/history',
  'GET /api/assigned-tasks/:id/comments',
  'POST /api/assigned-tasks/:id/comments',
  'PUT /api/assigned-tasks/:id/comments/:commentId',
  'DELETE /api/assigned-tasks/:id/comments/:commentId',
  'POST /api/assigned-tasks/:id/attachments',
  'GET /api/assigned-tasks/:id/attachments',
  'GET /api/attachments/:id',
  'GET /api/attachments/:id/miniatura',
  'DELETE /api/attachments/:id',
  'GET /api/assets/:code',
  'POST /api/problem-reports',
  'GET /api/problem-reports',
  'GET /api/problem-reports/:id',
  'POST /api/problem-reports/:id/attachments',
  'GET /api/statuses',
  'GET /api/type-task',
  'GET /api/users/:id',
  'GET /api/areas/user/:id',
  'GET /api/events',
  'POST /api/events/ticket',
  'GET /api/terminals/session',
  'POST /api/terminals/session/end',
  // Time on task (issue 35): the person's own timer and intervals.
  'GET /api/time-entries/current',
  'GET /api/time-entries',
  'POST /api/time-entries/start',
  'POST /api/time-entries/resume',
  'POST /api/time-entries/pause',
  'POST /api/time-entries/finish',
  'POST /api/time-entries',
  'PUT /api/time-entries/:id',
  'POST /api/time-entries/:id/confirm',
];
