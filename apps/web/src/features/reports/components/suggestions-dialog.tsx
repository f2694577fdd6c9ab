import { List, Modal, Text } from '@mantine/core';
import type { ReportRow } from '@gestar/contracts';

export interface SuggestionsDialogProps {
  row: ReportRow | null;
  onClose: () => void;
}

/** SPEC section 2.13: 'Sugerencias de la tarea', a numbered list or 'No hay sugerencias disponibles'. */
export function SuggestionsDialog({ row, onClose }: SuggestionsDialogProps) {
  const suggestions = row?.tarea.sugerencias ?? [];
  return (
    <Modal opened={row !== null} onClose={onClose} title="Sugerencias de la tarea" centered>
      {row && (
        <Text size="sm" c="dimmed" mb="sm">
          {row.tarea.titulo}
        </Text>
      )}
      {suggestions.length === 0 ? (
        <Text>No hay sugerencias disponibles</Text>
      ) : (
        <List type="ordered" spacing="xs" aria-label="Sugerencias">
          {suggestions.map((s) => (
            <List.Item key={s.uuid} style={{ whiteSpace: 'pre-wrap' }}>
              {s.descripcion}
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
