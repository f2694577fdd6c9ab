import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditEntry, type AuditField } from '@gestar/contracts';
import { AuditSubjectCell } from './audit-subject';
import { formatDate } from '../../../lib/dates';

const WHEN = 'DD MMM YYYY HH:mm:ss';

function actorName(e: AuditEntry): string {
  // A failed sign-in has no one signed in: it is nobody's, not the system's.
  if (!e.actor) return e.accion === 'ingreso_fallido' ? 'Sin identificar' : 'Sistema';
  return `${e.actor.nombre} ${e.actor.apellido}`.trim() || e.actor.username;
}

/** «Rol: Operario → Supervisor» for a changed field, «Nombre: Lustre» otherwise. */
export function fieldLine(f: AuditField): string {
  if (f.antes !== null && f.despues !== null) return `${f.etiqueta}: ${f.antes} → ${f.despues}`;
  const value = f.despues ?? f.antes ?? '—';
  // A typed name that is no account is quoted: it is text someone typed, never a person.
  return f.campo === 'usuario' && f.etiqueta.startsWith('Nombre escrito') ? `${f.etiqueta}: «${value}»` : `${f.etiqueta}: ${value}`;
}

export function detailLines(e: AuditEntry): string[] {
  return e.campos.map(fieldLine);
}

/** «50 veces, la última a las 10:02:31» for repeated refusals; nothing for a single entry. */
export function repeatText(e: AuditEntry): string | null {
  if (e.veces <= 1) return null;
  return e.ultima_en ? `${e.veces} veces, la última a las ${formatDate(e.ultima_en, 'HH:mm:ss')}` : `${e.veces} veces`;
}

/** Entries that warn of something: shown in red. */
const WARNINGS = new Set<AuditEntry['accion']>(['rechazado', 'ingreso_fallido', 'contrasena_incorrecta', 'bloqueo']);

/** Where the entry came from: the device in a few words and the address. */
function Origin({ entry }: { entry: AuditEntry }) {
  const where = [entry.dispositivo, entry.ip].filter(Boolean).join(' · ');
  if (!where) return null;
  return (
    <Text size="xs" c="dimmed">
      {where}
    </Text>
  );
}

function Action({ entry }: { entry: AuditEntry }) {
  const repeated = repeatText(entry);
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="light" color={WARNINGS.has(entry.accion) ? 'red' : 'blue'} h="auto" styles={{ label: { whiteSpace: 'normal' } }}>
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
export function AuditList({ entries, filtered }: { entries: AuditEntry[]; /** The record whose history is shown, if any. */ filtered?: string | null }) {
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
            <Origin entry={e} />
            <AuditSubjectCell entry={e} filtered={filtered} resource={false} />
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
          <Table.Th>Registro</Table.Th>
          <Table.Th>Detalle</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.en, WHEN)}</Table.Td>
            <Table.Td>
              <Text size="sm">{actorName(e)}</Text>
              <Origin entry={e} />
            </Table.Td>
            <Table.Td>
              <Action entry={e} />
            </Table.Td>
            <Table.Td maw={260}>
              <AuditSubjectCell entry={e} filtered={filtered} />
            </Table.Td>
            <Table.Td maw={420}>
              <Detail entry={e} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
