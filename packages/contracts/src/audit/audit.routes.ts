import { defineRoute } from '../common/route';
import { AuditFiltersSchema, AuditListResponseSchema, AuditQuerySchema } from './audit.schemas';

/** `export` is declared before nothing that could match it; both need read:audit. */
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
} as const;
