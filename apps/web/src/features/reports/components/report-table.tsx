import { useStackedTable } from '../../../components/stacked-table';
import { ActionIcon, Badge, Card, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { checklistProgressText, onTimeText, REPORT_COLUMNS, type ReportRow } from '@gestar/contracts';
import { readableOnTint } from '../../../lib/contrast';
import { formatDate } from '../../../lib/dates';

const COLUMNS = [...REPORT_COLUMNS, 'Acciones'];
const SKELETON_ROWS = 5;

export interface ReportTableProps {
  rows: ReportRow[] | undefined;
  loading: boolean;
  onShowSuggestions: (row: ReportRow) => void;
}

/**
 * SPEC section 2.13's table. On a phone it keeps its columns and scrolls
 * sideways inside its card, so the page itself never scrolls horizontally.
 */
export function ReportTable({ rows, loading, onShowSuggestions }: ReportTableProps) {
  const stackRef = useStackedTable();
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={1060} type="native" tabIndex={0} role="region" aria-label="Tareas del informe">
        <Table
          ref={stackRef}
          data-stack
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
          aria-label="Reporte"
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c} scope="col">
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <Table.Tr key={i} data-testid="report-skeleton-row">
                    {COLUMNS.map((c) => (
                      <Table.Td key={c}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : (rows ?? []).map((r) => (
                  <Table.Tr key={r.uuid}>
                    <Table.Td
                      style={{ whiteSpace: 'nowrap' }}
                    >{`${r.empleado.nombre} ${r.empleado.apellido}`}</Table.Td>
                    <Table.Td miw={150}>{r.tarea.titulo}</Table.Td>
                    <Table.Td>{r.tarea.area.nombre}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={r.estado.color}
                        // The status's own colour is often too pale for text on its tint.
                        c={readableOnTint(r.estado.color)}
                        variant="light"
                        tt="none"
                        // The label's ellipsis would let the table squeeze the column to a few letters.
                        styles={{ label: { overflow: 'visible' } }}
                      >
                        {r.estado.nombre}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.fecha_asignacion)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.fecha_vencimiento)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {r.fecha_completada ? (
                        formatDate(r.fecha_completada)
                      ) : (
                        <Text c="dimmed" span>
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.a_tiempo === null ? (
                        <Text c="dimmed" span>
                          —
                        </Text>
                      ) : (
                        <Badge color={r.a_tiempo ? 'green' : 'red'} variant="light" tt="none">
                          {onTimeText(r.a_tiempo)}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.calificacion ?? (
                        <Text c="dimmed" span>
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td miw={120} style={{ whiteSpace: 'pre-wrap' }}>
                      {r.observaciones || (
                        <Text c="dimmed" span>
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {checklistProgressText(r.checklist_progreso) || (
                        <Text c="dimmed" span>
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label="Ver sugerencias" withArrow>
                        <ActionIcon variant="subtle" aria-label="Ver sugerencias" onClick={() => onShowSuggestions(r)}>
                          <IconBulb size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
