import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconCalendarRepeat, IconPlus } from '@tabler/icons-react';
import { MESSAGES, type ScheduledTaskResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { toast } from '../../../lib/toast';
import { useScheduledTasks } from '../api/get-scheduled-tasks';
import { useDeleteScheduledTask, useUpdateScheduledTask } from '../api/save-scheduled-task';
import { ScheduledTaskFormDialog } from '../components/scheduled-task-form-dialog';
import { ScheduledTasksTable } from '../components/scheduled-tasks-table';

type Editing = { schedule: ScheduledTaskResponse | null } | null;

/** SPEC section 2.7: Programación de tarea. */
export function ScheduledTasksPage() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ScheduledTaskResponse | null>(null);
  const schedules = useScheduledTasks(page);
  const toggle = useUpdateScheduledTask();
  const remove = useDeleteScheduledTask();
  const rows = schedules.data?.data;
  const totalPages = schedules.data?.meta.totalPages ?? 0;

  // Deleting the last row of the last page leaves an empty page: step back.
  if (schedules.data && page > 1 && page > totalPages) setPage(Math.max(1, totalPages));

  const onToggle = (s: ScheduledTaskResponse) => {
    // The toggle sends only the flag (SPEC section 4).
    toggle.mutate(
      { id: s.uuid, body: { activo: !s.activo } },
      {
        onSuccess: () => toast.success(MESSAGES.success.scheduleUpdated),
        onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.scheduleDeleted);
        setDeleting(null);
      },
      // A refusal shows once, inside the dialog that stays open (the `error` below), not also as a toast.
    });
  };

  return (
    <>
      <PageHeader
        title="Programación de tarea"
        description="Tareas que se generan solas: cada tantos días, algunos días de la semana, un día del mes o una fecha del año"
        icon={<IconCalendarRepeat size={24} />}
        helpHref="/ayuda/programacion"
        helpLabel="Más sobre programación"
        actions={
          can('create:scheduled-task') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ schedule: null })}>
              Nueva Programación
            </Button>
          )
        }
      />

      {schedules.isError ? (
        <EmptyState title={MESSAGES.errors.infoUnavailable} description={errorMessage(schedules.error, MESSAGES.errors.tasksLoadFailed)} />
      ) : rows && rows.length === 0 ? (
        <EmptyState
          title="No hay programaciones"
          description="Programe una tarea para que se asigne automáticamente: cada tantos días, algunos días de la semana, un día del mes o una fecha del año."
        />
      ) : (
        <ScheduledTasksTable
          schedules={rows}
          loading={schedules.isPending}
          canEdit={can('update:scheduled-task')}
          canDelete={can('delete:scheduled-task')}
          toggling={toggle.isPending ? (toggle.variables?.id ?? null) : null}
          onEdit={(schedule) => setEditing({ schedule })}
          onToggle={onToggle}
          onDelete={(schedule) => {
            remove.reset();
            setDeleting(schedule);
          }}
        />
      )}

      <Pagination page={page} totalPages={totalPages} onChange={setPage} disabled={schedules.isFetching} />

      {editing && (
        <ScheduledTaskFormDialog key={editing.schedule?.uuid ?? 'new'} schedule={editing.schedule} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          key={deleting.uuid}
          opened
          title="Confirmar eliminación"
          message={
            <Text size="sm">
              ¿Está seguro de que desea eliminar la programación de <strong>{deleting.tarea.titulo}</strong>? Las tareas
              ya generadas se conservan.
            </Text>
          }
          confirmLabel="Eliminar"
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
          loading={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, MESSAGES.errors.internal) : null}
        />
      )}
    </>
  );
}
