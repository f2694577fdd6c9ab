/**
 * The charts panel above the table: rows by status, by area and status,
 * on-time completion and average ratings, for the same filters as the table.
 */
import type { ReactNode } from 'react';
import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  percentText as percent,
  RATING_MAX,
  RATING_MIN,
  ratingText as rating,
  reportFigures,
  type ReportStatsResponse,
} from '@gestar/contracts';

const MAX_EMPLOYEES = 8;
/** The rating axis: every mark from 1 to 5, nothing in between. */
const RATING_TICKS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
/** A label that fits under a bar on a phone. */
const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="h3" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/**
 * A chart is one picture to assistive technology, named by a sentence with its
 * data (recharts' shapes carry no text of their own).
 */
export function ChartImage({ label, children }: { label: string; children: ReactNode }) {
  // recharts 3 makes every chart a keyboard stop (`accessibilityLayer`); each chart turns it off.
  return (
    <Box component="figure" role="img" aria-label={label} m={0}>
      {/* Hidden, so the pie slices (role="img" from recharts, unnamed) are not read one by one. */}
      <div aria-hidden="true">{children}</div>
    </Box>
  );
}

export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function ReportCharts({ stats, loading }: { stats: ReportStatsResponse | undefined; loading: boolean }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  if (loading || !stats) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md" aria-busy>
        <Skeleton height={260} radius="md" />
        <Skeleton height={260} radius="md" />
      </SimpleGrid>
    );
  }
  if (stats.total === 0) return null;

  const statuses = stats.por_estado;
  const byArea = stats.por_area.map((a) => ({
    area: a.nombre,
    ...Object.fromEntries(
      statuses.map((s) => [s.nombre, a.por_estado.find((e) => e.estado_uuid === s.estado_uuid)?.total ?? 0]),
    ),
  }));
  const rated = stats.por_empleado
    .filter((e) => e.promedio_calificacion !== null)
    .slice(0, MAX_EMPLOYEES)
    .map((e) => ({ colaborador: `${e.nombre} ${e.apellido}`, Calificación: e.promedio_calificacion }));
  const countsByStatus = (counts: Record<string, number>) =>
    statuses.map((s) => `${s.nombre} ${counts[s.nombre] ?? 0}`).join(', ');
  const statusSummary = `Tareas por estado: ${countsByStatus(Object.fromEntries(statuses.map((s) => [s.nombre, s.total])))}`;
  const areaSummary = `Tareas por área y estado: ${byArea
    .map(({ area, ...counts }) => `${area}: ${countsByStatus(counts)}`)
    .join('; ')}`;
  const ratedSummary = `Calificación promedio por colaborador: ${rated
    .map((e) => `${e.colaborador} ${rating(e.Calificación)}`)
    .join('; ')}`;

  return (
    <Stack gap="md" mb="md" aria-label="Gráficos del reporte" component="section">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {reportFigures(stats).map(([label, value, hint]) => (
          <Figure key={label} label={label} value={value} hint={hint} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title="Tareas por estado">
          <Group justify="center">
            <ChartImage label={statusSummary}>
              <DonutChart
                data={statuses.map((s) => ({ name: s.nombre, value: s.total, color: s.color }))}
                withLabels
                withLabelsLine
                withTooltip
                size={170}
                thickness={28}
                chartLabel={`${stats.total} ${stats.total === 1 ? 'tarea' : 'tareas'}`}
                // Not a tab stop: inside the picture there is nothing to operate.
                pieProps={{ rootTabIndex: -1 }}
                pieChartProps={{ accessibilityLayer: false }}
              />
            </ChartImage>
          </Group>
          <Group justify="center" gap="md" mt="xs">
            {statuses.map((s) => (
              <Group key={s.estado_uuid} gap={6}>
                <span
                  aria-hidden
                  style={{ width: 10, height: 10, borderRadius: 2, background: s.color, display: 'inline-block' }}
                />
                <Text size="sm">
                  {s.nombre}: {s.total}
                </Text>
              </Group>
            ))}
          </Group>
        </ChartCard>
        <ChartCard title="Tareas por área y estado">
          <ChartImage label={areaSummary}>
            <BarChart
              h={230}
              data={byArea}
              dataKey="area"
              type="stacked"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              series={statuses.map((s) => ({ name: s.nombre, color: s.color }))}
              tickLine="y"
              // Counts: whole numbers only ('0,5 tareas' means nothing).
              yAxisProps={{ allowDecimals: false }}
              // Every bar keeps its area's name, slanted and shortened on a phone.
              xAxisProps={{
                interval: 0,
                angle: phone ? -35 : 0,
                textAnchor: phone ? 'end' : 'middle',
                height: phone ? 64 : 30,
                tickFormatter: (v: string) => short(String(v), phone ? 12 : 24),
              }}
              barChartProps={{ accessibilityLayer: false }}
            />
          </ChartImage>
        </ChartCard>
        <ChartCard title="Resumen por área">
          <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} role="region" aria-label="Resumen por área">
            <Table verticalSpacing={6} aria-label="Resumen por área">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Área</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Tareas
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    A tiempo
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Calificación
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.por_area.map((a) => (
                  <Table.Tr key={a.area_uuid}>
                    <Table.Td>{a.nombre}</Table.Td>
                    <Table.Td ta="right">{a.total}</Table.Td>
                    <Table.Td ta="right">{percent(a.tasa_a_tiempo)}</Table.Td>
                    <Table.Td ta="right">{rating(a.promedio_calificacion)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ChartCard>
        <ChartCard title="Calificación promedio por colaborador">
          {rated.length === 0 ? (
            <Text c="dimmed" size="sm">
              Sin tareas calificadas
            </Text>
          ) : (
            <ChartImage label={ratedSummary}>
              <BarChart
                h={Math.max(120, rated.length * 36)}
                data={rated}
                dataKey="colaborador"
                orientation="vertical"
                yAxisProps={{
                  width: phone ? 90 : 110,
                  interval: 0,
                  tickFormatter: (v: string) => short(String(v), phone ? 12 : 18),
                }}
                xAxisProps={{
                  domain: [RATING_MIN, RATING_MAX],
                  ticks: RATING_TICKS,
                  allowDecimals: false,
                  type: 'number',
                }}
                series={[{ name: 'Calificación', color: 'teal.6' }]}
                gridAxis="x"
                barChartProps={{ accessibilityLayer: false }}
              />
            </ChartImage>
          )}
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
