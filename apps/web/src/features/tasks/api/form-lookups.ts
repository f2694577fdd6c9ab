/**
 * What the task form offers: task types, the caller's own areas (SPEC
 * section 5) and the users of each area. Keys start with the resource name,
 * so the resource's own screens invalidate them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AREAS_ROUTES, ASSETS_ROUTES, MAX_PAGE_SIZE, TASK_TYPES_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function taskTypeOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['task-types', 'options'],
    queryFn: async () => (await apiRequest(TASK_TYPES_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } })).data,
    staleTime: CACHE_TIMES.taskTypes,
  });
}

export function useTaskTypeOptions() {
  return useQuery(taskTypeOptionsQueryOptions());
}

export function areasOfUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['areas', 'of-user', userId],
    queryFn: () => apiRequest(AREAS_ROUTES.ofUser, { params: { id: userId } }),
    staleTime: CACHE_TIMES.areasOfUser,
  });
}

export function useAreasOfUser(userId: string | undefined) {
  return useQuery({ ...areasOfUserQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

export function areasWithUsersQueryOptions() {
  return queryOptions({
    queryKey: ['areas', 'with-users'],
    queryFn: () => apiRequest(AREAS_ROUTES.withUsers),
    staleTime: CACHE_TIMES.areasWithUsers,
  });
}

export function useAreasWithUsers() {
  return useQuery(areasWithUsersQueryOptions());
}

/** The machines of `area` by code, for the task's optional «Equipo» (under the machines' own key). */
export function useAreaAssetOptions(area: string | null) {
  return useQuery({
    queryKey: ['assets', 'of-area', area],
    queryFn: async () => (await apiRequest(ASSETS_ROUTES.list, { query: { area, limit: MAX_PAGE_SIZE } })).data,
    staleTime: CACHE_TIMES.assets,
    enabled: area !== null,
  });
}
