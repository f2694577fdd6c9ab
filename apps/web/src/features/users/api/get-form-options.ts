/**
 * Lookups of the user form: roles, the areas the caller may see (the API
 * confines a supervisor to its own), and job positions. Each list is small,
 * so one page of up to 100 brings it whole.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AREAS_ROUTES,
  JOB_POSITIONS_ROUTES,
  MAX_PAGE_SIZE,
  ROLES_ROUTES,
  type AreaListResponse,
  type JobPositionListResponse,
  type RoleListResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function getRoles(): Promise<RoleListResponse> {
  return apiRequest(ROLES_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } });
}

export function rolesQueryOptions() {
  return queryOptions({ queryKey: ['roles', 'list'], queryFn: getRoles, staleTime: CACHE_TIMES.roles });
}

export function useRoles(enabled: boolean) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}

export function getAreaOptions(): Promise<AreaListResponse> {
  return apiRequest(AREAS_ROUTES.list, { query: { page: 1, limit: MAX_PAGE_SIZE } });
}

export function areaOptionsQueryOptions() {
  return queryOptions({ queryKey: ['areas', 'options'], queryFn: getAreaOptions, staleTime: CACHE_TIMES.areas });
}

export function useAreaOptions(enabled: boolean) {
  return useQuery({ ...areaOptionsQueryOptions(), enabled });
}

export function getJobPositionOptions(): Promise<JobPositionListResponse> {
  return apiRequest(JOB_POSITIONS_ROUTES.list, { query: { page: 1, limit: MAX_PAGE_SIZE } });
}

export function jobPositionOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['job-positions', 'options'],
    queryFn: getJobPositionOptions,
    staleTime: CACHE_TIMES.jobPositions,
  });
}

export function useJobPositionOptions(enabled: boolean) {
  return useQuery({ ...jobPositionOptionsQueryOptions(), enabled });
}
