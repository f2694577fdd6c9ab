import { Alert, Button, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { joinSpanish, type NonWorkingDayListResponse } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { dayjs } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useImportHolidayYears } from '../api/calendar';

/** The current and the next year whose national holidays are not loaded yet. */
export function missingHolidayYears(calendar: Pick<NonWorkingDayListResponse, 'feriados_cargados'>, now = dayjs()): number[] {
  const loaded = new Set(calendar.feriados_cargados.map((y) => y.anio));
  return [now.year(), now.year() + 1].filter((y) => !loaded.has(y));
}

/**
 * A first setup (or a server whose automatic import is off): the current and next years'
 * holidays are offered in one step, before any schedule counts 25 December as a working day.
 */
export function HolidaysSetup({ calendar }: { calendar: NonWorkingDayListResponse }) {
  const importer = useImportHolidayYears();
  const missing = missingHolidayYears(calendar);
  if (!missing.length) return null;
  const years = joinSpanish(missing.map(String));
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCalendarPlus size={20} />}
      title={`Faltan los feriados nacionales de ${years}`}
      component="section"
      role="region"
    >
      <Text size="sm" mb="sm">
        Sin ellos, las programaciones cuentan el 25 de diciembre y los demás feriados de {calendar.pais_nombre} como días
        laborables. Puede agregarlos ahora y quitar después los que su empresa trabaje.
      </Text>
      <Button
        leftSection={<IconCalendarPlus size={16} />}
        loading={importer.isPending}
        onClick={() =>
          importer.mutate(missing, {
            onSuccess: (agregados) => toast.success(`Se agregaron ${agregados} feriados de ${calendar.pais_nombre} de ${years}`),
            onError: (error) => toast.error(errorMessage(error, 'No se pudieron agregar los feriados')),
          })
        }
      >
        Agregar los feriados de {calendar.pais_nombre} de {years}
      </Button>
    </Alert>
  );
}
