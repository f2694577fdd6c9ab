import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { CreateTaskTypeRequestSchema, MESSAGES, type TaskTypeResponse } from '@gestar/contracts';
import { CardGrid, CardGridSkeleton } from '../../../components/card-grid';
import { CatalogFormDialog } from '../../../components/catalog-form-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { RecordCard } from '../../../components/record-card';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { toast } from '../../../lib/toast';
import { taskTypesQueryOptions, useTaskTypes } from '../api/get-task-types';
import { useCreateTaskType, useDeleteTaskType, useUpdateTaskType } from '../api/save-task-type';

type Editing = { type: TaskTypeResponse | null } | null;

/** SPEC section 2.12: Gestión de Tipos de Tareas. */
export function TaskTypesPage() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaskTypeResponse | null>(null);
  const types = useTaskTypes(page);
  const create = useCreateTaskType(taskTypesQueryOptions(page).queryKey);
  const update = useUpdateTaskType();
  const remove = useDeleteTaskType();
  const canEdit = can('update:task-type');
  const canDelete = can('delete:task-type');

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.taskTypeDeleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
    });
  };

  return (
    <>
      <PageHeader
        title="Gestión de Tipos de Tareas"
        description="Categorías con las que se clasifican las tareas"
        icon={<IconCategory size={24} />}
        helpHref="/ayuda/tipo-tarea"
        helpLabel="Más sobre tipos de tarea"
        actions={
          can('create:task-type') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ type: null })}>
              Nuevo Tipo de Tarea
            </Button>
          )
        }
      />

      {types.isPending ? (
        <CardGridSkeleton />
      ) : types.isError ? (
        <EmptyState title={MESSAGES.errors.taskTypesLoadFailed} description={errorMessage(types.error, '')} />
      ) : types.data.data.length === 0 ? (
        <EmptyState title="No hay tipos de tarea registrados" />
      ) : (
        <CardGrid label="Tipos de tarea">
          {types.data.data.map((type) => (
            <RecordCard
              key={type.uuid}
              title={type.nombre}
              description={type.descripcion}
              editLabel={`Editar tipo de tarea ${type.nombre}`}
              deleteLabel={`Eliminar tipo de tarea ${type.nombre}`}
              onEdit={canEdit ? () => setEditing({ type }) : undefined}
              onDelete={
                canDelete
                  ? () => {
                      remove.reset();
                      setDeleting(type);
                    }
                  : undefined
              }
            />
          ))}
        </CardGrid>
      )}

      <Pagination page={page} totalPages={types.data?.meta.totalPages ?? 0} onChange={setPage} disabled={types.isFetching} />

      {editing && (
        <CatalogFormDialog
          key={editing.type?.uuid ?? 'new'}
          title={editing.type ? 'Editar Tipo de tarea' : 'Nuevo Tipo de tarea'}
          submitLabel={editing.type ? 'Actualizar' : 'Crear'}
          initial={{ nombre: editing.type?.nombre ?? '', descripcion: editing.type?.descripcion ?? '' }}
          withDescription
          schema={CreateTaskTypeRequestSchema}
          save={(body) => {
            const current = editing.type;
            return current ? update.mutateAsync({ id: current.uuid, body }) : create.mutateAsync(body);
          }}
          successMessage={editing.type ? MESSAGES.success.taskTypeUpdated : MESSAGES.success.taskTypeCreated}
          busy={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          key={deleting.uuid}
          opened
          title="Confirmar eliminación"
          message={
            <Text size="sm">
              ¿Está seguro de que desea eliminar el tipo de tarea <strong>{deleting.nombre}</strong>? Esta acción no se
              puede deshacer.
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
