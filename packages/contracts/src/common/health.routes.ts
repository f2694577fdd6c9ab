import { defineRoute } from './route';
import { HealthResponseSchema } from './common.schemas';

export const HEALTH_ROUTES = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: HealthResponseSchema,
    status: 200,
    summary: 'Estado del servicio y de la base de datos (503 si la base no responde).',
  }),
} as const;
