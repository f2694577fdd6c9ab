/**
 * «Horas trabajadas» and «Tiempos de espera y de ciclo»: the hours of the time intervals and the
 * lead and cycle time of the status history, for the screen's period, areas and people.
 */
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import {
  HOURS_GROUP_LABELS,
  hoursText,
  MESSAGES,
  type FlowGroup,
  type FlowResponse,
  type HoursGrouping,
  type HoursResponse,
} from '@gestar/contracts';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import type { ReportFilters } from '../api/get-report';
import { useExportHoursCsv, useFlow, useHours } from '../api/get-time-reports';
import { ChartCard, ChartImage, Figure } from './report-charts';

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const h = (n: number) => `${hoursText(n)} h`;

const GROUP_LISTS: Record<HoursGrouping, keyof HoursResponse> = {
  persona: 'por_persona',
  tarea: 'por_tarea',
  tipo: 'por_tipo',
  equipo: 'por_equipo',
  area: 'por_area',
};

function hoursFigures(d: HoursResponse): [string, string, string][] {
  const t = d.total;
  return [
    [
      'Horas trabajadas',
      h(t.horas),
      `${t.personas} ${t.personas === 1 ? 'persona' : 'personas'}, ${t.ocurrencias} ${t.ocurrencias === 1 ? 'tarea' : 'tareas'}`,
    ],
    [
      'Estimado frente a real',
      `${hoursText(t.horas_estimadas)} / ${hoursText(t.horas_reales_estimadas)} h`,
      `${t.estimadas_ocurrencias} ${t.estimadas_ocurrencias === 1 ? 'tarea terminada' : 'tareas terminadas'} con estimación`,
    ],
    [
      'Terminadas sin tiempo',
      String(t.terminadas_sin_tiempo),
      `de ${t.terminadas} ${t.terminadas === 1 ? 'terminada' : 'terminadas'} en el periodo`,
    ],
  ];
}

