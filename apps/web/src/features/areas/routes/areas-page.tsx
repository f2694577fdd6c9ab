import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { CreateAreaRequestSchema, MESSAGES, type AreaResponse } from '@gestar/contracts';
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
import { areasQueryOptions, useAreas } from '../api/get-areas';
import { useCreateArea, useDeleteArea, useUpdateArea } from '../api/save-area';

type Editing = { area: AreaResponse | null } | null;

/** SPEC section 2.10: Gestión de Áreas. */
export function AreasPage() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AreaResponse | null>(null);
  const areas = useAreas(page);
  const listKey = areasQueryOptions(page).queryKey;
  const create = useCreateArea(listKey);
  const update = useUpdateArea();
  const remove = useDeleteArea();
  const canEdit = can('update:area');
  const canDelete = can('delete:area');

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.areaDeleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
    });
  };

  return (
    <>
      <PageHeader
        title="Gestión de Áreas"
        description="Áreas de la organización a las que pertenecen usuarios y tareas"
        icon={<IconBuildingCommunity size={24} />}
        helpHref="/ayuda/areas"
        helpLabel="Más sobre áreas"
        actions={
          can('create:area') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ area: null })}>
              Nueva Área
            </Button>
          )
        }
      />

      {areas.isPending ? (
        <CardGridSkeleton />
      ) : areas.isError ? (
        <EmptyState title={errorMessage(areas.error, MESSAGES.errors.areasLoadFailed)} />
      ) : areas.data.data.length === 0 ? (
        <EmptyState title="No hay áreas registradas" />
      ) : (
        <CardGrid label="Áreas">
          {areas.data.data.map((area) => (
            <RecordCard
              key={area.uuid}
              title={area.nombre}
              editLabel={`Editar área ${area.nombre}`}
              deleteLabel={`Eliminar área ${area.nombre}`}
              onEdit={canEdit ? () => setEditing({ area }) : undefined}
              onDelete={
                canDelete
                  ? () => {
                      remove.reset();
                      setDeleting(area);
                    }
                  : undefined
              }
            />
          ))}
        </CardGrid>
      )}

      <Pagination page={page} totalPages={areas.data?.meta.totalPages ?? 0} onChange={setPage} disabled={areas.isFetching} />

      {editing && (
        <CatalogFormDialog
          key={editing.area?.uuid ?? 'new'}
          title={editing.area ? 'Editar Área' : 'Nueva Área'}
          submitLabel={editing.area ? 'Actualizar' : 'Crear'}
          initial={{ nombre: editing.area?.nombre ?? '' }}
          withDescription={false}
          schema={CreateAreaRequestSchema}
          save={(body) => {
            const current = editing.area;
            return current ? update.mutateAsync({ id: current.uuid, body }) : create.mutateAsync(body);
          }}
          successMessage={editing.area ? MESSAGES.success.areaUpdated : MESSAGES.success.areaCreated}
          busy={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          key={deleting.uuid}
          opened
          title="Eliminar Área"
          message={
            <Text size="sm">
              ¿Está seguro de que desea eliminar el área <strong>{deleting.nombre}</strong>? Esta acción es permanente.
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
