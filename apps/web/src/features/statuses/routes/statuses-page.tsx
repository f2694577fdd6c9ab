import { useState } from 'react';
import { Badge, Button, ColorSwatch, Group, Text } from '@mantine/core';
import { IconPlus, IconProgressCheck } from '@tabler/icons-react';
import { MESSAGES, type StatusResponse } from '@gestar/contracts';
import { CardGrid, CardGridSkeleton } from '../../../components/card-grid';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RecordCard } from '../../../components/record-card';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { toast } from '../../../lib/toast';
import { useStatuses } from '../api/get-statuses';
import { useDeleteStatus } from '../api/save-status';
import { StatusFormDialog } from '../components/status-form-dialog';

type Editing = { status: StatusResponse | null } | null;

/** SPEC section 2.9: Gestión de Estados. */
export function StatusesPage() {
  const can = useCan();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StatusResponse | null>(null);
  const statuses = useStatuses();
  const remove = useDeleteStatus();
  const canEdit = can('update:status');
  const canDelete = can('delete:status');
  const list = statuses.data?.data ?? [];
  const nextOrder = list.reduce((max, s) => Math.max(max, s.order), 0) + 1;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.statusDeleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
    });
  };

  return (
    <>
      <PageHeader
        title="Gestión de Estados"
        description="Estados por los que pasa una tarea asignada y su orden"
        icon={<IconProgressCheck size={24} />}
        helpHref="/ayuda/estados"
        helpLabel="Más sobre estados"
        actions={
          can('create:status') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ status: null })}>
              Nuevo Estado
            </Button>
          )
        }
      />

      {statuses.isPending ? (
        <CardGridSkeleton count={3} />
      ) : statuses.isError ? (
        <EmptyState title={errorMessage(statuses.error, MESSAGES.errors.statusesLoadFailed)} />
      ) : list.length === 0 ? (
        <EmptyState title={MESSAGES.errors.noStatuses} />
      ) : (
        <CardGrid label="Estados">
          {list.map((status) => (
            <RecordCard
              key={status.uuid}
              title={status.nombre}
              description={status.descripcion}
              leading={<ColorSwatch color={status.color} size={18} aria-hidden style={{ flexShrink: 0 }} />}
              editLabel={`Editar estado ${status.nombre}`}
              deleteLabel={`Eliminar estado ${status.nombre}`}
              onEdit={canEdit ? () => setEditing({ status }) : undefined}
              onDelete={
                canDelete
                  ? () => {
                      remove.reset();
                      setDeleting(status);
                    }
                  : undefined
              }
            >
              <Group gap="xs" mt="auto">
                <Badge variant="light" color="gray" tt="none">
                  Orden: {status.order}
                </Badge>
                <Text size="xs" c="dimmed" ff="monospace">
                  {status.color}
                </Text>
              </Group>
            </RecordCard>
          ))}
        </CardGrid>
      )}

      {editing && (
        <StatusFormDialog
          key={editing.status?.uuid ?? 'new'}
          status={editing.status}
          nextOrder={nextOrder}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          key={deleting.uuid}
          opened
          title="Eliminar Estado"
          message={
            <Text size="sm">
              ¿Está seguro de que desea eliminar el estado <strong>{deleting.nombre}</strong>? Esta acción es permanente.
              Después deberá reorganizar el orden de los estados restantes.
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
