import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_STATE_LABELS,
  NOTIFICATION_KIND_LABELS,
  type DeliveryResponse,
  type DeliveryState,
} from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';

const WHEN = 'DD MMM YYYY HH:mm';
const STATE_COLORS: Record<DeliveryState, string> = {
  pendiente: 'gray',
  enviando: 'blue',
  enviada: 'teal',
  fallida: 'red',
  omitida: 'yellow',
};

const person = (d: DeliveryResponse) => `${d.usuario.nombre} ${d.usuario.apellido}`.trim() || d.usuario.username;
const kindOf = (d: DeliveryResponse) => (d.tipo === 'prueba' ? 'Aviso de prueba' : NOTIFICATION_KIND_LABELS[d.tipo]);

function State({ d }: { d: DeliveryResponse }) {
  return (
    <Badge variant="light" color={STATE_COLORS[d.estado]} autoContrast>
      {DELIVERY_STATE_LABELS[d.estado]}
    </Badge>
  );
}

/** The channel, and for an e-mail the address it went to (as of its last try). */
function Channel({ d }: { d: DeliveryResponse }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{DELIVERY_CHANNEL_LABELS[d.canal]}</Text>
      {d.destino && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {d.destino}
        </Text>
      )}
    </Stack>
  );
}

function Reason({ d }: { d: DeliveryResponse }) {
  return (
    <Stack gap={0}>
      {d.motivo && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {d.motivo}
        </Text>
      )}
      {d.proximo_intento && (
        <Text size="xs" c="dimmed">
          Próximo intento: {formatDate(d.proximo_intento, WHEN)}
        </Text>
      )}
      {!d.motivo && !d.proximo_intento && (
        <Text size="xs" c="dimmed">
          —
        </Text>
      )}
    </Stack>
  );
}

/** The delivery log as a table on a desktop and as cards on a phone. */
export function DeliveryList({ deliveries }: { deliveries: DeliveryResponse[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) {
    return (
      <Stack gap="sm">
        {deliveries.map((d) => (
          <Card key={d.uuid} withBorder radius="md" padding="sm" component="article" aria-label={`${d.titulo} a ${person(d)}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {d.titulo}
              </Text>
              <State d={d} />
            </Group>
            <Text size="sm">
              {person(d)} · {DELIVERY_CHANNEL_LABELS[d.canal]}
            </Text>
            {d.destino && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                A {d.destino}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDate(d.fecha_creacion, WHEN)} · {kindOf(d)}
            </Text>
            <Reason d={d} />
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder verticalSpacing="xs" aria-label="Registro de entregas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha y hora</Table.Th>
          <Table.Th>Persona</Table.Th>
          <Table.Th>Aviso</Table.Th>
          <Table.Th>Canal y destino</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Motivo</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((d) => (
          <Table.Tr key={d.uuid}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.fecha_creacion, WHEN)}</Table.Td>
            <Table.Td>{person(d)}</Table.Td>
            <Table.Td>
              <Text size="sm">{d.titulo}</Text>
              {kindOf(d) !== d.titulo && (
                <Text size="xs" c="dimmed">
                  {kindOf(d)}
                </Text>
              )}
            </Table.Td>
            {/* Wide enough for an address on one line and a whole state label beside it. */}
            <Table.Td miw={190}>
              <Channel d={d} />
            </Table.Td>
            <Table.Td miw={110}>
              <State d={d} />
            </Table.Td>
            <Table.Td maw={360}>
              <Reason d={d} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
