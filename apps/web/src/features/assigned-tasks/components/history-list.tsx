import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconArchive, IconChecklist, IconMessage, IconPaperclip, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { MESSAGES, type AssignedTaskHistoryType } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useHistory } from '../api/get-history';

const ICONS: Record<AssignedTaskHistoryType, typeof IconRefresh> = {
  estado: IconRefresh,
  archivo: IconArchive,
  comentario: IconMessage,
  asignacion: IconUserPlus,
  checklist: IconChecklist,
  adjunto: IconPaperclip,
};

/** 'Historial': who changed what and when, newest first. */
export function HistoryList({ assignedTaskId }: { assignedTaskId: string }) {
  const history = useHistory(assignedTaskId);
  if (history.isPending) return <Skeleton height={48} radius="md" />;
  if (history.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(history.error, MESSAGES.errors.tasksLoadFailed)}
      </Text>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin cambios registrados.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2} data-testid="history">
      {history.data.map((entry) => {
        const Icon = ICONS[entry.tipo];
        return (
          <Timeline.Item key={entry.uuid} bullet={<Icon size={12} />}>
            <Stack gap={0}>
              <Text size="sm">{entry.detalle}</Text>
              <Text size="xs" c="dimmed">
                {entry.usuario.nombre} {entry.usuario.apellido} · {formatDate(entry.fecha, 'DD MMM YYYY HH:mm')}
              </Text>
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