function HoursPart({ d }: { d: HoursResponse }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [grouping, setGrouping] = useState<HoursGrouping>('persona');
  const list = d[GROUP_LISTS[grouping]] as HoursResponse['por_persona'];
  const daily = d.granularidad === 'dia';
  const series = d.por_periodo.map((b) => ({ periodo: formatDate(b.desde, 'DD/MM'), Horas: b.horas }));
  const worked = d.por_periodo.filter((b) => b.horas > 0);
  const label = HOURS_GROUP_LABELS[grouping].toLowerCase();
  const estimates = d.estimado_por_tipo.map((e) => ({
    tipo: e.nombre,
    Estimadas: e.horas_estimadas,
    Reales: e.horas_reales,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {hoursFigures(d).map(([l, value, hint]) => (
          <Figure key={l} label={l} value={value} hint={hint} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title={`Horas trabajadas por ${daily ? 'día' : 'semana'}`}>
          <ChartImage
            label={`Horas trabajadas por ${daily ? 'día' : 'semana'}: ${
              worked.length ? worked.map((b) => `${formatDate(b.desde, 'DD/MM')} ${h(b.horas)}`).join('; ') : 'ninguna'
            }`}
          >
            <BarChart
              h={220}
              data={series}
              dataKey="periodo"
              series={[{ name: 'Horas', color: 'blue.6' }]}
              tickLine="y"
              xAxisProps={{ minTickGap: 8 }}
              barChartProps={{ accessibilityLayer: false }}
            />
          </ChartImage>
        </ChartCard>
        <ChartCard title={`Horas por ${label}`}>
          <SegmentedControl
            size="xs"
            mb="sm"
            fullWidth={phone}
            data={(Object.keys(HOURS_GROUP_LABELS) as HoursGrouping[]).map((g) => ({
              value: g,
              label: HOURS_GROUP_LABELS[g],
            }))}
            value={grouping}
            onChange={(v) => setGrouping(v as HoursGrouping)}
            aria-label="Agrupar las horas por"
          />
          {list.length === 0 ? (
            <Text c="dimmed" size="sm">
              Sin horas registradas en el periodo
            </Text>
          ) : (
            <ChartImage label={`Horas por ${label}: ${list.map((g) => `${g.nombre} ${h(g.horas)}`).join('; ')}`}>
              <BarChart
                h={Math.max(120, list.length * 30)}
                data={list.map((g) => ({ nombre: g.nombre, Horas: g.horas }))}
                dataKey="nombre"
                orientation="vertical"
                yAxisProps={{
                  width: phone ? 100 : 150,
                  interval: 0,
                  tickFormatter: (v: string) => short(String(v), phone ? 14 : 22),
                }}
                series={[{ name: 'Horas', color: 'indigo.6' }]}
                gridAxis="x"
                barChartProps={{ accessibilityLayer: false }}
              />
            </ChartImage>
          )}
        </ChartCard>
        <ChartCard title="Estimado frente a real por tipo de tarea">
          {estimates.length === 0 ? (
            <Text c="dimmed" size="sm">
              Ninguna tarea con estimación terminó en el periodo
            </Text>
          ) : (
            <ChartImage
              label={`Horas estimadas y reales por tipo de tarea: ${d.estimado_por_tipo
                .map((e) => `${e.nombre} ${h(e.horas_estimadas)} estimadas, ${h(e.horas_reales)} reales`)
                .join('; ')}`}
            >
              <BarChart
                h={220}
                data={estimates}
                dataKey="tipo"
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                series={[
                  { name: 'Estimadas', color: 'gray.5' },
                  { name: 'Reales', color: 'blue.6' },
                ]}
                xAxisProps={{ interval: 0, tickFormatter: (v: string) => short(String(v), phone ? 10 : 18) }}
                barChartProps={{ accessibilityLayer: false }}
              />
            </ChartImage>
          )}
        </ChartCard>
        <ChartCard title="Terminadas sin tiempo registrado">
          {d.sin_tiempo.length === 0 ? (
            <Text c="dimmed" size="sm">
              Todas las tareas terminadas tienen tiempo registrado
            </Text>
          ) : (
            <Table.ScrollContainer
              minWidth={300}
              type="native"
              tabIndex={0}
              role="region"
              aria-label="Terminadas sin tiempo registrado"
            >
              <Table verticalSpacing={4} aria-label="Terminadas sin tiempo registrado">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Tarea</Table.Th>
                    <Table.Th scope="col">Colaborador</Table.Th>
                    <Table.Th scope="col">Terminada</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.sin_tiempo.map((s) => (
                    <Table.Tr key={s.tarea_asignada_uuid}>
                      <Table.Td>
                        {s.titulo}
                        <Text size="xs" c="dimmed">
                          {s.area}
                        </Text>
                      </Table.Td>
                      <Table.Td>{s.empleado}</Table.Td>
                      <Table.Td>{formatDate(s.completada)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {d.total.terminadas_sin_tiempo > d.sin_tiempo.length && (
            <Text size="xs" c="dimmed" mt="xs">
              Y {d.total.terminadas_sin_tiempo - d.sin_tiempo.length} más
            </Text>
          )}
        </ChartCard>
      </SimpleGrid>
    </>
  );
}

function FlowPart({ d }: { d: FlowResponse }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [by, setBy] = useState<'tipo' | 'area'>('tipo');
  const groups: FlowGroup[] = by === 'tipo' ? d.por_tipo : d.por_area;
  const g = d.general;
  const histogram = d.histograma.map((b) => ({
    tramo: b.etiqueta,
    'Tiempo total': b.total,
    'Tiempo en curso': b.en_curso,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Terminadas" value={String(g.ocurrencias)} hint="en el periodo" />
        <Figure label="En espera (mediana)" value={h(g.espera.mediana)} hint={`p90 ${h(g.espera.p90)}`} />
        <Figure label="En curso (mediana)" value={h(g.en_curso.mediana)} hint={`p90 ${h(g.en_curso.p90)}`} />
        <Figure label="Total (mediana)" value={h(g.total.mediana)} hint={`p90 ${h(g.total.p90)}`} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title="Distribución de los tiempos">
          <ChartImage
            label={`Tareas terminadas por tiempo: ${d.histograma
              .map((b) => `${b.etiqueta}: ${b.total} por tiempo total, ${b.en_curso} por tiempo en curso`)
              .join('; ')}`}
          >
            {/* On a phone the spans go down the side, where their names fit. */}
            <BarChart
              h={phone ? 300 : 240}
              data={histogram}
              dataKey="tramo"
              orientation={phone ? 'vertical' : 'horizontal'}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              series={[
                { name: 'Tiempo total', color: 'blue.6' },
                { name: 'Tiempo en curso', color: 'teal.6' },
              ]}
              gridAxis={phone ? 'x' : 'y'}
              yAxisProps={phone ? { width: 90, interval: 0 } : { allowDecimals: false }}
              xAxisProps={phone ? { allowDecimals: false, type: 'number' } : { interval: 0 }}
              barChartProps={{ accessibilityLayer: false }}
            />
          </ChartImage>
        </ChartCard>
        <ChartCard title={`Tiempos por ${by === 'tipo' ? 'tipo de tarea' : 'área'} (horas)`}>
          <SegmentedControl
            size="xs"
            mb="sm"
            data={[
              { value: 'tipo', label: 'Tipo de tarea' },
              { value: 'area', label: 'Área' },
            ]}
            value={by}
            onChange={(v) => setBy(v as 'tipo' | 'area')}
            aria-label="Agrupar los tiempos por"
          />
          <Table.ScrollContainer
            minWidth={280}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={`Tiempos por ${by === 'tipo' ? 'tipo de tarea' : 'área'}`}
          >
            <Table verticalSpacing={4} fz="sm" aria-label={`Tiempos por ${by === 'tipo' ? 'tipo de tarea' : 'área'}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{by === 'tipo' ? 'Tipo' : 'Área'}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Tareas
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    En espera
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    En curso
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Total
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.map((r) => (
                  <Table.Tr key={r.uuid}>
                    <Table.Td>{r.nombre}</Table.Td>
                    <Table.Td ta="right">{r.ocurrencias}</Table.Td>
                    <Table.Td ta="right">{hoursText(r.espera.mediana)}</Table.Td>
                    <Table.Td ta="right">{hoursText(r.en_curso.mediana)}</Table.Td>
                    <Table.Td ta="right">
                      {hoursText(r.total.mediana)}
                      <Text span display="block" size="xs" c="dimmed">
                        p90 {hoursText(r.total.p90)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="xs">
            Medianas en horas. En espera: de la asignación al primer cambio de estado; en curso: de ahí a la
            terminación.
          </Text>
        </ChartCard>
      </SimpleGrid>
    </>
  );
}

export function TimeSection({ filters }: { filters: ReportFilters }) {
  const hours = useHours(filters);
  const flow = useFlow(filters);
  const csv = useExportHoursCsv();
  const d = hours.data;
  const download = () =>
    csv.mutate(filters, { onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.reportExportFailed)) });
  return (
    <Stack gap="md" mt="xl" component="section" aria-labelledby="horas-titulo">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} id="horas-titulo" fz="h3">
            Horas trabajadas
          </Title>
          <Text c="dimmed" size="sm">
            {d ? `Del ${formatDate(d.desde)} al ${formatDate(d.hasta)}` : 'Tiempo registrado en las tareas'}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconFileText size={18} aria-hidden />}
          loading={csv.isPending}
          onClick={download}
        >
          Exportar CSV de horas
        </Button>
      </Group>
      {hours.isError ? (
        <EmptyState
          title={MESSAGES.errors.infoUnavailable}
          description={errorMessage(hours.error, MESSAGES.errors.internal)}
        />
      ) : d ? (
        <HoursPart d={d} />
      ) : (
        <Skeleton height={260} radius="md" />
      )}
      <Title order={2} fz="h3" mt="md" id="ciclo-titulo">
        Tiempos de espera y de ciclo
      </Title>
      {flow.isError ? (
        <EmptyState
          title={MESSAGES.errors.infoUnavailable}
          description={errorMessage(flow.error, MESSAGES.errors.internal)}
        />
      ) : flow.data ? (
        flow.data.general.ocurrencias === 0 ? (
          <EmptyState title="Ninguna tarea terminó en el periodo" />
        ) : (
          <FlowPart d={flow.data} />
        )
      ) : (
        <Skeleton height={260} radius="md" />
      )}
    </Stack>
  );
}
