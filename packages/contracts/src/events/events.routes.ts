import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { EventsQuerySchema, EventTicketResponseSchema } from './events.schemas';

export const EVENTS_ROUTES = {
  stream: defineRoute({
    method: 'GET',
    path: '/api/events',
    access: 'authenticated',
    query: EventsQuerySchema,
    response: null,
    status: 200,
    errors: { 401: [MESSAGES.errors.eventTicketInvalid] },
    summary:
      'Flujo text/event-stream de eventos del usuario (SERVER_EVENTS). Con cabecera Authorization, o con ?ticket= de un solo uso (EventSource no envía cabeceras). Se cierra cuando la sesión termina, el usuario se desactiva, cambia su rol o sus áreas, o vence el token con que se pidió.',
  }),
  ticket: defineRoute({
    method: 'POST',
    path: '/api/events/ticket',
    access: 'authenticated',
    response: EventTicketResponseSchema,
    status: 200,
    summary: 'Entrega un ticket de un solo uso, válido 30 segundos, para abrir el flujo de eventos con ?ticket=.',
  }),
} as const;
