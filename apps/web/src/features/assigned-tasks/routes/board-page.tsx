/**
 * SPEC section 2.4: the home board. Greeting with the job-position modal,
 * filters for those who watch other people's tasks, one column per status,
 * the task cards, the archive dialog and the detail drawer.
 */
import { useCallback, useState } from 'react';
import { Alert, Anchor, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { AREA_WATCHER_ACCESS, MESSAGES, type AssignedTaskResponse } from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useBoard, type BoardFilters as Filters } from '../api/get-board';
import { useBoardStatuses } from '../api/lookups';
import { useArchiveAssignedTask, useChangeAssignedTaskStatus } from '../api/update-assigned-task';
import { ArchiveDialog } from '../components/archive-dialog';
import { BoardColumns } from '../components/board-columns';
import { BoardFilters } from '../components/board-filters';
import { TaskCard } from '../components/task-card';
import { TaskDrawer } from '../components/task-drawer';

function JobPositionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user } = useSession();
  const position = user?.descripcion_puesto;
  return (
    <Modal opened={opened} onClose={onClose} title="Mi Puesto de Trabajo" centered>
      {position ? (
        <Stack gap="xs">
          <Text fw={600}>{position.nombre}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {position.descripcion}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No tiene un puesto de trabajo asignado.
        </Text>
      )}
    </Modal>
  );
}

function BoardSkeleton() {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" data-testid="board-loading">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap="sm" style={{ flex: 1 }}>
          <Skeleton height={24} radius="sm" />
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ))}
    </Group>
  );
}

export function BoardPage() {
  const { user } = useSession();
  const can = useCan();
  const canWatch = can(AREA_WATCHER_ACCESS);
  const [filters, setFilters] = useState<Filters>({ areas: [], users: [] });
  const [positionOpen, setPositionOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [lastDetail, setLastDetail] = useState<AssignedTaskResponse | null>(null);
  const [archiving, setArchiving] = useState<AssignedTaskResponse | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);

  const statuses = useBoardStatuses();
  const board = useBoard(user?.uuid, canWatch ? filters : { areas: [], users: [] });
  const changeStatus = useChangeAssignedTaskStatus();
  const archive = useArchiveAssignedTask();

  // The drawer follows live data; when the task leaves the board it keeps the last copy while closing.
  const current = detailId ? (board.data?.find((t) => t.uuid === detailId) ?? null) : null;
  if (current && current !== lastDetail) setLastDetail(current);
  const drawerTask = current ?? lastDetail;

  // Stable handlers: the cards are memoised and must not re-render when the page does.
  const openDetail = useCallback((task: AssignedTaskResponse) => {
    setDetailId(task.uuid);
    setLastDetail(task);
    setDrawerOpen(true);
  }, []);

  const startArchive = useCallback((task: AssignedTaskResponse) => {
    setArchiveError(null);
    setArchiving(task);
  }, []);

  const mutateStatus = changeStatus.mutate;
  const onChangeStatus = useCallback(
    (task: AssignedTaskResponse, estadoUuid: string) => {
      mutateStatus(
        { id: task.uuid, estadoUuid },
        {
          onSuccess: () => toast.success(MESSAGES.success.taskStatusUpdated),
          onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.tasksLoadFailed)),
        },
      );
    },
    [mutateStatus],
  );

  const onArchive = (values: { calificacion?: number; observaciones?: string }) => {
    if (!archiving) return;
    setArchiveError(null);
    archive.mutate(
      { id: archiving.uuid, body: values },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.taskArchived);
          if (detailId === archiving.uuid) setDrawerOpen(false);
          setArchiving(null);
        },
        onError: (error) => setArchiveError(errorMessage(error, MESSAGES.errors.tasksLoadFailed)),
      },
    );
  };

  const loadError = statuses.error ?? board.error;

  return (
    <>
      <PageHeader
        title={user ? `Hola, ${user.nombre}` : 'Tablero'}
        description={
          <Anchor component="button" type="button" size="sm" onClick={() => setPositionOpen(true)}>
            Mi Puesto de Trabajo
          </Anchor>
        }
        icon={<IconLayoutKanban size={24} />}
        helpHref="/ayuda/tareas"
        helpLabel="Más sobre tareas"
      >
        {canWatch && <BoardFilters value={filters} onChange={setFilters} />}
      </PageHeader>

      {loadError ? (
        <Alert color="red" title={MESSAGES.errors.tasksLoadFailed} role="alert">
          {errorMessage(loadError, statuses.error ? MESSAGES.errors.statusesLoadFailed : MESSAGES.errors.tasksLoadFailed)}
        </Alert>
      ) : statuses.isPending || board.isPending ? (
        <BoardSkeleton />
      ) : (
        <BoardColumns
          statuses={statuses.data ?? []}
          tasks={board.data ?? []}
          renderTask={(task) => (
            <TaskCard
              key={task.uuid}
              task={task}
              statuses={statuses.data ?? []}
              canWatch={canWatch}
              busy={changeStatus.isPending && changeStatus.variables?.id === task.uuid}
              onOpen={openDetail}
              onArchive={startArchive}
              onChangeStatus={onChangeStatus}
            />
          )}
        />
      )}

      <JobPositionModal opened={positionOpen} onClose={() => setPositionOpen(false)} />
      <ArchiveDialog
        task={archiving}
        loading={archive.isPending}
        error={archiveError}
        onClose={() => setArchiving(null)}
        onConfirm={onArchive}
      />
      <TaskDrawer task={drawerTask} opened={drawerOpen && drawerTask !== null} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
