import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNestedOverlay } from '../lib/nested-overlay';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  /** Busy while the confirmed action runs: buttons disabled, confirm shows a loader. */
  loading?: boolean;
  /** Error text of a failed attempt, shown above the buttons. */
  error?: string | null;
  /** When set, the user must type this word (e.g. 'ELIMINAR') before confirming. */
  confirmationWord?: string;
  /** Keeps the confirm button disabled (e.g. while what the question needs is loading). */
  confirmDisabled?: boolean;
}

/** A yes/no dialog for destructive actions (delete user, status, area...). */
export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onClose,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  confirmColor = 'red',
  loading = false,
  error,
  confirmationWord,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  // Inside the task drawer, Escape closes this dialog only.
  useNestedOverlay(opened);
  const blocked = confirmDisabled || (confirmationWord !== undefined && typed !== confirmationWord);
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeOnClickOutside={!loading}>
      <Stack gap="md">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        {confirmationWord && (
          <TextInput
            label={`Escriba ${confirmationWord} para confirmar`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            disabled={loading}
            autoComplete="off"
          />
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading} disabled={blocked}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
