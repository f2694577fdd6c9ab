/**
 * The time of one task in its drawer (issue 35): the total, the intervals with where each came
 * from, «Corregir» on each and «Agregar tiempo». The assignee sees and corrects their own; a
 * supervisor (manage:time-entries) those of the tasks of their areas.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { TimeEntryResponse } from '@gestar/contracts';
import { TimeEntryBadges } from './time-entry-badges';
import { formatDate } from '../../lib/dates';
import { formatDuration } from '../../lib/elapsed';
import { useNow, useTaskTimeEntries, useTimerOn } from '../../lib/time-entries';
import { TimeEntryDialog, type TimeEntryDialogTarget } from './time-entry-dialog';

function Total({ seconds, since }: { seconds: number; since: number | null }) {
  const now = useNow();
  const running = since !== null ? Math.max(0, now - since) : 0;
  return (
    <Text size="sm" data-testid="task-time-total">
      Total: <b>{formatDuration(seconds * 1000 + running)}</b>
    </Text>
  );
}

function Row({ entry, onCorrect }: { entry: TimeEntryResponse; onCorrect?: () => void }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" data-testid="time-entry">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm">
          {formatDate(entry.inicio, 'DD/MM HH:mm')} – {entry.fin ? formatDate(entry.fin, 'HH:mm') : 'en marcha'}{' '}
          <Text span size="sm" fw={600}>
            {entry.en_marcha ? '' : formatDuration(entry.segundos * 1000)}
          </Text>
        </Text>
        <Group gap={4} wrap="wrap">
          <Text size="xs" c="dimmed">
            {entry.usuario.nombre} {entry.usuario.apellido}
          </Text>
          <TimeEntryBadges entry={entry} />
        </Group>
      </Stack>
      {onCorrect && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPencil size={12} aria-hidden />}
          onClick={onCorrect}
          style={{ flexShrink: 0 }}
        >
          Corregir
        </Button>
      )}
    </Group>
  );
}

export function TaskTimeSection({
  task,
  canEdit,
}: {
  task: { uuid: string; titulo: string };
  /** The assignee (own time) or a supervisor of the task's area. */
  canEdit: boolean;
}) {
  const entries = useTaskTimeEntries(task.uuid);
  const since = useTimerOn(task.uuid);
  const [target, setTarget] = useState<TimeEntryDialogTarget | null>(null);
  const list = entries.data?.data ?? [];
  // The running interval counts from this device's clock (the list's seconds were the server's at reading).
  const closedSeconds = list.filter((e) => !e.en_marcha).reduce((sum, e) => sum + e.segundos, 0);
  const serverRunning = list.find((e) => e.en_marcha);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        {entries.isPending ? (
          <Text size="sm" c="dimmed">
            Cargando el tiempo...
          </Text>
        ) : entries.isError ? (
          <Text size="sm" c="dimmed">
            No se pudo cargar el tiempo de esta tarea.
          </Text>
        ) : (
          <Total seconds={since === null && serverRunning ? closedSeconds + serverRunning.segundos : closedSeconds} since={since} />
        )}
        {canEdit && (
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setTarget({ mode: 'agregar', task })}>
            Agregar tiempo
          </Button>
        )}
      </Group>
      {list.length === 0 && !entries.isPending && (
        <Text size="sm" c="dimmed">
          Sin tiempo registrado.
        </Text>
      )}
      {list.map((entry) => (
        <Row key={entry.uuid} entry={entry} onCorrect={canEdit ? () => setTarget({ mode: 'corregir', entry }) : undefined} />
      ))}
      {target && <TimeEntryDialog target={target} onClose={() => setTarget(null)} />}
    </Stack>
  );
}
