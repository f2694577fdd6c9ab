import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AUDIT_RESOURCE_LABELS, type AuditEntry } from '@gestar/contracts';

const search = (path: string, key: string, value: string | null) => (value ? `${path}?${key}=${encodeURIComponent(value)}` : path);

/** Where the entry's record is seen: its screen, searched for it where the screen has a search. */
export function recordHref(e: AuditEntry): string | null {
  const r = e.registro;
  if (!r?.existe || !e.recurso_uuid) return null;
  switch (e.recurso) {
    case 'usuario':
    case 'notificacion':
      return search('/usuarios', 'usuario', r.busqueda);
    case 'sesion':
      // A failed sign-in names the account; a session has no screen of its own.
      return e.accion === 'ingreso_fallido' ? search('/usuarios', 'usuario', r.busqueda) : null;
    case 'tarea':
      return search('/tareas', 'q', r.busqueda);
    case 'programacion':
      return '/programacion-tareas';
    case 'tarea_asignada':
      return `/?tarea=${e.recurso_uuid}`;
    case 'area':
      return '/areas';
    case 'estado':
      return '/estados';
    case 'puesto':
      return '/puestos-trabajo';
    case 'tipo_tarea':
      return '/tipo-tarea';
    default:
      return null;
  }
}

/** The audit screen showing one record's history. */
export const historyHref = (recordUuid: string) => `/auditoria?recurso_uuid=${encodeURIComponent(recordUuid)}`;

/** The entry's resource, its record by name (a link to it), and a link to everything that happened to it. */
export function AuditSubjectCell({
  entry,
  filtered,
  resource = true,
}: {
  entry: AuditEntry;
  filtered?: string | null;
  /** Whether to say the kind of record (a phone's card says it in its title). */
  resource?: boolean;
}) {
  const r = entry.registro;
  const href = recordHref(entry);
  return (
    <Stack gap={0} align="flex-start">
      {resource && (
        <Text size="xs" c="dimmed">
          {AUDIT_RESOURCE_LABELS[entry.recurso]}
        </Text>
      )}
      {r &&
        (href ? (
          <Anchor component={Link} to={href} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.nombre}
          </Anchor>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.nombre}
            {!r.existe && (
              <Text span size="xs" c="dimmed">
                {' '}
                (ya no existe)
              </Text>
            )}
          </Text>
        ))}
      {r && entry.recurso_uuid && filtered !== entry.recurso_uuid && (
        <Anchor component={Link} to={historyHref(entry.recurso_uuid)} size="xs" aria-label={`Historial de ${r.nombre}`}>
          Ver su historial
        </Anchor>
      )}
    </Stack>
  );
}
