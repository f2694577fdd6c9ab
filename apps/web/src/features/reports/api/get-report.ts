import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORTS_ROUTES, type ReportResponse, type ReportStatsResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** The screen's filters; empty lists and nulls are dropped from the query (SPEC section 7). */
export interface ReportFilters {
  statuses: string[];
  areas: string[];
  users: string[];
  title: string;
  /** Calendar dates `YYYY-MM-DD`, inclusive. */
  startDate: string | null;
  endDate: string | null;
}

export function reportFilterQuery(f: ReportFilters) {
  return {
    status_uuids: f.statuses,
    area_uuids: f.areas,
    employee_uuids: f.users,
    title: f.title,
    start_date: f.startDate,
    end_date: f.endDate,
  };
}

export const REPORTS_KEY = ['reports'] as const;

export function getReport(filters: ReportFilters, page: number, limit: number): Promise<ReportResponse> {
  return apiRequest(REPORTS_ROUTES.list, { query: { ...reportFilterQuery(filters), page, limit } });
}

export function reportQueryOptions(filters: ReportFilters, page: number, limit: number) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'list', filters, page, limit],
    queryFn: () => getReport(filters, page, limit),
    staleTime: CACHE_TIMES.reports,
  });
}

export function useReport(filters: ReportFilters, page: number, limit: number) {
  return useQuery({ ...reportQueryOptions(filters, page, limit), placeholderData: keepPreviousData });
}

export function getReportStats(filters: ReportFilters): Promise<ReportStatsResponse> {
  return apiRequest(REPORTS_ROUTES.stats, { query: reportFilterQuery(filters) });
}

export function reportStatsQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, 'stats', filters],
    queryFn: () => getReportStats(filters),
    staleTime: CACHE_TIMES.reports,
  });
}

export function useReportStats(filters: ReportFilters) {
  return useQuery({ ...reportStatsQueryOptions(filters), placeholderData: keepPreviousData });
}
