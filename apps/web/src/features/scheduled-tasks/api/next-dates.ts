/**
 * The next dates of a rule as the schedule's controls describe it (issue 19): the preview route,
 * nothing saved. The schedules screen uses it here; the task form receives it from `app/`
 * (app/routes/tasks-route.tsx), since features do not import each other.
 */
import { SCHEDULED_TASKS_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import type { NextDatesSource } from '../../../components/schedule-rule/use-next-dates';

export const NEXT_DATES_KEY = ['schedule-preview'] as const;

export const nextDatesQuery: NextDatesSource = (params) => ({
  queryKey: [...NEXT_DATES_KEY, params],
  queryFn: () => apiRequest(SCHEDULED_TASKS_ROUTES.preview, { query: params! }),
});
