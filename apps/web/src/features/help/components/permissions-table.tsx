import { Box, Table, Text } from '@mantine/core';
import {
  ALL_PERMISSIONS,
  OPERARIO_PERMISSIONS,
  PERMISSION_LABELS,
  ROLE_NAMES,
  SUPERVISOR_PERMISSIONS,
  type Permission,
} from '@gestar/contracts';

/** What each permission lets its holder do, as the API enforces it. */
const PERMISSION_EFFECTS: Record<Permission, string> = {
  'create:task': 'Crear tareas y abrir la pantalla Tareas.',
  'read:task': 'Ver las tareas de su alcance (todas las áreas o las propias).',
  'update:task': 'Editar tareas y eliminar sugerencias de otros.',
  'delete:task': 'Eliminar tareas.',
  'assign:task': 'Asignar una tarea existente a empleados de sus áreas.',
  'create:user': 'Crear usuarios (un supervisor, solo en sus áreas).',
  'read:user': 'Ver los usuarios que comparten alguna de sus áreas.',
  'read:user:all': 'Ver todos los usuarios.',
  'update:user': 'Editar usuarios y su puesto de trabajo (un supervisor, solo en sus áreas).',
  'delete:user': 'Desactivar usuarios.',
  'create:status': 'Crear estados y abrir la pantalla Estados.',
  'read:status': 'Ver los estados (columnas del tablero).',
  'update:status': 'Editar estados.',
  'delete:status': 'Eliminar estados que ninguna tarea usa.',
  'read:role': 'Ver los roles que puede otorgar al crear o editar usuarios.',
  'generate:report': 'Generar y exportar reportes de todas las áreas.',
  'generate:area-report': 'Generar y exportar reportes solo de sus áreas.',
  'create:scheduled-task': 'Programar tareas recurrentes.',
  'read:scheduled-task': 'Ver la pantalla Programación de tarea.',
  'update:scheduled-task': 'Editar, activar y desactivar programaciones.',
  'delete:scheduled-task': 'Eliminar programaciones.',
  'read:all:areas': 'Ver y trabajar con todas las áreas, no solo las propias.',
  'create:area': 'Crear áreas y abrir la pantalla Áreas.',
  'read:area': 'Ver sus propias áreas.',
  'update:area': 'Editar áreas.',
  'delete:area': 'Eliminar áreas sin usuarios ni tareas.',
  'create:task-type': 'Crear tipos de tarea y abrir su pantalla.',
  'read:task-type': 'Ver los tipos de tarea.',
  'update:task-type': 'Editar tipos de tarea.',
  'delete:task-type': 'Eliminar tipos de tarea que ninguna tarea usa.',
  'create:resource': 'Reservado; ninguna pantalla lo usa todavía.',
  'read:resource': 'Reservado; ninguna pantalla lo usa todavía.',
  'update:resource': 'Reservado; ninguna pantalla lo usa todavía.',
  'delete:resource': 'Reservado; ninguna pantalla lo usa todavía.',
  'send:notifications': 'Enviar notificaciones a un usuario o a todos los de su alcance.',
  'read:notification-deliveries': 'Ver cómo llegó cada aviso por push y por correo (Administración > Entregas de avisos) y enviarse pruebas.',
  'read:audit': 'Ver el registro de auditoría (Administración > Auditoría) y exportarlo.',
  'read:calendar': 'Ver el calendario laboral (Configuración > Calendario laboral).',
  'update:calendar': 'Marcar y quitar días no laborables y traer los feriados nacionales.',
  'create:asset': 'Dar de alta equipos e importarlos desde una planilla (un supervisor, solo en sus áreas).',
  'read:asset': 'Ver los equipos, su estado y su página (también al escanear una etiqueta).',
  'update:asset': 'Editar equipos, cambiar su estado y subir su foto y sus documentos (un supervisor, solo en sus áreas).',
  'delete:asset': 'Eliminar equipos que ninguna tarea ni solicitud nombra.',
  'triage:problem-report': 'Revisar las solicitudes de sus áreas: aceptarlas, fusionarlas o rechazarlas.',
  'track:time': 'Usar el cronómetro en sus propias tareas y cargar, corregir o confirmar su propio tiempo.',
  'manage:time-entries': 'Ver, cargar y corregir el tiempo de trabajo de las personas de sus áreas.',
  'read:all:assigned-tasks': 'Ver el tablero de cualquier empleado, filtrar por área y usuario, archivar y calificar.',
  'read:all:assigned-tasks:by-area': 'Lo mismo que el anterior, pero solo para las tareas de sus áreas.',
  'create:job-description': 'Crear puestos de trabajo y abrir su pantalla.',
  'read:job-description': 'Ver los puestos de trabajo.',
  'read:all:job-descriptions': 'Ver todos los puestos de trabajo.',
  'update:job-description': 'Editar puestos de trabajo.',
  'delete:job-description': 'Eliminar puestos que ningún usuario tiene.',
};

const ROLES: { name: string; holds: readonly Permission[] }[] = [
  { name: ROLE_NAMES.admin, holds: ALL_PERMISSIONS },
  { name: ROLE_NAMES.supervisor, holds: SUPERVISOR_PERMISSIONS },
  { name: ROLE_NAMES.operario, holds: OPERARIO_PERMISSIONS },
];

/** Every permission, what it allows and which seeded role holds it (read from the contracts). */
export function PermissionsTable() {
  return (
    // Scrolls inside its own box on a phone; focusable so the keyboard can scroll it too.
    <Box tabIndex={0} role="region" aria-label="Permisos por rol" style={{ overflowX: 'auto' }}>
      <Table miw={640} striped withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Permiso</Table.Th>
            <Table.Th scope="col">Qué permite</Table.Th>
            {ROLES.map((r) => (
              <Table.Th key={r.name} scope="col" ta="center">
                {r.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ALL_PERMISSIONS.map((p) => (
            <Table.Tr key={p}>
              <Table.Td fw={600}>{PERMISSION_LABELS[p]}</Table.Td>
              <Table.Td>{PERMISSION_EFFECTS[p]}</Table.Td>
              {ROLES.map((r) => (
                <Table.Td key={r.name} ta="center">
                  {r.holds.includes(p) ? (
                    <Text span size="sm" fw={700} c="teal.9">
                      Sí
                    </Text>
                  ) : (
                    <Text span size="sm" c="gray.7">
                      No
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
