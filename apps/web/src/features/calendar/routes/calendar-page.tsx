import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight, IconDownload, IconTrash } from '@tabler/icons-react';
import {
  joinSpanish,
  MESSAGES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type HolidayYear,
  type NonWorkingDayResponse,
} from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DatePicker } from '../../../components/date-picker/date-picker';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatDate, dayjs } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useAddNonWorkingDay, useImportHolidays, useNonWorkingDays, useRemoveNonWorkingDay } from '../api/calendar';
import { HolidaysSetup, missingHolidayYears } from '../components/holidays-setup';

/** "de lunes a sábado" for a run of days, otherwise the days listed. */
function workedDays(days: readonly string[]): string {
  const idx = days.map((d) => WEEKDAYS.indexOf(d as (typeof WEEKDAYS)[number]));
  const run = idx.every((v, i) => i === 0 || v === idx[i - 1]! + 1);
  const names = days.map((d) => WEEKDAY_NAMES[d as (typeof WEEKDAYS)[number]]);
  if (run && names.length > 2) return `de ${names[0]} a ${names.at(-1)}`;
  return joinSpanish(names);
}

/**
 * «Feriados de Argentina cargados para 2026 y 2027», one sentence per country (a year brought in
 * before the country was recorded is named without one).
 */
export function coveredYears(years: readonly HolidayYear[]): string {
  if (!years.length) return 'Todavía no hay feriados nacionales cargados.';
  const byCountry = new Map<string | null, number[]>();
  for (const y of years) byCountry.set(y.pais_nombre, [...(byCountry.get(y.pais_nombre) ?? []), y.anio]);
  return [...byCountry]
    .map(([country, list]) => `Feriados ${country ? `de ${country} ` : ''}cargados para ${joinSpanish(list.map(String))}.`)
    .join(' ');
}

/** Configuración > Calendario laboral (issue 19): the days nobody works, by year. */
export function CalendarPage() {
  const can = useCan();
  const editable = can({ allOf: ['update:calendar'] });
  const [anio, setAnio] = useState(() => dayjs().year());
  const days = useNonWorkingDays(anio);
  const add = useAddNonWorkingDay();
  const remove = useRemoveNonWorkingDay();
  const importer = useImportHolidays();
  const [fecha, setFecha] = useState<string | null>(null);
  const [descripcion, setDescripcion] = useState('');
  const [errors, setErrors] = useState<{ fecha?: string; descripcion?: string }>({});
  const [removing, setRemoving] = useState<NonWorkingDayResponse | null>(null);

  const submit = () => {
    const next = {
      fecha: fecha ? undefined : MESSAGES.validation.fechaRequired,
      descripcion: descripcion.trim() ? undefined : MESSAGES.validation.descripcionRequired,
    };
    setErrors(next);
    if (next.fecha || next.descripcion) return;
    add.mutate(
      { fecha: fecha!, descripcion: descripcion.trim() },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.nonWorkingDayAdded);
          setFecha(null);
          setDescripcion('');
        },
        onError: (error) => toast.error(errorMessage(error, 'No se pudo agregar el día')),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Calendario laboral"
        description="Los días que no se trabaja: las programaciones los omiten, los pasan al siguiente día hábil o generan igual"
        icon={<IconCalendarOff size={24} />}
        helpHref="/ayuda/programacion#calendario"
        helpLabel="Más sobre el calendario"
      />
      <Stack gap="md" maw={900}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <ActionIcon variant="default" aria-label="Año anterior" onClick={() => setAnio((y) => y - 1)}>
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Title order={2} fz="h3" aria-live="polite">
              {anio}
            </Title>
            <ActionIcon variant="default" aria-label="Año siguiente" onClick={() => setAnio((y) => y + 1)}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
          {editable && (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={importer.isPending}
              onClick={() =>
                importer.mutate(anio, {
                  onSuccess: (r) =>
                    toast.success(
                      r.agregados === 0
                        ? `Los feriados de ${anio} ya estaban en el calendario`
                        : `Se agregaron ${r.agregados} feriados de ${anio}`,
                    ),
                  onError: (error) => toast.error(errorMessage(error, 'No se pudieron agregar los feriados')),
                })
              }
            >
              Agregar feriados nacionales de {anio}
            </Button>
          )}
        </Group>
        {days.data && (
          <Text size="sm" c="dimmed">
            Se trabaja {workedDays(days.data.dias_laborables)}; los demás días de la semana no son laborables. Los
            feriados nacionales son los de {days.data.pais_nombre}.
          </Text>
        )}
        {days.data && (
          <Text size="sm" aria-label="Años con feriados cargados">
            {coveredYears(days.data.feriados_cargados)}
            {days.data.feriados_automaticos ? ' Los del año en curso y el siguiente se cargan solos.' : ''}
          </Text>
        )}
        {editable && days.data && <HolidaysSetup calendar={days.data} />}
        {days.data && !days.data.feriados_cargados.some((y) => y.anio === anio) && !(editable && missingHolidayYears(days.data).includes(anio)) && (
          <Alert color="yellow" role="status" title={`Los feriados de ${anio} no están cargados`}>
            Las programaciones cuentan esos feriados como días laborables.
            {editable ? ` Para cargarlos, use «Agregar feriados nacionales de ${anio}».` : ''}
          </Alert>
        )}
        {editable && (
          <Card withBorder radius="md" padding="md" component="section" aria-label="Agregar día no laborable">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <DatePicker
                label="Fecha"
                value={fecha}
                onChange={setFecha}
                error={errors.fecha}
                w={200}
                minDate={`${anio}-01-01`}
                maxDate={`${anio}-12-31`}
                // Opens on the year shown (on today's month in the current year).
                initialMonth={anio === dayjs().year() ? undefined : `${anio}-01-01`}
              />
              <TextInput
                label="Descripción"
                placeholder="Por ejemplo: Inventario anual"
                value={descripcion}
                onChange={(e) => setDescripcion(e.currentTarget.value)}
                error={errors.descripcion}
                maxLength={120}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button onClick={submit} loading={add.isPending}>
                Agregar
              </Button>
            </Group>
          </Card>
        )}
        {days.isPending ? (
          <PageLoader />
        ) : days.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(days.error, 'No se pudo cargar el calendario')}
          </Alert>
        ) : days.data.data.length === 0 ? (
          <Text c="dimmed">No hay días no laborables marcados en {anio}.</Text>
        ) : (
          <Table striped highlightOnHover aria-label={`Días no laborables de ${anio}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th>Origen</Table.Th>
                {editable && <Table.Th aria-label="Acciones" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {days.data.data.map((d) => (
                <Table.Tr key={d.uuid}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.fecha, 'ddd D MMM YYYY')}</Table.Td>
                  <Table.Td>{d.descripcion}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={d.origen === 'feriado' ? 'blue' : 'gray'} c="dark.6" tt="none">
                      {d.origen === 'feriado' ? 'Feriado' : 'Agregado a mano'}
                    </Badge>
                  </Table.Td>
                  {editable && (
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={`Quitar ${d.descripcion}`} onClick={() => setRemoving(d)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Quitar día no laborable"
        message={removing ? `¿Quitar «${removing.descripcion}» (${formatDate(removing.fecha, 'D MMM YYYY')}) del calendario?` : ''}
        confirmLabel="Quitar"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.uuid, {
            onSuccess: () => {
              toast.success(MESSAGES.success.nonWorkingDayRemoved);
              setRemoving(null);
            },
            onError: (error) => toast.error(errorMessage(error, 'No se pudo quitar el día')),
          })
        }
      />
    </>
  );
}
