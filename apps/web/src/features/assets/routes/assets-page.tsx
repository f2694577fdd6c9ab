/**
 * «Equipos»: the machines and workstations of the workshop. A paged table (cards on a phone) with
 * a search and filters by area and state kept in the address; a machine's code opens its page.
 * Those who manage machines create, edit, delete and import them; anyone picks machines and prints
 * their QR labels.
 */
import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconFileImport, IconPlus, IconPrinter, IconSearch, IconTool } from '@tabler/icons-react';
import { MESSAGES, type AssetResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { toast } from '../../../lib/toast';
import { ASSETS_PAGE_SIZE, useAssets, useDeleteAsset } from '../api/assets';
import { useAssetAreas } from '../api/lookups';
import { AssetFormDialog } from '../components/asset-form-dialog';
import { ASSET_STATE_OPTIONS } from '../components/asset-states';
import { AssetsTable } from '../components/assets-table';
import { ImportDialog } from '../components/import-dialog';
import { LabelsDialog } from '../components/labels-dialog';
import classes from '../components/assets.module.css';
import { useCatalogUrl } from '../hooks/use-catalog-url';

type Editing = { asset: AssetResponse | null } | null;

export function AssetsPage() {
  const can = useCan();
  const { filters, setFilters, search, setSearch } = useCatalogUrl();
  const assets = useAssets(filters);
  const areas = useAssetAreas();
  const remove = useDeleteAsset();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AssetResponse | null>(null);
  const [importing, setImporting] = useState(false);
  const [printing, setPrinting] = useState(false);
  // Picked machines by code, kept across pages and filters until printed or cleared.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const rows = assets.data?.data ?? [];
  const toggle = (code: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  const togglePage = (checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const r of rows) {
        if (checked) next.add(r.codigo);
        else next.delete(r.codigo);
      }
      return next;
    });

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.codigo, {
      onSuccess: () => {
        toast.success('Equipo eliminado exitosamente');
        setSelected((prev) => {
          const next = new Set(prev);
          next.delete(deleting.codigo);
          return next;
        });
        setDeleting(null);
      },
    });

  const total = assets.data?.meta.totalItems ?? 0;
  return (
    <div className={classes.touch}>
      <PageHeader
        title="Equipos"
        description="Máquinas y puestos de trabajo del taller: su estado, su trabajo y sus documentos"
        icon={<IconTool size={24} />}
        actions={
          <>
            {can('create:asset') && (
              <Button
                variant="default"
                leftSection={<IconFileImport size={18} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                Importar
              </Button>
            )}
            {can('create:asset') && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ asset: null })}>
                Nuevo equipo
              </Button>
            )}
          </>
        }
      >
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="sm"
          maw={900}
          component="section"
          aria-label="Filtros de equipos"
        >
          <TextInput
            label="Buscar"
            placeholder="Código o nombre"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Select
            label="Área"
            placeholder="Todas las áreas"
            data={(areas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }))}
            value={filters.area}
            onChange={(area) => setFilters({ area })}
            clearable
            searchable
            nothingFoundMessage="No se encontraron resultados"
          />
          <Select
            label="Estado"
            placeholder="Todos los estados"
            data={ASSET_STATE_OPTIONS}
            value={filters.estado}
            onChange={(estado) => setFilters({ estado })}
            clearable
          />
        </SimpleGrid>
      </PageHeader>

      <Group justify="space-between" mb="xs" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {assets.data ? (total === 1 ? '1 equipo' : `${total} equipos`) : ''}
          {selected.size > 0 && ` · ${selected.size === 1 ? '1 seleccionado' : `${selected.size} seleccionados`}`}
        </Text>
        <Group gap="xs">
          {selected.size > 0 && (
            <Button variant="subtle" onClick={() => setSelected(new Set())}>
              Quitar selección
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconPrinter size={18} aria-hidden />}
            disabled={selected.size === 0}
            onClick={() => setPrinting(true)}
          >
            Imprimir etiquetas
          </Button>
        </Group>
      </Group>

      {assets.isError && !assets.data ? (
        <EmptyState
          title="No se pudieron cargar los equipos"
          description={errorMessage(assets.error, MESSAGES.errors.internal)}
        />
      ) : (
        <AssetsTable
          rows={rows}
          loading={assets.isPending}
          selected={selected}
          onToggle={toggle}
          onTogglePage={togglePage}
          onEdit={can('update:asset') ? (asset) => setEditing({ asset }) : undefined}
          onDelete={
            can('delete:asset')
              ? (asset) => {
                  remove.reset();
                  setDeleting(asset);
                }
              : undefined
          }
        />
      )}
      <Pagination
        page={filters.page}
        totalPages={assets.data?.meta.totalPages ?? 0}
        onChange={(page) => setFilters({ pagina: page > 1 ? String(page) : null })}
        disabled={assets.isFetching}
      />
      {assets.data && assets.data.meta.totalPages > 1 && (
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          {ASSETS_PAGE_SIZE} por página
        </Text>
      )}

      {editing && (
        <AssetFormDialog key={editing.asset?.uuid ?? 'new'} asset={editing.asset} onClose={() => setEditing(null)} />
      )}
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
      <LabelsDialog opened={printing} codes={[...selected]} onClose={() => setPrinting(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Eliminar equipo"
        message={
          deleting && (
            <Text size="sm">
              ¿Está seguro de que desea eliminar el equipo <b>{deleting.codigo}</b> ({deleting.nombre})? Se eliminan
              también su foto, sus documentos y su historial de estados. Esta acción es permanente.
            </Text>
          )
        }
        confirmLabel="Eliminar"
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, MESSAGES.errors.internal) : null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
