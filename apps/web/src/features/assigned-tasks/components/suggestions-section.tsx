/**
 * Improvement suggestions for the task behind an occurrence: anyone who sees the
 * task adds one; its author edits or deletes it. They appear in the reports
 * ('Ver sugerencias').
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, List, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { MESSAGES, TEXT_LIMITS, type SuggestionResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteSuggestion, useSaveSuggestion, useTaskSuggestions } from '../api/suggestions';

const SAVED = MESSAGES.success.suggestionSaved;
const DELETED = MESSAGES.success.suggestionDeleted;
const SAVE_FAILED = MESSAGES.errors.suggestionSaveFailed;
const DELETE_FAILED = MESSAGES.errors.suggestionDeleteFailed;

function SuggestionItem({ taskId, suggestion, mine }: { taskId: string; suggestion: SuggestionResponse; mine: boolean }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(suggestion.descripcion);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSuggestion(taskId);
  const remove = useDeleteSuggestion(taskId);

  if (editing) {
    return (
      <Stack gap={6}>
        <Textarea aria-label="Editar sugerencia" autosize minRows={2} maxLength={TEXT_LIMITS.comment} value={text} onChange={(e) => setText(e.currentTarget.value)} disabled={save.isPending} />
        <Group justify="flex-end" gap="xs">
          <Button size="compact-xs" variant="default" onClick={() => setEditing(false)} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button
            size="compact-xs"
            disabled={!text.trim()}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { descripcion: text.trim(), suggestionId: suggestion.uuid },
                {
                  onSuccess: () => {
                    toast.success(SAVED);
                    setEditing(false);
                  },
                  onError: (error) => toast.error(errorMessage(error, SAVE_FAILED)),
                },
              )
            }
          >
            Guardar
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" data-testid="suggestion">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {suggestion.descripcion}
      </Text>
      {mine && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" size="sm" aria-label="Editar sugerencia" onClick={() => setEditing(true)}>
            <IconPencil size={14} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label="Eliminar sugerencia" onClick={() => setConfirming(true)}>
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Eliminar sugerencia"
        message="¿Eliminar esta sugerencia? Esta acción no se puede deshacer."
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(suggestion.uuid, {
            onSuccess: () => {
              toast.success(DELETED);
              setConfirming(false);
            },
            onError: (error) => toast.error(errorMessage(error, DELETE_FAILED)),
          })
        }
      />
    </Group>
  );
}

export function SuggestionsSection({ taskId }: { taskId: string }) {
  const { user } = useSession();
  const suggestions = useTaskSuggestions(taskId);
  const save = useSaveSuggestion(taskId);
  const [text, setText] = useState('');

  return (
    <Stack gap="xs">
      {suggestions.isPending && <Skeleton height={40} radius="md" />}
      {suggestions.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No hay sugerencias disponibles
        </Text>
      )}
      {suggestions.data && suggestions.data.length > 0 && (
        <List type="ordered" spacing={6} size="sm">
          {suggestions.data.map((s) => (
            <List.Item key={s.uuid}>
              <SuggestionItem taskId={taskId} suggestion={s} mine={s.creado_por_uuid === user?.uuid} />
            </List.Item>
          ))}
        </List>
      )}
      <Textarea
        aria-label="Nueva sugerencia"
        placeholder="¿Cómo se podría mejorar esta tarea?"
        autosize
        minRows={2}
        maxLength={TEXT_LIMITS.comment}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        disabled={save.isPending}
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="light"
          disabled={!text.trim() || save.isPending}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { descripcion: text.trim() },
              {
                onSuccess: () => {
                  toast.success(SAVED);
                  setText('');
                },
                onError: (error) => toast.error(errorMessage(error, SAVE_FAILED)),
              },
            )
          }
        >
          Agregar sugerencia
        </Button>
      </Group>
    </Stack>
  );
}
