/**
 * The catalog's table: a row per machine with its state, a checkbox to pick it for the labels,
 * and its edit and delete actions. On a phone each row is a card (components/stacked-table).
 */
import { Link } from 'react-router';
import { ActionIcon, Anchor, Checkbox, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { AssetResponse } from '@gestar/contracts';
import { useStackedTable } from '../../../components/stacked-table';
import { AssetStateBadge } from './asset-state-badge';
import classes from './assets.module.css';

const COLUMNS = ['Código', 'Nombre', 'Área', 'Estado', 'Fabricante y modelo'];

export interface AssetsTableProps {
  rows: AssetResponse[];
  loading: boolean;
  selected: ReadonlySet<string>;
  onToggle: (code: string) => void;
  onTogglePage: (checked: boolean) => void;
  onEdit?: (asset: AssetResponse) => void;
  onDelete?: (asset: AssetResponse) => void;
}

function makerAndModel(asset: AssetResponse): string {
  return [asset.fabricante, asset.modelo].filter(Boolean).join(' · ') || '-';
}

export function AssetsTable({ rows, loading, selected, onToggle, onTogglePage, onEdit, onDelete }: AssetsTableProps) {
  const stackRef = useStackedTable();
  // Who may neither edit nor delete sees no actions column.
  const columns = onEdit || onDelete ? [...COLUMNS, 'Acciones'] : COLUMNS;
  const pageSelected = rows.length > 0 && rows.every((r) => selected.has(r.codigo));
  const someSelected = rows.some((r) => selected.has(r.codigo));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Equipos" ref={stackRef} data-stack>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <Checkbox
                aria-label="Seleccionar los equipos de esta página"
                checked={pageSelected}
                indeterminate={!pageSelected && someSelected}
                onChange={(e) => onTogglePage(e.currentTarget.checked)}
                disabled={rows.length === 0}
              />
            </Table.Th>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: 5 }, (_, i) => (
              <Table.Tr key={i} data-testid="skeleton-row">
                {['', ...columns].map((c) => (
                  <Table.Td key={c}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {!loading && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text c="dimmed" ta="center" size="sm" py="md">
                  No se encontraron equipos
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((asset) => (
            <Table.Tr key={asset.uuid} aria-label={`${asset.codigo} ${asset.nombre}`}>
              <Table.Td
                className={classes.pick}
                onClick={(e) => {
                  // The checkbox handles its own clicks; the rest of the cell is a bigger target for a finger.
                  if (!(e.target instanceof HTMLInputElement)) onToggle(asset.codigo);
                }}
              >
                <Checkbox
                  aria-label={`Seleccionar ${asset.codigo}`}
                  checked={selected.has(asset.codigo)}
                  onChange={() => onToggle(asset.codigo)}
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/equipos/${encodeURIComponent(asset.codigo)}`} fw={600}>
                  {asset.codigo}
                </Anchor>
              </Table.Td>
              <Table.Td>{asset.nombre}</Table.Td>
              <Table.Td>{asset.area.nombre}</Table.Td>
              <Table.Td>
                <AssetStateBadge estado={asset.estado} />
              </Table.Td>
              <Table.Td>{makerAndModel(asset)}</Table.Td>
              {(onEdit || onDelete) && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {onEdit && (
                      <Tooltip label="Editar">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Editar ${asset.codigo}`}
                          onClick={() => onEdit(asset)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {onDelete && (
                      <Tooltip label="Eliminar">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Eliminar ${asset.codigo}`}
                          onClick={() => onDelete(asset)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
