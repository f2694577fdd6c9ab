import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface FormDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** Label of the submit button ('Crear', 'Actualizar', 'Guardar'). */
  submitLabel: string;
  cancelLabel?: string;
  loading?: boolean;
  /** The server's message of a failed save, shown under the fields. */
  error?: string | null;
  size?: string;
  children: ReactNode;
}

/** A modal form with Cancelar and a submit button, used by the create/edit dialogs of every catalog screen. */
export function FormDialog({
  opened,
  title,
  onClose,
  onSubmit,
  submitLabel,
  cancelLabel = 'Cancelar',
  loading = false,
  error,
  size = 'md',
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loading) onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size} closeOnClickOutside={!loading}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={loading}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
