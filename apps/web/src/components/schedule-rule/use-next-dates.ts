/**
 * The next five dates of a rule (after the company calendar), asked as the person edits. Which
 * request asks them is the scheduled-tasks feature's (`features/scheduled-tasks/api/next-dates.ts`):
 * a screen receives it as a `NextDatesSource` (the task form through `app/`), so these shared
 * controls know no feature.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Recurrence, SchedulePreviewResponse } from '@gestar/contracts';
import { nextDatesParams, type NextDatesParams, type RuleValues } from './rule-values';

/** The query of the next dates for some parameters (null: nothing to ask). */
export type NextDatesSource = (params: NextDatesParams | null) => {
  queryKey: readonly unknown[];
  queryFn: () => Promise<SchedulePreviewResponse>;
};

export type NextDatesResult = UseQueryResult<SchedulePreviewResponse>;

/** The next five dates of `rule` from `desde`, asked once the controls have rested 300 ms. */
export function useNextDates(
  source: NextDatesSource,
  rule: Recurrence | null,
  desde: string,
  values: RuleValues,
): NextDatesResult {
  const [debounced] = useDebouncedValue(nextDatesParams(rule, desde, values), 300);
  return useQuery({
    ...source(debounced),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    // Always asked again: the company calendar may have changed since.
    staleTime: 0,
  });
}
