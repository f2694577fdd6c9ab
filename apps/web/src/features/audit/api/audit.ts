import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AUDIT_ROUTES, auditFileName, EXPORT_CONTENT_TYPES, todayIn, USERS_ROUTES, type AuditFilters } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** What the screen's filters hold; blanks are left out of the query. */
export interface AuditFilterValues {
  actor_uuid: string | null;
  accion: string | null;
  recurso: string | null;
  /** One record's history (from the address: `?recurso_uuid=`). */
  recurso_uuid: string | null;
  desde: string | null;
  hasta: string | null;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = {
  actor_uuid: null,
  accion: null,
  recurso: null,
  recurso_uuid: null,
  desde: null,
  hasta: null,
};

function query(f: AuditFilterValues): AuditFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as AuditFilters;
}

export function useAudit(filters: AuditFilterValues, page: number) {
  return useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => apiRequest(AUDIT_ROUTES.list, { query: { ...query(filters), page, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** The people who may appear as actors (the first 100 by name; the field searches within them). */
export function useAuditActors() {
  return useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: () => apiRequest(USERS_ROUTES.list, { query: { limit: 100 } }),
    staleTime: 60_000,
  });
}

export function useExportAudit() {
  return useMutation({
    mutationFn: async (filters: AuditFilterValues) => {
      const blob = await apiRequest(AUDIT_ROUTES.export, {
        query: query(filters),
        headers: { Accept: EXPORT_CONTENT_TYPES.xlsx },
      });
      saveBlob(blob, auditFileName(todayIn()));
    },
  });
}

/** The background jobs: period, last run, next run and last failure (refreshed every minute). */
export function useJobStatuses() {
  return useQuery({
    queryKey: ['audit', 'jobs'],
    queryFn: () => apiRequest(AUDIT_ROUTES.jobs),
    refetchInterval: 60_000,
  });
}
