/** The company calendar (Configuración > Calendario laboral): non-working days of a year. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALENDAR_ROUTES, type CreateNonWorkingDayRequestInput } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

export const CALENDAR_KEY = ['calendar'] as const;

export function useNonWorkingDays(anio: number) {
  return useQuery({
    queryKey: [...CALENDAR_KEY, anio],
    queryFn: () => apiRequest(CALENDAR_ROUTES.list, { query: { anio } }),
  });
}

/** After a change: the year's list and the schedules' previews (they follow the calendar). */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: CALENDAR_KEY }),
      client.invalidateQueries({ queryKey: ['scheduled-tasks'] }),
    ]);
}

export function useAddNonWorkingDay() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateNonWorkingDayRequestInput) => apiRequest(CALENDAR_ROUTES.create, { body }),
    onSuccess: invalidate,
  });
}

export function useRemoveNonWorkingDay() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest(CALENDAR_ROUTES.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useImportHolidays() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (anio: number) => apiRequest(CALENDAR_ROUTES.importHolidays, { body: { anio } }),
    onSuccess: invalidate,
  });
}

/** The years given, one after the other; answers how many days were added in all. */
export function useImportHolidayYears() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (anios: number[]) => {
      let agregados = 0;
      for (const anio of anios) agregados += (await apiRequest(CALENDAR_ROUTES.importHolidays, { body: { anio } })).agregados;
      return agregados;
    },
    onSuccess: invalidate,
  });
}
