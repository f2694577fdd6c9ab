import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconArchive, IconEye, IconUser } from '@tabler/icons-react';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  descriptionToPlainText,
  type AssignedTaskResponse,
  type StatusResponse,
} from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { DUE_COLORS, DUE_LABELS, dueState } from './due-date';

/** The first 75 characters of the description's text, then '...' (SPEC section 2.4). */
export function descriptionPreview(description: string): string {
  const text = descriptionToPlainText(description).replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : text;
}

export function DueDateLabel({ date }: { date: string | null | undefined }) {
  const state = dueState(date);
  if (!state) return null;
  return (
    // autoContrast: dark text on the yellow 'Vence pronto', white on the red 'Vencida' (WCAG AA).
    <Badge
      color={DUE_COLORS[state]}
      variant={state === 'later' ? 'light' : 'filled'}
      autoContrast
      radius="sm"
      tt="none"
      data-due={state}
    >
      {DUE_LABELS[state]} {formatDate(date)}
    </Badge>
  );
}

export interface TaskCardProps {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  /** Either assigned-tasks read permission: assignee and archive are shown. */
  canWatch: boolean;
  busy: boolean;
  onOpen: () => void;
  onArchive: () => void;
  onChangeStatus: (estadoUuid: string) => void;
}

export function TaskCard({ task, statuses, canWatch, busy, onOpen, onArchive, onChangeStatus }: TaskCardProps) {
  const preview = descriptionPreview(task.tarea.descripcion);
  return (
    <Card withBorder radius="md" padding="sm" shadow="xs" data-testid="task-card" aria-label={task.tarea.titulo} component="article">
      <Stack gap={6}>
        <Text fw={600} size="sm" lh={1.3}>
          {task.tarea.titulo}
        </Text>
        {preview && (
          <Text size="xs" c="dimmed">
            {preview}
          </Text>
        )}
        {canWatch && (
          <Group gap={4} wrap="nowrap">
            <IconUser size={14} aria-hidden />
            <Text size="xs" data-testid="task-assignee">
              {task.empleado.nombre} {task.empleado.apellido}
            </Text>
          </Group>
        )}
        <Group gap={4}>
          <DueDateLabel date={task.fecha_vencimiento} />
        </Group>
        <Select
          size="xs"
          aria-label={`Estado de ${task.tarea.titulo}`}
          data={statuses.map((s) => ({ value: s.uuid, label: s.nombre }))}
          value={task.estado_uuid}
          allowDeselect={false}
          disabled={busy}
          onChange={(value) => {
            if (value && value !== task.estado_uuid) onChangeStatus(value);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap="xs" justify="flex-end">
          <Button size="compact-xs" variant="light" leftSection={<IconEye size={14} />} onClick={onOpen}>
            Ver detalles
          </Button>
          {canWatch && (
            <Button size="compact-xs" variant="light" color="orange" leftSection={<IconArchive size={14} />} onClick={onArchive}>
              Archivar
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
