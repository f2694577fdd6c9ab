import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CreateJobPositionRequestSchema,
  JobPositionListQuerySchema,
  JobPositionListResponseSchema,
  JobPositionResponseSchema,
  UpdateJobPositionRequestSchema,
} from './job-positions.schemas';

/** Assigning a position to a user is USERS_ROUTES.assignJobPosition (POST /api/job-description-user). */
export const JOB_POSITIONS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/job-descriptions',
    access: { anyOf: ['read:job-description', 'read:all:job-descriptions'] },
    query: JobPositionListQuerySchema,
    response: JobPositionListResponseSchema,
    status: 200,
    summary: 'Puestos de trabajo: lista paginada, filtro por nombre.',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/job-descriptions/:id',
    access: { anyOf: ['read:job-description', 'read:all:job-descriptions'] },
    params: UuidParamSchema,
    response: JobPositionResponseSchema,
    status: 200,
    summary: 'Un puesto de trabajo.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/job-descriptions',
    access: { anyOf: ['create:job-description'] },
    body: CreateJobPositionRequestSchema,
    response: JobPositionResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.jobPositionNameTaken],
    summary: 'Crea un puesto de trabajo.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/job-descriptions/:id',
    access: { anyOf: ['update:job-description'] },
    params: UuidParamSchema,
    body: UpdateJobPositionRequestSchema,
    response: JobPositionResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.jobPositionNameTaken],
    summary: 'Edita un puesto de trabajo.',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/job-descriptions/:id',
    access: { anyOf: ['delete:job-description'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.jobPositionInUse],
    summary: 'Elimina un puesto de trabajo; 409 si hay usuarios con ese puesto.',
  }),
} as const;
