import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { NO_RATING_LABEL, RATING_LABELS, RATING_MAX, RATING_MIN, TEXT_LIMITS, type AssignedTaskResponse } from '@gestar/contracts';

const RATING_OPTIONS = [
  { value: '', label: NO_RATING_LABEL },
  ...Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
    const n = (RATING_MIN + i) as keyof typeof RATING_LABELS;
    return { value: String(n), label: `${n} - ${RATING_LABELS[n]}` };
  }),
];

export interface ArchiveDialogProps {
  task: AssignedTaskResponse | null;
  loading: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (values: { calificacion?: number; observaciones?: string }) => void;
}

function ArchiveForm({ task, loading, error, onClose, onConfirm }: ArchiveDialogProps & { task: AssignedTaskResponse }) {
  const [rating, setRating] = useState('');
  const [notes, setNotes] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm({
          calificacion: rating ? Number(rating) : undefined,
          observaciones: notes.trim() ? notes.trim() : undefined,
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          La tarea <b>{task.tarea.titulo}</b> de {task.empleado.nombre} {task.empleado.apellido} dejará de verse en el tablero.
        </Text>
        <Select
          label="Calificación"
          data={RATING_OPTIONS}
          value={rating}
          onChange={(v) => setRating(v ?? '')}
          allowDeselect={false}
          disabled={loading}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Observaciones"
          autosize
          minRows={3}
          maxLength={TEXT_LIMITS.observations}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          disabled={loading}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancelar
          </Button>
          <Button type="submit" color="orange" loading={loading}>
            Archivar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC section 2.4: optional rating 1-5 ('Sin calificación' by default) and observaciones. */
export function ArchiveDialog(props: ArchiveDialogProps) {
  return (
    <Modal opened={props.task !== null} onClose={props.onClose} title="Archivar y calificar tarea" centered closeOnClickOutside={!props.loading}>
      {props.task && <ArchiveForm key={props.task.uuid} {...props} task={props.task} />}
    </Modal>
  );
}
