import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  EXPORT_CONTENT_TYPES,
  hoursFileName,
  REPORTS_ROUTES,
  todayIn,
  type FlowResponse,
  type HoursResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { CACHE_TIMES } from '../../../lib/ui-settings';
import { REPORTS_KEY, type ReportFilters } from './get-report';

/** The time figures take the screen's period, areas and people (who worked, or whose task it was). */
export function timeFilterQuery(f: ReportFilters) {
  return { area_uuids: f.areas, employee_uuids: f.users, start_date: f.startDate, end_date: f.endDate };
}

export function hoursQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'hours', timeFilterQuery(filters)],
    queryFn: (): Promise<HoursResponse> => apiRequest(REPORTS_ROUTES.hours, { query: timeFilterQuery(filters) }),
    staleTime: CACHE_TIMES.reports,
  });
}

export function flowQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'flow', timeFilterQuery(filters)],
    queryFn: (): Promise<FlowResponse> => apiRequest(REPORTS_ROUTES.flow, { query: timeFilterQuery(filters) }),
    staleTime: CACHE_TIMES.reports,
  });
}

export function useHours(filters: ReportFilters) {
  return useQuery({ ...hoursQueryOptions(filters), placeholderData: keepPreviousData });
}

export function useFlow(filters: ReportFilters) {
  return useQuery({ ...flowQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Saves every group's hours as `Horas-YYYY-MM-DD.csv`. */
export async function exportHoursCsv(filters: ReportFilters): Promise<void> {
  const blob = await apiRequest(REPORTS_ROUTES.hoursCsv, {
    query: timeFilterQuery(filters),
    headers: { Accept: EXPORT_CONTENT_TYPES.csv },
  });
  saveBlob(blob, hoursFileName(todayIn()));
}

export function useExportHoursCsv() {
  return useMutation({ mutationFn: exportHoursCsv });
}
