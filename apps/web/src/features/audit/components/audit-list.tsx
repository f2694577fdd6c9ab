import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditEntry } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';

const WHEN = 'DD MMM YYYY HH:mm:ss';

function actorName(e: AuditEntry): string {
  return e.actor ? `${e.actor.nombre} ${e.actor.apellido}`.trim() || e.actor.username : 'Sistema';
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}...` : value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** 'campo: antes → después' for a change; the other entries' details as 'clave: valor'. */
export function detailLines(e: AuditEntry): string[] {
  const d = e.detalle as { antes?: Record<string, unknown>; despues?: Record<string, unknown> };
  if (d.antes || d.despues) {
    const keys = [...new Set([...Object.keys(d.antes ?? {}), ...Object.keys(d.despues ?? {})])];
    return keys.map((k) => {
      const before = d.antes && k in d.antes ? show(d.antes[k]) : null;
      const after = d.despues && k in d.despues ? show(d.despues[k]) : null;
      if (before !== null && after !== null) return `${k}: ${before} → ${after}`;
      return `${k}: ${after ?? before}`;
    });
  }
  return Object.entries(e.detalle).map(([k, v]) => `${k}: ${show(v)}`);
}

function Detail({ entry }: { entry: AuditEntry }) {
  const lines = detailLines(entry);
  return (
    <Stack gap={0}>
      {lines.slice(0, 6).map((line) => (
        <Text key={line} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      {lines.length > 6 && (
        <Text size="xs" c="dimmed">
          y {lines.length - 6} campos más
        </Text>
      )}
    </Stack>
  );
}

/** The log as a table on a desktop and as cards on a phone. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) {
    return (
      <Stack gap="sm">
        {entries.map((e) => (
          <Card key={e.id} withBorder radius="md" padding="sm" component="article" aria-label={`${AUDIT_ACTION_LABELS[e.accion]} de ${AUDIT_RESOURCE_LABELS[e.recurso]}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {AUDIT_ACTION_LABELS[e.accion]} · {AUDIT_RESOURCE_LABELS[e.recurso]}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(e.en, WHEN)}
              </Text>
            </Group>
            <Text size="sm">{actorName(e)}</Text>
            <Detail entry={e} />
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder verticalSpacing="xs" aria-label="Registro de auditoría">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha y hora</Table.Th>
          <Table.Th>Usuario</Table.Th>
          <Table.Th>Acción</Table.Th>
          <Table.Th>Recurso</Table.Th>
          <Table.Th>Detalle</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.en, WHEN)}</Table.Td>
            <Table.Td>
              <Text size="sm">{actorName(e)}</Text>
              {e.ip && (
                <Text size="xs" c="dimmed">
                  {e.ip}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={e.accion === 'rechazado' || e.accion === 'ingreso_fallido' ? 'red' : 'blue'}>
                {AUDIT_ACTION_LABELS[e.accion]}
              </Badge>
            </Table.Td>
            <Table.Td>{AUDIT_RESOURCE_LABELS[e.recurso]}</Table.Td>
            <Table.Td maw={420}>
              <Detail entry={e} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
