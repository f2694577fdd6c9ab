import { useState, type ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MESSAGES, type Permission } from '@gestar/contracts';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useCatalogList, useCatalogMutations, type CatalogApi, type CatalogRecord } from '../../lib/catalog-api';
import { toast } from '../../lib/toast';
import { CardGrid, CardGridSkeleton } from '../card-grid';
import { ConfirmDialog } from '../confirm-dialog';
import { EmptyState } from '../empty-state';
import { PageHeader } from '../page-header';
import { Pagination } from '../pagination';
import { RecordCard } from '../record-card';
import { CatalogFormDialog, type CatalogField } from './catalog-form-dialog';

/** Everything that makes one catalog screen (SPEC sections 2.9 to 2.12) what it is. */
export interface CatalogScreen<Row extends CatalogRecord, Values extends Record<string, unknown>, Body> {
  api: CatalogApi<Row>;
  header: { title: string; description: string; icon: ReactNode; helpHref: string; helpLabel: string };
  permissions: { create: Permission; update: Permission; delete: Permission };
  newLabel: string;
  gridLabel: string;
  skeletonCount?: number;
  emptyTitle: string;
  loadFailed: string;
  card: {
    description?: (row: Row) => ReactNode;
    leading?: (row: Row) => ReactNode;
    footer?: (row: Row) => ReactNode;
    editLabel: (row: Row) => string;
    deleteLabel: (row: Row) => string;
  };
  form: {
    createTitle: string;
    editTitle: string;
    fields: readonly CatalogField<Values>[];
    schema: z.ZodType<Body>;
    /** The form's starting values: the record's, or a new record's given the ones listed. */
    initialValues: (row: Row | null, listed: readonly Row[]) => Values;
    created: string;
    updated: string;
  };
  deletion: { title: string; message: (row: Row) => ReactNode; confirmLabel?: string; deleted: string };
}

type Editing<Row> = { row: Row | null } | null;

/** The screen of a catalog: cards with edit and delete, a create button, paging, and their dialogs. */
export function CatalogPage<Row extends CatalogRecord, Values extends Record<string, unknown>, Body>({
  screen,
}: {
  screen: CatalogScreen<Row, Values, Body>;
}) {
  const { api, header, card, form, deletion } = screen;
  const can = useCan();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const list = useCatalogList(api, page);
  const { create, update, remove } = useCatalogMutations<Row, Body>(api, page);
  const canEdit = can(screen.permissions.update);
  const canDelete = can(screen.permissions.delete);
  const rows = list.data?.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uuid, {
      onSuccess: () => {
        toast.success(deletion.deleted);
        setDeleting(null);
      },
      // The dialog shows the refusal (its `error`): no toast besides.
    });
  };

  return (
    <>
      <PageHeader
        title={header.title}
        description={header.description}
        icon={header.icon}
        helpHref={header.helpHref}
        helpLabel={header.helpLabel}
        actions={
          can(screen.permissions.create) && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ row: null })}>
              {screen.newLabel}
            </Button>
          )
        }
      />

      {list.isPending ? (
        <CardGridSkeleton count={screen.skeletonCount} />
      ) : list.isError ? (
        <EmptyState title={screen.loadFailed} description={errorMessage(list.error, '')} />
      ) : rows.length === 0 ? (
        <EmptyState title={screen.emptyTitle} />
      ) : (
        <CardGrid label={screen.gridLabel}>
          {rows.map((row) => (
            <RecordCard
              key={row.uuid}
              title={row.nombre}
              description={card.description?.(row)}
              leading={card.leading?.(row)}
              editLabel={card.editLabel(row)}
              deleteLabel={card.deleteLabel(row)}
              onEdit={canEdit ? () => setEditing({ row }) : undefined}
              onDelete={
                canDelete
                  ? () => {
                      remove.reset();
                      setDeleting(row);
                    }
                  : undefined
              }
            >
              {card.footer?.(row)}
            </RecordCard>
          ))}
        </CardGrid>
      )}

      {api.pageSize !== null && (
        <Pagination
          page={page}
          totalPages={list.data?.meta.totalPages ?? 0}
          onChange={setPage}
          disabled={list.isFetching}
        />
      )}

      {editing && (
        <CatalogFormDialog<Values, Body>
          key={editing.row?.uuid ?? 'new'}
          title={editing.row ? form.editTitle : form.createTitle}
          submitLabel={editing.row ? 'Actualizar' : 'Crear'}
          initialValues={form.initialValues(editing.row, rows)}
          fields={form.fields}
          schema={form.schema}
          save={(body) => {
            const current = editing.row;
            return current ? update.mutateAsync({ id: current.uuid, body }) : create.mutateAsync(body);
          }}
          successMessage={editing.row ? form.updated : form.created}
          busy={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          key={deleting.uuid}
          opened
          title={deletion.title}
          message={<Text size="sm">{deletion.message(deleting)}</Text>}
          confirmLabel={deletion.confirmLabel}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
          loading={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, MESSAGES.errors.internal) : null}
        />
      )}
    </>
  );
}
