import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ASSIGNED_TASKS_ROUTES, type AssignedTaskBoardResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export interface BoardFilters {
  areas: string[];
  users: string[];
  /** One machine's tasks, by its code (`?equipo=SIE-01`). */
  equipo?: string | null;
}

/** Root of every assigned-task query: live events and mutations invalidate it. */
export const ASSIGNED_TASKS_KEY = ['assigned-tasks'] as const;

export function getBoard(userId: string, filters: BoardFilters): Promise<AssignedTaskBoardResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.board, {
    params: { id: userId },
    query: { area: filters.areas, users: filters.users, equipo: filters.equipo },
  });
}

export function boardQueryOptions(userId: string, filters: BoardFilters) {
  return queryOptions({
    queryKey: [
      ...ASSIGNED_TASKS_KEY,
      'board',
      userId,
      { areas: [...filters.areas].sort(), users: [...filters.users].sort(), ...(filters.equipo ? { equipo: filters.equipo } : {}) },
    ],
    queryFn: () => getBoard(userId, filters),
    staleTime: CACHE_TIMES.assignedTasks,
  });
}

export function useBoard(userId: string | undefined, filters: BoardFilters) {
  return useQuery({ ...boardQueryOptions(userId ?? '', filters), enabled: Boolean(userId), placeholderData: keepPreviousData });
}
