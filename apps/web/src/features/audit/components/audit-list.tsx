import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, FailedLoginDetailSchema, type AuditEntry } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';

const WHEN = 'DD MMM YYYY HH:mm:ss';

function actorName(e: AuditEntry): string {
  // A failed sign-in has no one signed in: it is nobody's, not the system's.
  if (!e.actor) return e.accion === 'ingreso_fallido' ? 'Sin identificar' : 'Sistema';
  return `${e.actor.nombre} ${e.actor.apellido}`.trim() || e.actor.username;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}...` : value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** 'campo: antes → después' for a change; the other entries' details as 'clave: valor'. */
export function detailLines(e: AuditEntry): string[] {
  if (e.accion === 'ingreso_fallido') {
    // A typed name that is no account is shown as such, never as a person.
    const failed = FailedLoginDetailSchema.safeParse(e.detalle);
    if (failed.success) {
      const { usuario, sin_cuenta, motivo } = failed.data;
      return [sin_cuenta ? `Nombre escrito (no es una cuenta): «${usuario}»` : `Cuenta: ${usuario}`, `Motivo: ${motivo}`];
    }
  }
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

/** «50 veces, la última a las 10:02:31» for repeated refusals; nothing for a single entry. */
export function repeatText(e: AuditEntry): string | null {
  if (e.veces <= 1) return null;
  return e.ultima_en ? `${e.veces} veces, la última a las ${formatDate(e.ultima_en, 'HH:mm:ss')}` : `${e.veces} veces`;
}

function Action({ entry }: { entry: AuditEntry }) {
  const repeated = repeatText(entry);
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="light" color={entry.accion === 'rechazado' || entry.accion === 'ingreso_fallido' ? 'red' : 'blue'}>
        {AUDIT_ACTION_LABELS[entry.accion]}
      </Badge>
      {repeated && (
        <Text size="xs" fw={600}>
          {repeated}
        </Text>
      )}
    </Stack>
  );
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
            {repeatText(e) && (
              <Text size="xs" fw={600}>
                {repeatText(e)}
              </Text>
            )}
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
              <Action entry={e} />
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
