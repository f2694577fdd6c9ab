/**
 * Improvement suggestions for the task behind an occurrence: anyone who sees the
 * task adds one; its author edits or deletes it. They appear in the reports
 * ('Ver sugerencias').
 */
import { useState } from 'react';
import { Button, Group, List, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGES, TEXT_LIMITS, type SuggestionResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditDeleteIcons, InlineTextEdit } from '../../../components/inline-text-edit';
import { PendingBadge } from '../../../components/pending-badge';
import { discard, replaceBody, usePendingChanges, type OutboxEntry } from '../../../lib/outbox';
import { SENT_LATER } from '../api/comments';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteSuggestion, useSaveSuggestion, useTaskSuggestions } from '../api/suggestions';

const SAVED = MESSAGES.success.suggestionSaved;
const DELETED = MESSAGES.success.suggestionDeleted;
const SAVE_FAILED = MESSAGES.errors.suggestionSaveFailed;
const DELETE_FAILED = MESSAGES.errors.suggestionDeleteFailed;

const savedOffline = () => toast.alert(SENT_LATER, 'Sugerencia guardada sin conexión');

function SuggestionItem({
  taskId,
  assignedTaskId,
  suggestion,
  mine,
  pending,
}: {
  taskId: string;
  assignedTaskId: string;
  suggestion: SuggestionResponse;
  mine: boolean;
  /** Its edits and deletion made offline, still to send. */
  pending: OutboxEntry[];
}) {
  const [editing, setEditing] = useState(false);
  const edited = pending.filter((e) => e.kind === 'sugerencia').at(-1);
  const removed = pending.some((e) => e.kind === 'sugerencia_borrada');
  const shown = (edited?.body as { descripcion: string } | undefined)?.descripcion ?? suggestion.descripcion;
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSuggestion(taskId, assignedTaskId);
  const remove = useDeleteSuggestion(taskId, assignedTaskId);

  if (editing) {
    return (
      <InlineTextEdit
        label="Editar sugerencia"
        initial={shown}
        maxLength={TEXT_LIMITS.comment}
        saving={save.isPending}
        onCancel={() => setEditing(false)}
        onSave={(descripcion) =>
          save.mutate(
            { descripcion, suggestionId: suggestion.uuid },
            {
              onSuccess: ({ queued }) => {
                if (queued) savedOffline();
                else toast.success(SAVED);
                setEditing(false);
              },
              onError: (error) => toast.error(errorMessage(error, SAVE_FAILED)),
            },
          )
        }
      />
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" data-testid="suggestion">
      <Stack gap={2}>
        <Text
          size="sm"
          td={removed ? 'line-through' : undefined}
          c={removed ? 'dimmed' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {shown}
        </Text>
        {pending.length > 0 && <PendingBadge />}
      </Stack>
      {mine && !removed && (
        <EditDeleteIcons
          editLabel="Editar sugerencia"
          deleteLabel="Eliminar sugerencia"
          onEdit={() => setEditing(true)}
          onDelete={() => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        opened={confirming}
        title="Eliminar sugerencia"
        message="¿Eliminar esta sugerencia? Esta acción no se puede deshacer."
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate({ suggestionId: suggestion.uuid, descripcion: shown }, {
            onSuccess: ({ queued }) => {
              if (queued) toast.alert(SENT_LATER, 'Eliminación guardada sin conexión');
              else toast.success(DELETED);
              setConfirming(false);
            },
            onError: (error) => toast.error(errorMessage(error, DELETE_FAILED)),
          })
        }
      />
    </Group>
  );
}

/** A suggestion written offline, not yet sent: it can still be changed or taken back here. */
function PendingSuggestion({ entry }: { entry: OutboxEntry }) {
  const descripcion = (entry.body as { descripcion: string }).descripcion;
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <InlineTextEdit
        label="Editar sugerencia"
        initial={descripcion}
        maxLength={TEXT_LIMITS.comment}
        onCancel={() => setEditing(false)}
        onSave={(text) => void replaceBody(entry.id, { descripcion: text }).then(() => setEditing(false))}
      />
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" data-testid="pending-suggestion">
      <Stack gap={2}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {descripcion}
        </Text>
        <PendingBadge />
      </Stack>
      <EditDeleteIcons
        editLabel="Editar sugerencia"
        deleteLabel="Descartar sugerencia"
        onEdit={() => setEditing(true)}
        onDelete={() => void discard(entry.id)}
      />
    </Group>
  );
}

export function SuggestionsSection({ taskId, assignedTaskId }: { taskId: string; assignedTaskId: string }) {
  const { user } = useSession();
  const suggestions = useTaskSuggestions(taskId);
  const save = useSaveSuggestion(taskId, assignedTaskId);
  const [text, setText] = useState('');
  // Changes of this task's suggestions kept offline (from any of its occurrences' drawers).
  const kept = usePendingChanges().filter(
    (e) => (e.kind === 'sugerencia' || e.kind === 'sugerencia_borrada') && e.params.id === taskId,
  );
  const added = kept.filter((e) => e.kind === 'sugerencia' && !(e.body as { suggestion_uuid?: string }).suggestion_uuid);
  const ofSuggestion = (uuid: string) =>
    kept.filter((e) => (e.body as { suggestion_uuid?: string } | undefined)?.suggestion_uuid === uuid || e.params.suggestionId === uuid);

  return (
    <Stack gap="xs">
      {suggestions.isPending && <Skeleton height={40} radius="md" />}
      {suggestions.data?.length === 0 && added.length === 0 && (
        <Text size="sm" c="dimmed">
          No hay sugerencias disponibles
        </Text>
      )}
      {((suggestions.data?.length ?? 0) > 0 || added.length > 0) && (
        <List type="ordered" spacing={6} size="sm">
          {suggestions.data?.map((s) => (
            <List.Item key={s.uuid}>
              <SuggestionItem
                taskId={taskId}
                assignedTaskId={assignedTaskId}
                suggestion={s}
                mine={s.creado_por_uuid === user?.uuid}
                pending={ofSuggestion(s.uuid)}
              />
            </List.Item>
          ))}
          {added.map((e) => (
            <List.Item key={e.id}>
              <PendingSuggestion entry={e} />
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
                onSuccess: ({ queued }) => {
                  if (queued) savedOffline();
                  else toast.success(SAVED);
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
