import { useStackedTable } from '../../../components/stacked-table';
import { ActionIcon, Badge, Card, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ScheduledTaskResponse } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { formatCompanyDate } from './schedule-dates';

const COLUMNS = ['Tarea', 'Área', 'Repetición', 'Estado', 'Próxima ejecución', 'Última generación', 'Generadas', 'Acciones'];
const SKELETON_ROWS = 3;

export interface ScheduledTasksTableProps {
  schedules: ScheduledTaskResponse[] | undefined;
  loading: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** uuid of the schedule whose toggle is being saved. */
  toggling: string | null;
  onEdit: (schedule: ScheduledTaskResponse) => void;
  onToggle: (schedule: ScheduledTaskResponse) => void;
  onDelete: (schedule: ScheduledTaskResponse) => void;
}

/**
 * SPEC section 2.7's table, plus when each schedule last generated tasks and how
 * many it produced. On a phone it scrolls sideways inside its card.
 */
export function ScheduledTasksTable({ schedules, loading, canEdit, canDelete, toggling, onEdit, onToggle, onDelete }: ScheduledTasksTableProps) {
  const stackRef = useStackedTable();
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label="Programaciones"
          aria-busy={loading}
          ref={stackRef}
          data-stack
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <Table.Tr key={row}>
                    {COLUMNS.map((column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : (schedules ?? []).map((s) => (
                  <Table.Tr key={s.uuid} data-testid="schedule-row">
                    <Table.Td fw={500} miw={180}>
                      {s.tarea.titulo}
                    </Table.Td>
                    <Table.Td>{s.tarea.area.nombre}</Table.Td>
                    <Table.Td miw={160}>
                      {s.regla_descripcion}
                      {(s.fin || s.repeticiones) && (
                        <Text size="xs" c="dimmed">
                          {s.fin ? `Hasta el ${formatCompanyDate(s.fin)}` : `${s.repeticiones} ${s.repeticiones === 1 ? 'vez' : 'veces'}`}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {/* At its full width: a squeezed table otherwise cuts the label to 'Inacti...'. */}
                      <Badge variant="light" color={s.activo ? 'green' : 'gray'} tt="none" style={{ minWidth: 'max-content' }}>
                        {s.activo ? 'Activo' : 'Inactivo'}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCompanyDate(s.proxima_ejecucion)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {s.ultima_ejecucion ? (
                        formatDate(s.ultima_ejecucion, 'DD MMM YYYY HH:mm')
                      ) : (
                        <Text size="sm" c="dimmed" component="span">
                          Nunca
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{s.total_generadas}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canEdit && (
                          <Tooltip label={s.activo ? 'Desactivar' : 'Activar'}>
                            <ActionIcon
                              variant="subtle"
                              color={s.activo ? 'yellow' : 'green'}
                              aria-label={`${s.activo ? 'Desactivar' : 'Activar'} programación de ${s.tarea.titulo}`}
                              loading={toggling === s.uuid}
                              onClick={() => onToggle(s)}
                            >
                              {s.activo ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canEdit && (
                          <Tooltip label="Editar">
                            <ActionIcon variant="subtle" color="blue" aria-label={`Editar programación de ${s.tarea.titulo}`} onClick={() => onEdit(s)}>
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canDelete && (
                          <Tooltip label="Eliminar">
                            <ActionIcon variant="subtle" color="red" aria-label={`Eliminar programación de ${s.tarea.titulo}`} onClick={() => onDelete(s)}>
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
