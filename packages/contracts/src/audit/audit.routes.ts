import { defineRoute } from '../common/route';
import { AuditFiltersSchema, AuditListResponseSchema, AuditQuerySchema } from './audit.schemas';
import { JobStatusListResponseSchema } from './jobs.schemas';

/** `export` and `jobs` are declared before nothing that could match them; all need read:audit. */
export const AUDIT_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/audit',
    access: { anyOf: ['read:audit'] },
    query: AuditQuerySchema,
    response: AuditListResponseSchema,
    status: 200,
    summary: 'Registro de auditoría, el más reciente primero, con filtros por actor, acción, recurso, registro (recurso_uuid) y fechas; cada entrada nombra su registro y sus campos.',
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/audit/export',
    access: { anyOf: ['read:audit'] },
    query: AuditFiltersSchema,
    response: null,
    status: 200,
    summary: 'Descarga en XLSX las entradas de auditoría filtradas (Auditoria-YYYY-MM-DD.xlsx).',
  }),
  jobs: defineRoute({
    method: 'GET',
    path: '/api/audit/jobs',
    access: { anyOf: ['read:audit'] },
    response: JobStatusListResponseSchema,
    status: 200,
    summary: 'Trabajos en segundo plano: periodicidad, última ejecución, próxima ejecución y último fallo de cada uno.',
  }),
} as const;
