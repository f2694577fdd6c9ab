import { Alert, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { JobStatus } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { useJobStatuses } from '../api/audit';

const WHEN = 'DD MMM YYYY HH:mm';

/** The cron period in words, for the periods the jobs use; any other as written. */
export function periodText(cron: string): string {
  if (cron === '* * * * *') return 'Cada minuto';
  const hourly = /^(\d{1,2}) \* \* \* \*$/.exec(cron);
  if (hourly) return Number(hourly[1]) === 0 ? 'Cada hora' : `Cada hora, al minuto ${Number(hourly[1])}`;
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron);
  if (daily) return `Todos los días a las ${daily[2]!.padStart(2, '0')}:${daily[1]!.padStart(2, '0')}`;
  return cron;
}

function Failure({ job }: { job: JobStatus }) {
  if (!job.ultimo_fallo) return <Text size="sm" c="dimmed">Sin fallos</Text>;
  return (
    <Stack gap={2}>
      <Badge color="red" variant="light">
        {formatDate(job.ultimo_fallo, WHEN)}
      </Badge>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {job.ultimo_error}
      </Text>
    </Stack>
  );
}

const lastRun = (job: JobStatus) => (job.ultima_ejecucion ? formatDate(job.ultima_ejecucion, WHEN) : 'Todavía no se ejecutó');

/** Administración > Auditoría: each background job's period, last run, next run and last failure. */
export function JobStatuses() {
  const jobs = useJobStatuses();
  const phone = useMediaQuery('(max-width: 48em)');
  const list = jobs.data?.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="trabajos-titulo">
      <Title order={2} size="h4" id="trabajos-titulo">
        Trabajos en segundo plano
      </Title>
      <Text size="sm" c="dimmed">
        Cada trabajo corre una vez por período aunque haya varias réplicas; si falla, se reintenta con esperas crecientes. Horas en la zona {jobs.data?.zona_horaria ?? ''}.
      </Text>
      {jobs.isError && (
        <Alert color="red" title="No se pudieron cargar los trabajos">
          {jobs.error.message}
        </Alert>
      )}
      {jobs.data && !jobs.data.activo && (
        <Alert color="yellow" title="Esta réplica no ejecuta trabajos">
          Esta réplica tiene SCHEDULER_ENABLED=false: los trabajos corren solo en las réplicas que los tienen activos.
        </Alert>
      )}
      {phone ? (
        list.map((j) => (
          <Card key={j.nombre} withBorder radius="md" padding="sm" component="article" aria-label={j.descripcion}>
            <Text fw={600} size="sm">
              {j.descripcion}
            </Text>
            <Text size="xs" c="dimmed">
              {periodText(j.periodicidad)}
            </Text>
            <Text size="sm">Última ejecución: {lastRun(j)}</Text>
            <Text size="sm">Próxima: {j.proxima_ejecucion ? formatDate(j.proxima_ejecucion, WHEN) : '—'}</Text>
            <Failure job={j} />
          </Card>
        ))
      ) : (
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Trabajos en segundo plano">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Trabajo</Table.Th>
              <Table.Th>Periodicidad</Table.Th>
              <Table.Th>Última ejecución</Table.Th>
              <Table.Th>Próxima ejecución</Table.Th>
              <Table.Th>Último fallo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((j) => (
              <Table.Tr key={j.nombre}>
                <Table.Td>{j.descripcion}</Table.Td>
                <Table.Td>{periodText(j.periodicidad)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastRun(j)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{j.proxima_ejecucion ? formatDate(j.proxima_ejecucion, WHEN) : '—'}</Table.Td>
                <Table.Td maw={380}>
                  <Failure job={j} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
