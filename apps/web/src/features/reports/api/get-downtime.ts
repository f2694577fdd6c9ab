import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  downtimeFileName,
  EXPORT_CONTENT_TYPES,
  REPORTS_ROUTES,
  todayIn,
  type DowntimeResponse,
  type DowntimeSort,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { CACHE_TIMES } from '../../../lib/ui-settings';
import { REPORTS_KEY, type ReportFilters } from './get-report';

/** The table's order and page, on top of the screen's period and areas. */
export interface DowntimeView {
  sort: DowntimeSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** The downtime figures take only the screen's period and areas (they are about machines, not people). */
export function downtimeFilterQuery(f: ReportFilters) {
  return { area_uuids: f.areas, start_date: f.startDate, end_date: f.endDate };
}

export function getDowntime(filters: ReportFilters, view: DowntimeView): Promise<DowntimeResponse> {
  return apiRequest(REPORTS_ROUTES.downtime, { query: { ...downtimeFilterQuery(filters), ...view } });
}

export function downtimeQueryOptions(filters: ReportFilters, view: DowntimeView) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'downtime', downtimeFilterQuery(filters), view],
    queryFn: () => getDowntime(filters, view),
    staleTime: CACHE_TIMES.reports,
  });
}

export function useDowntime(filters: ReportFilters, view: DowntimeView) {
  return useQuery({ ...downtimeQueryOptions(filters, view), placeholderData: keepPreviousData });
}

/** Saves the table of every machine as `Paradas-YYYY-MM-DD.csv`. */
export async function exportDowntimeCsv(filters: ReportFilters): Promise<void> {
  const blob = await apiRequest(REPORTS_ROUTES.downtimeCsv, {
    query: downtimeFilterQuery(filters),
    headers: { Accept: EXPORT_CONTENT_TYPES.csv },
  });
  saveBlob(blob, downtimeFileName(todayIn()));
}

export function useExportDowntimeCsv() {
  return useMutation({ mutationFn: exportDowntimeCsv });
}
