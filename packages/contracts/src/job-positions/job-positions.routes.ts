import { catalogRoutes } from '../common/catalog-routes';
import { MESSAGES } from '../messages';
import {
  CreateJobPositionRequestSchema,
  JobPositionListQuerySchema,
  JobPositionListResponseSchema,
  JobPositionResponseSchema,
  UpdateJobPositionRequestSchema,
} from './job-positions.schemas';

/** Assigning a position to a user is USERS_ROUTES.assignJobPosition (POST /api/job-description-user). */
export const JOB_POSITIONS_ROUTES = catalogRoutes({
  path: '/api/job-descriptions',
  read: { anyOf: ['read:job-description', 'read:all:job-descriptions'] },
  create: 'create:job-description',
  update: 'update:job-description',
  delete: 'delete:job-description',
  schemas: {
    listQuery: JobPositionListQuerySchema,
    list: JobPositionListResponseSchema,
    item: JobPositionResponseSchema,
    create: CreateJobPositionRequestSchema,
    update: UpdateJobPositionRequestSchema,
  },
  conflicts: {
    create: [MESSAGES.errors.jobPositionNameTaken],
    update: [MESSAGES.errors.jobPositionNameTaken],
    remove: [MESSAGES.errors.jobPositionInUse],
  },
  summaries: {
    list: 'Puestos de trabajo: lista paginada, filtro por nombre.',
    get: 'Un puesto de trabajo.',
    create: 'Crea un puesto de trabajo.',
    update: 'Edita un puesto de trabajo.',
    remove: 'Elimina un puesto de trabajo; 409 si hay usuarios con ese puesto.',
  },
});
