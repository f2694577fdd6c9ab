import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { CreateJobPositionRequestSchema, MESSAGES, type JobPositionResponse } from '@gestar/contracts';
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
import { jobPositionsQueryOptions, useJobPositions } from '../api/get-job-positions';
import { useCreateJobPosition, useDeleteJobPosition, useUpdateJobPosition } from '../api/save-job-position';

type Editing = { position: JobPositionResponse | null } | null;

/** SPEC section 2.11: Gestión de Puestos de Trabajo. */
export function JobPositionsPage() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<JobPositionResponse | null>(null);
  const positions = useJobPositions(page);
  const create = useCreateJobPosition(jobPositionsQueryOptions(page).queryKey);
  const update = useUpdateJobPosition();
  const remove = useDeleteJobPosition();
  const canEdit = can('update:job-description');
  const canDelete = can('delete:job-description');

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.jobPositionDeleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
    });
  };

  return (
    <>
      <PageHeader
        title="Gestión de Puestos de Trabajo"
        description="Puestos de trabajo y la descripción de sus responsabilidades"
        icon={<IconBriefcase size={24} />}
        helpHref="/ayuda/puestos-trabajo"
        helpLabel="Más sobre puestos de trabajo"
        actions={
          can('create:job-description') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ position: null })}>
              Nuevo Puesto
            </Button>
          )
        }
      />

      {positions.isPending ? (
        <CardGridSkeleton />
      ) : positions.isError ? (
        <EmptyState title={errorMessage(positions.error, MESSAGES.errors.jobPositionsLoadFailed)} />
      ) : positions.data.data.length === 0 ? (
        <EmptyState title={MESSAGES.errors.jobPositionsEmpty} />
      ) : (
        <CardGrid label="Puestos de trabajo">
          {positions.data.data.map((position) => (
            <RecordCard
              key={position.uuid}
              title={position.nombre}
              description={position.descripcion}
              editLabel={`Editar puesto ${position.nombre}`}
              deleteLabel={`Eliminar puesto ${position.nombre}`}
              onEdit={canEdit ? () => setEditing({ position }) : undefined}
              onDelete={
                canDelete
                  ? () => {
                      remove.reset();
                      setDeleting(position);
                    }
                  : undefined
              }
            />
          ))}
        </CardGrid>
      )}

      <Pagination
        page={page}
        totalPages={positions.data?.meta.totalPages ?? 0}
        onChange={setPage}
        disabled={positions.isFetching}
      />

      {editing && (
        <CatalogFormDialog
          key={editing.position?.uuid ?? 'new'}
          title={editing.position ? 'Editar Puesto' : 'Nuevo Puesto'}
          submitLabel={editing.position ? 'Actualizar' : 'Crear'}
          initial={{ nombre: editing.position?.nombre ?? '', descripcion: editing.position?.descripcion ?? '' }}
          withDescription
          schema={CreateJobPositionRequestSchema}
          save={(body) => {
            const current = editing.position;
            return current ? update.mutateAsync({ id: current.uuid, body }) : create.mutateAsync(body);
          }}
          successMessage={editing.position ? MESSAGES.success.jobPositionUpdated : MESSAGES.success.jobPositionCreated}
          busy={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          key={deleting.uuid}
          opened
          title="Eliminar Puesto de Trabajo"
          message={
            <Text size="sm">
              ¿Está seguro de que desea eliminar el puesto de trabajo <strong>{deleting.nombre}</strong>? Esta acción es
              permanente.
            </Text>
          }
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
          loading={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, MESSAGES.errors.internal) : null}
        />
      )}
    </>
  );
}
