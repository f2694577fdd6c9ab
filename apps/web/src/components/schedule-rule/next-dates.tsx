import { Alert, List, Stack, Text } from '@mantine/core';
import { describeRecurrence, joinSpanish, type Recurrence } from '@gestar/contracts';
import { errorMessage } from '../../lib/api-client';
import { dayjs } from '../../lib/dates';
import type { NextDatesResult } from './use-next-dates';

/** The rule in words and its next dates (from `useNextDates`). */
export function NextDates({ rule, preview }: { rule: Recurrence | null; preview: NextDatesResult }) {
  if (!rule) return null;
  const dates = preview.data?.ocurrencias ?? [];
  return (
    <Stack gap={4} data-testid="next-dates">
      <Text size="sm" fw={500}>
        {describeRecurrence(rule)}
      </Text>
      <Text size="sm" c="dimmed" id="proximas-fechas">
        Próximas fechas
      </Text>
      {preview.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(preview.error, 'No se pudieron calcular las próximas fechas.')}
        </Text>
      ) : dates.length === 0 && preview.isSuccess ? (
        <Text size="sm" c="dimmed">
          La programación no tiene fechas con este final.
        </Text>
      ) : (
        <List size="sm" aria-label="Próximas fechas" spacing={2}>
          {dates.map((o) => (
            <List.Item key={o.fecha}>
              <time dateTime={o.fecha}>{dayjs(o.fecha).format('ddd D MMM YYYY')}</time>
              {o.movida_desde && (
                // A date the calendar moved: the day it avoided, and why.
                <Text span size="xs" fw={600} c="#9a3412" data-testid="moved-date">
                  {' '}
                  · movida del <time dateTime={o.movida_desde}>{dayjs(o.movida_desde).format('ddd D MMM')}</time>
                  {o.motivo ? `: ${o.motivo}` : ''}
                </Text>
              )}
              {o.aparece !== o.fecha && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · aparece en el tablero el <time dateTime={o.aparece}>{dayjs(o.aparece).format('D MMM')}</time>
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
      {!preview.isError && (preview.data?.anios_sin_feriados.length ?? 0) > 0 && (
        <Alert color="yellow" variant="light" p="xs" data-testid="anios-sin-feriados">
          <Text size="xs">
            Los feriados de {joinSpanish(preview.data!.anios_sin_feriados.map(String))} aún no están cargados en el calendario de la
            empresa: allí solo se evitan los días marcados a mano. Un administrador puede cargarlos en Calendario.
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
