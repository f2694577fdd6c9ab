import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChecklistSection } from './checklist-section';
import {
  ArchiveAssignedTaskRequestSchema,
  NO_RATING_LABEL,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  TEXT_LIMITS,
  type AssignedTaskResponse,
} from '@gestar/contracts';
import { zodResolver } from '../../../lib/form-errors';

const RATING_OPTIONS = [
  { value: '', label: NO_RATING_LABEL },
  ...Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
    const n = (RATING_MIN + i) as keyof typeof RATING_LABELS;
    return { value: String(n), label: `${n} - ${RATING_LABELS[n]}` };
  }),
];

export interface ArchiveDialogProps {
  task: AssignedTaskResponse | null;
  /** Archiving the selected cards at once: how many (the dialog opens when > 0 and no task is given). */
  bulkCount?: number;
  loading: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (values: { calificacion?: number; observaciones?: string }) => void;
}

interface Values {
  /** '' is 'Sin calificación'. */
  calificacion: string;
  observaciones: string;
}

/** The values as the archive request sends them (blank: not sent). */
function body(values: Values): { calificacion?: number; observaciones?: string } {
  return {
    calificacion: values.calificacion ? Number(values.calificacion) : undefined,
    observaciones: values.observaciones.trim() ? values.observaciones.trim() : undefined,
  };
}

const validateBody = zodResolver<ReturnType<typeof body>>(ArchiveAssignedTaskRequestSchema);

function ArchiveForm({ task, bulkCount = 0, loading, error, onClose, onConfirm }: ArchiveDialogProps) {
  // The contract checks what would be sent; its Spanish message shows under the field.
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { calificacion: '', observaciones: '' },
    validate: (values) => validateBody(body(values)),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onConfirm(body(values)))}>
      <Stack gap="md">
        {task ? (
          <Text size="sm">
            La tarea <b>{task.tarea.titulo}</b> de {task.empleado.nombre} {task.empleado.apellido} dejará de verse en el tablero.
          </Text>
        ) : (
          <Text size="sm">
            {bulkCount === 1 ? 'La tarea seleccionada dejará' : `Las ${bulkCount} tareas seleccionadas dejarán`} de verse en el
            tablero, con la misma calificación y observaciones.
          </Text>
        )}
        {task && task.checklist_progreso.total > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Lista de verificación
            </Text>
            <ChecklistSection taskId={task.uuid} readOnly />
          </Stack>
        )}
        <Select
          label="Calificación"
          data={RATING_OPTIONS}
          {...form.getInputProps('calificacion')}
          onChange={(v) => form.setFieldValue('calificacion', v ?? '')}
          allowDeselect={false}
          disabled={loading}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Observaciones"
          autosize
          minRows={3}
          maxLength={TEXT_LIMITS.observations}
          {...form.getInputProps('observaciones')}
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
    <Modal
      opened={props.task !== null || (props.bulkCount ?? 0) > 0}
      onClose={props.onClose}
      title={props.task ? 'Archivar y calificar tarea' : 'Archivar y calificar tareas'}
      centered
      closeOnClickOutside={!props.loading}
    >
      {(props.task || (props.bulkCount ?? 0) > 0) && <ArchiveForm key={props.task?.uuid ?? 'lote'} {...props} />}
    </Modal>
  );
}
