import { defineRoute } from '../common/route';
import { EventsQuerySchema } from './events.schemas';

export const EVENTS_ROUTES = {
  stream: defineRoute({
    method: 'GET',
    path: '/api/events',
    access: 'authenticated',
    query: EventsQuerySchema,
    response: null,
    status: 200,
    summary:
      'Flujo text/event-stream de eventos del usuario (SERVER_EVENTS). El token puede venir en ?token= porque EventSource no envía cabeceras.',
  }),
} as const;
