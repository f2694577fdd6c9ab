/**
 * «Mi semana» (issue 35): the person's own time, a week at a time, by day, with the total; each
 * interval can be corrected and time added (with the reason), and the week exported as CSV.
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TimeEntryResponse } from '@gestar/contracts';
import { TimeEntryBadges } from '../../../components/timer/time-entry-badges';
import { TimeEntryDialog, type TimeEntryDialogTarget } from '../../../components/timer/time-entry-dialog';
import { dayjs, formatDate } from '../../../lib/dates';
import { saveBlob } from '../../../lib/download';
import { formatDuration } from '../../../lib/elapsed';
import { fetchAllTimeEntries, TIME_ENTRIES_KEY } from '../../../lib/time-entries';
import { addDays, groupByDay, timesheetCsv, weekStart } from '../../../lib/timesheet';

function useWeek(monday: Date) {
  const desde = monday.toISOString();
  const hasta = addDays(monday, 7).toISOString();
  return useQuery({
    queryKey: [...TIME_ENTRIES_KEY, 'list', 'semana', desde] as const,
    queryFn: () => fetchAllTimeEntries({ desde, hasta }),
  });
}

function EntryRow({ entry, onCorrect }: { entry: TimeEntryResponse; onCorrect: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" px="xs" py={4} data-testid="timesheet-entry">
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {entry.titulo}
        </Text>
        <Group gap={4} wrap="wrap">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(entry.inicio, 'HH:mm')} – {entry.fin ? formatDate(entry.fin, 'HH:mm') : 'en marcha'}
          </Text>
          <TimeEntryBadges entry={entry} />
        </Group>
      </Stack>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} pt={2}>
        {entry.en_marcha ? 'en marcha' : formatDuration(entry.segundos * 1000)}
      </Text>
      <ActionIcon variant="subtle" onClick={onCorrect} aria-label={`Corregir ${entry.titulo} de las ${formatDate(entry.inicio, 'HH:mm')}`}>
        <IconPencil size={16} />
      </ActionIcon>
    </Group>
  );
}

export function TimesheetCard() {
  const [offset, setOffset] = useState(0);
  const monday = useMemo(() => weekStart(new Date(), offset), [offset]);
  const week = useWeek(monday);
  const [target, setTarget] = useState<TimeEntryDialogTarget | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const entries = useMemo(() => week.data?.data ?? [], [week.data]);
  const days = useMemo(() => groupByDay(monday, entries), [monday, entries]);
  const tasks = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of entries) seen.set(e.tarea_asignada_uuid, e.titulo);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [entries]);
  const total = entries.reduce((sum, e) => sum + e.segundos, 0);
  const sunday = addDays(monday, 6);
  const exportCsv = () =>
    saveBlob(
      new Blob([timesheetCsv(entries)], { type: 'text/csv;charset=utf-8' }),
      `mi-semana-${dayjs(monday).format('YYYY-MM-DD')}.csv`,
    );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-semana">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} fz="h3" id="perfil-semana">
          Mi semana
        </Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" onClick={() => setOffset((o) => o - 1)} aria-label="Semana anterior">
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" fw={600} miw={130} ta="center" data-testid="timesheet-week">
            {formatDate(monday, 'DD/MM')} al {formatDate(sunday, 'DD/MM/YYYY')}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setOffset((o) => o + 1)}
            disabled={offset >= 0}
            aria-label="Semana siguiente"
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        El tiempo que registró en sus tareas. Corrija un intervalo o agregue uno olvidado indicando el motivo.
      </Text>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="timesheet-total">
          Total de la semana: <b>{formatDuration(total * 1000)}</b>
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAdding(tasks[0]?.value ?? '')}
            disabled={tasks.length === 0}
            title={tasks.length === 0 ? 'Agregue tiempo a una tarea nueva desde su detalle en el tablero' : undefined}
          >
            Agregar tiempo
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={exportCsv}
            disabled={entries.length === 0}
          >
            Exportar CSV
          </Button>
        </Group>
      </Group>
      {adding !== null && (
        <Group gap="xs" mb="sm" align="flex-end" wrap="wrap">
          <Select
            label="Tarea"
            data={tasks}
            value={adding}
            onChange={(v) => setAdding(v ?? '')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 14rem' }}
          />
          <Button
            size="sm"
            onClick={() => {
              const task = tasks.find((t) => t.value === adding);
              if (task) setTarget({ mode: 'agregar', task: { uuid: task.value, titulo: task.label } });
              setAdding(null);
            }}
          >
            Continuar
          </Button>
          <Button size="sm" variant="default" onClick={() => setAdding(null)}>
            Cancelar
          </Button>
        </Group>
      )}
      {week.isPending ? (
        <Text size="sm" c="dimmed">
          Cargando su semana...
        </Text>
      ) : week.isError ? (
        <Text size="sm" c="red" role="alert">
          No se pudo cargar su tiempo. Intente de nuevo.
        </Text>
      ) : (
        <Stack gap="sm">
          {days.map((d) => (
            <Stack key={d.day} gap={2} data-testid="timesheet-day">
              <Group justify="space-between" bg="gray.0" px="xs" py={4} style={{ borderRadius: 4 }}>
                <Text size="sm" fw={600} tt="capitalize">
                  {dayjs(d.day).format('dddd DD/MM')}
                </Text>
                <Text size="sm" fw={600} c={d.seconds > 0 ? undefined : 'dimmed'}>
                  {formatDuration(d.seconds * 1000)}
                </Text>
              </Group>
              {d.entries.map((e) => (
                <EntryRow key={e.uuid} entry={e} onCorrect={() => setTarget({ mode: 'corregir', entry: e })} />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {target && <TimeEntryDialog target={target} onClose={() => setTarget(null)} />}
    </Card>
  );
}
