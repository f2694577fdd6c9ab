import { ActionIcon, Card, Group, Select, Skeleton, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChartBar } from '@tabler/icons-react';
import { hoursText, type DowntimeMachine, type DowntimeSort } from '@gestar/contracts';
import { useStackedTable } from '../../../components/stacked-table';

/** The columns: header, the sort it takes (none: not sortable), and its cell. */
const COLUMNS: { label: string; sort?: DowntimeSort; numeric?: boolean; cell: (m: DowntimeMachine) => string }[] = [
  { label: 'Código', sort: 'codigo', cell: (m) => m.equipo.codigo },
  { label: 'Equipo', sort: 'nombre', cell: (m) => m.equipo.nombre },
  { label: 'Área', sort: 'area', cell: (m) => m.equipo.area.nombre },
  { label: 'Horas detenido', sort: 'horas_detenido', numeric: true, cell: (m) => hoursText(m.horas_detenido) },
  { label: 'Fallas', sort: 'fallas', numeric: true, cell: (m) => String(m.fallas) },
  { label: 'MTBF (h)', sort: 'mtbf_horas', numeric: true, cell: (m) => hoursText(m.mtbf_horas) },
  { label: 'MTTR (h)', sort: 'mttr_horas', numeric: true, cell: (m) => hoursText(m.mttr_horas) },
  {
    label: 'Preventivas a tiempo / tarde',
    sort: 'preventivas_a_tiempo',
    numeric: true,
    cell: (m) => `${m.preventivas_a_tiempo} / ${m.preventivas_tarde}`,
  },
  { label: 'Vencidas', sort: 'preventivas_vencidas', numeric: true, cell: (m) => String(m.preventivas_vencidas) },
  {
    label: 'Correctivas / preventivas',
    sort: 'correctivas',
    numeric: true,
    cell: (m) => `${m.correctivas} / ${m.preventivas}`,
  },
];
const SKELETON_ROWS = 5;

export interface DowntimeTableProps {
  rows: DowntimeMachine[] | undefined;
  loading: boolean;
  sort: DowntimeSort;
  order: 'asc' | 'desc';
  /** A header asks for its column (the order then follows the last one); the phone's picker names both. */
  onSort: (sort: DowntimeSort, order?: 'asc' | 'desc') => void;
  charted: string | null;
  onChart: (uuid: string) => void;
}

/** The machines of the period with their figures; each header sorts (again: the other way). */
export function DowntimeTable({ rows, loading, sort, order, onSort, charted, onChart }: DowntimeTableProps) {
  const stackRef = useStackedTable();
  const sortable = COLUMNS.filter((c) => c.sort);
  return (
    <>
      {/* On a phone the rows are cards without the header: the order is picked here. */}
      <Select
        hiddenFrom="sm"
        label="Ordenar por"
        allowDeselect={false}
        data={sortable.flatMap((c) => [
          { value: `${c.sort}:asc`, label: `${c.label} (ascendente)` },
          { value: `${c.sort}:desc`, label: `${c.label} (descendente)` },
        ])}
        value={`${sort}:${order}`}
        onChange={(v) => v && onSort(v.split(':')[0] as DowntimeSort, v.split(':')[1] as 'asc' | 'desc')}
      />
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={940} type="native">
          <Table
            ref={stackRef}
            data-stack
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Paradas por equipo"
            aria-busy={loading}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => {
                  const active = c.sort === sort;
                  const Icon = !active ? IconArrowsSort : order === 'asc' ? IconArrowUp : IconArrowDown;
                  return (
                    <Table.Th
                      key={c.label}
                      scope="col"
                      ta={c.numeric ? 'right' : undefined}
                      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <UnstyledButton onClick={() => c.sort && onSort(c.sort)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap" justify={c.numeric ? 'flex-end' : 'flex-start'}>
                          {c.label}
                          <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
                <Table.Th scope="col">Gráfico</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                    <Table.Tr key={i}>
                      {[...COLUMNS, null].map((_c, j) => (
                        <Table.Td key={j}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : (rows ?? []).map((m) => (
                    <Table.Tr
                      key={m.equipo.uuid}
                      bg={charted === m.equipo.uuid ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      {COLUMNS.map((c) => (
                        <Table.Td
                          key={c.label}
                          ta={c.numeric ? 'right' : undefined}
                          style={{ whiteSpace: c.sort === 'nombre' || c.sort === 'area' ? undefined : 'nowrap' }}
                        >
                          {c.cell(m) === '—' ? (
                            <Text c="dimmed" span>
                              —
                            </Text>
                          ) : (
                            c.cell(m)
                          )}
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Tooltip label={`Ver el gráfico de ${m.equipo.codigo}`} withArrow>
                          <ActionIcon
                            variant={charted === m.equipo.uuid ? 'filled' : 'subtle'}
                            aria-label={`Ver el gráfico de ${m.equipo.codigo}`}
                            aria-pressed={charted === m.equipo.uuid}
                            onClick={() => onChart(m.equipo.uuid)}
                          >
                            <IconChartBar size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  );
}
