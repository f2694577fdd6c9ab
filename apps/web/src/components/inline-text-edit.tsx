/**
 * Editing a short text in place (a comment, a suggestion): the box, then Cancelar and Guardar;
 * and the pencil and bin icons that start an edit or a deletion.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

export function InlineTextEdit({
  label,
  initial,
  maxLength,
  saving = false,
  mt,
  onCancel,
  onSave,
}: {
  /** The box's accessible name ("Editar comentario"). */
  label: string;
  initial: string;
  maxLength: number;
  saving?: boolean;
  mt?: number;
  onCancel: () => void;
  /** Called with the trimmed text (never blank). */
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <Stack gap={6} mt={mt}>
      <Textarea
        aria-label={label}
        autosize
        minRows={2}
        maxLength={maxLength}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        disabled={saving}
      />
      <Group justify="flex-end" gap="xs">
        <Button size="compact-xs" variant="default" onClick={onCancel} disabled={saving}>
          Cancelar
        </Button>
        <Button size="compact-xs" disabled={!text.trim()} loading={saving} onClick={() => onSave(text.trim())}>
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}

export function EditDeleteIcons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="sm" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="sm" aria-label={deleteLabel} onClick={onDelete}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
