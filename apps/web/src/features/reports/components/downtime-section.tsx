/**
 * «Paradas y mantenimiento»: the machines' downtime and maintenance figures for the screen's
 * period and areas: totals, a sortable table across machines, and one machine's hours stopped
 * per day or week.
 */
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { hoursText, MESSAGES, type DowntimeMachine, type DowntimeResponse, type DowntimeSort } from '@gestar/contracts';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDowntime, useExportDowntimeCsv, type DowntimeView } from '../api/get-downtime';
import type { ReportFilters } from '../api/get-report';
import { ChartCard, ChartImage, Figure } from './report-charts';
import { DowntimeTable } from './downtime-table';

const PAGE = 10;
/** Sorting a text column starts A→Z; a figure, the largest first. */
const TEXT_SORTS: DowntimeSort[] = ['codigo', 'nombre', 'area'];

function figures(d: DowntimeResponse): [string, string, string][] {
  const t = d.total;
  return [
    ['Horas detenido', hoursText(t.horas_detenido), `${t.equipos} ${t.equipos === 1 ? 'equipo' : 'equipos'}`],
    ['Fallas', String(t.fallas), 'paradas por una solicitud'],
    ['MTBF', t.mtbf_horas === null ? '—' : `${hoursText(t.mtbf_horas)} h`, 'tiempo medio entre fallas'],
    ['MTTR', t.mttr_horas === null ? '—' : `${hoursText(t.mttr_horas)} h`, 'tiempo medio de reparación'],
    [
      'Preventivas a tiempo',
      `${t.preventivas_a_tiempo} de ${t.preventivas}`,
      `${t.preventivas_tarde} tarde, ${t.preventivas_vencidas} vencidas`,
    ],
    ['Correctivas', String(t.correctivas), `frente a ${t.preventivas} preventivas`],
  ];
}

function MachineChart({ machine, daily }: { machine: DowntimeMachine; daily: boolean }) {
  const data = machine.serie.map((b) => ({ periodo: formatDate(b.desde, 'DD/MM'), Horas: b.horas_detenido }));
  const stopped = machine.serie.filter((b) => b.horas_detenido > 0);
  const label = `Horas detenido de ${machine.equipo.codigo} por ${daily ? 'día' : 'semana'}: ${
    stopped.length
      ? stopped.map((b) => `${formatDate(b.desde, 'DD/MM')} ${hoursText(b.horas_detenido)} h`).join('; ')
      : 'ninguna'
  }`;
  return (
    <ChartCard
      title={`${machine.equipo.codigo} · ${machine.equipo.nombre}: horas detenido por ${daily ? 'día' : 'semana'}`}
    >
      <ChartImage label={label}>
        <BarChart
          h={220}
          data={data}
          dataKey="periodo"
          series={[{ name: 'Horas', color: 'red.6' }]}
          tickLine="y"
          xAxisProps={{ minTickGap: 8 }}
          barChartProps={{ accessibilityLayer: false }}
        />
      </ChartImage>
    </ChartCard>
  );
}

export function DowntimeSection({ filters }: { filters: ReportFilters }) {
  const [view, setView] = useState<DowntimeView>({ sort: 'horas_detenido', order: 'desc', page: 1, limit: PAGE });
  const [charted, setCharted] = useState<string | null>(null);
  const [lastFilters, setLastFilters] = useState(filters);
  if (lastFilters !== filters) {
    setLastFilters(filters);
    setView((v) => ({ ...v, page: 1 }));
  }
  const downtime = useDowntime(filters, view);
  const csv = useExportDowntimeCsv();
  const d = downtime.data;
  const machine = d?.data.find((m) => m.equipo.uuid === charted) ?? d?.data[0];

  const sortBy = (sort: DowntimeSort, order?: 'asc' | 'desc') =>
    setView((v) => ({
      ...v,
      sort,
      page: 1,
      order:
        order ?? (v.sort === sort ? (v.order === 'asc' ? 'desc' : 'asc') : TEXT_SORTS.includes(sort) ? 'asc' : 'desc'),
    }));
  const download = () =>
    csv.mutate(filters, {
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.reportExportFailed)),
    });

  return (
    <Stack gap="md" mt="xl" component="section" aria-labelledby="paradas-titulo">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} id="paradas-titulo" fz="h3">
            Paradas y mantenimiento
          </Title>
          <Text c="dimmed" size="sm">
            {d ? `Del ${formatDate(d.desde)} al ${formatDate(d.hasta)}` : 'Equipos del periodo y las áreas elegidos'}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconFileText size={18} aria-hidden />}
          loading={csv.isPending}
          onClick={download}
        >
          Exportar CSV de paradas
        </Button>
      </Group>
      {downtime.isError ? (
        <EmptyState
          title={MESSAGES.errors.infoUnavailable}
          description={errorMessage(downtime.error, MESSAGES.errors.internal)}
        />
      ) : d && d.total.equipos === 0 ? (
        <EmptyState title="No hay equipos en las áreas elegidas" />
      ) : (
        <>
          {d ? (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
              {figures(d).map(([label, value, hint]) => (
                <Figure key={label} label={label} value={value} hint={hint} />
              ))}
            </SimpleGrid>
          ) : (
            <Skeleton height={90} radius="md" />
          )}
          {machine && d && <MachineChart machine={machine} daily={d.granularidad === 'dia'} />}
          <DowntimeTable
            rows={d?.data}
            loading={downtime.isPending}
            sort={view.sort}
            order={view.order}
            onSort={sortBy}
            charted={machine?.equipo.uuid ?? null}
            onChart={setCharted}
          />
          <Pagination
            page={view.page}
            totalPages={d?.meta.totalPages ?? 0}
            onChange={(page) => setView((v) => ({ ...v, page }))}
            disabled={downtime.isFetching}
          />
        </>
      )}
    </Stack>
  );
}
