/** The board's small dialogs: the person's job position and the keyboard shortcuts. */
import { Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useSession } from '../../../lib/session';

export function JobPositionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user } = useSession();
  const position = user?.descripcion_puesto;
  return (
    <Modal opened={opened} onClose={onClose} title="Mi Puesto de Trabajo" centered>
      {position ? (
        <Stack gap="xs">
          <Text fw={600}>{position.nombre}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {position.descripcion}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No tiene un puesto de trabajo asignado.
        </Text>
      )}
    </Modal>
  );
}

const SHORTCUTS: [string, string][] = [
  ['/', 'Buscar tareas por título'],
  ['?', 'Mostrar estos atajos'],
  ['Esc', 'Cerrar el panel de detalle o el diálogo abierto'],
  ['Espacio', 'Sobre una tarjeta: tomarla para moverla; otra vez: soltarla'],
  ['← →', 'Con una tarjeta tomada: elegir la columna'],
];

export function ShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Atajos de teclado" centered>
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map(([key, what]) => (
            <Table.Tr key={key}>
              <Table.Td w={90}>
                <Kbd>{key}</Kbd>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
