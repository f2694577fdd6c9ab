/**
 * Comments of the detail drawer (SPEC section 2.5): add, edit and delete;
 * only the author sees the edit and delete icons (the API enforces it too);
 * the card colour follows the viewer's role.
 */
import { useState } from 'react';
import { Button, Card, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { AREA_WATCHER_ACCESS, MESSAGES, TEXT_LIMITS, type CommentResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PendingBadge } from '../../../components/pending-badge';
import { EditDeleteIcons, InlineTextEdit } from '../../../components/inline-text-edit';
import { discard, replaceBody, usePending, type OutboxEntry } from '../../../lib/outbox';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { SENT_LATER, useAddComment, useComments, useDeleteComment, useUpdateComment } from '../api/comments';

function CommentCard({ comment, assignedTaskId, mine, supervisorView, edits, removal }: {
  comment: CommentResponse;
  assignedTaskId: string;
  mine: boolean;
  supervisorView: boolean;
  /** Edits of this comment made offline, still to send (the last one is shown). */
  edits: OutboxEntry[];
  /** Its deletion made offline, still to send. */
  removal: OutboxEntry | undefined;
}) {
  const pendingText = (edits.at(-1)?.body as { texto: string } | undefined)?.texto;
  const shown = pendingText ?? comment.texto;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(assignedTaskId);
  const remove = useDeleteComment(assignedTaskId);

  const save = (texto: string) => {
    update.mutate(
      { commentId: comment.uuid, texto },
      {
        onSuccess: ({ queued }) => {
          if (queued) toast.alert(SENT_LATER, 'Edición guardada sin conexión');
          else toast.success(MESSAGES.success.commentUpdated);
          setEditing(false);
        },
        onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.commentUpdateFailed)),
      },
    );
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      bg={supervisorView ? (mine ? 'indigo.0' : 'gray.0') : mine ? 'teal.0' : 'gray.0'}
      data-testid="comment"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0}>
          <Text size="xs" fw={600}>
            {comment.usuario.nombre} {comment.usuario.apellido}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(comment.fecha_creacion, 'DD MMM YYYY HH:mm')}
            {comment.editado && ' (editado)'}
          </Text>
        </Stack>
        {mine && !editing && !removal && (
          <EditDeleteIcons
            editLabel="Editar comentario"
            deleteLabel="Eliminar comentario"
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
          />
        )}
      </Group>
      {editing ? (
        <InlineTextEdit
          label="Editar comentario"
          initial={shown}
          maxLength={TEXT_LIMITS.comment}
          saving={update.isPending}
          mt={6}
          onCancel={() => setEditing(false)}
          onSave={save}
        />
      ) : (
        <Text
          size="sm"
          mt={4}
          td={removal ? 'line-through' : undefined}
          c={removal ? 'dimmed' : undefined}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {shown}
        </Text>
      )}
      {(pendingText !== undefined || removal) && (
        <Group mt={4}>
          <PendingBadge />
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Eliminar comentario"
        message="¿Eliminar este comentario? Esta acción no se puede deshacer."
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate({ commentId: comment.uuid, texto: shown }, {
            onSuccess: () => setConfirming(false),
            onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.commentDeleteFailed)),
          })
        }
      />
    </Card>
  );
}

/** A comment written offline, not yet sent: it can still be changed or taken back here. */
function PendingComment({ entry, author }: { entry: OutboxEntry; author: string }) {
  const texto = (entry.body as { texto: string }).texto;
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="pending-comment">
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {author}
        </Text>
        <Group gap={2} wrap="nowrap">
          <PendingBadge />
          {!editing && (
            <EditDeleteIcons
              editLabel="Editar comentario"
              deleteLabel="Descartar comentario"
              onEdit={() => setEditing(true)}
              onDelete={() => void discard(entry.id)}
            />
          )}
        </Group>
      </Group>
      {editing ? (
        <InlineTextEdit
          label="Editar comentario"
          initial={texto}
          maxLength={TEXT_LIMITS.comment}
          onCancel={() => setEditing(false)}
          onSave={(text) => void replaceBody(entry.id, { texto: text }).then(() => setEditing(false))}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {texto}
        </Text>
      )}
    </Paper>
  );
}

export function CommentsSection({ assignedTaskId }: { assignedTaskId: string }) {
  const { user } = useSession();
  const can = useCan();
  const supervisorView = can(AREA_WATCHER_ACCESS);
  const comments = useComments(assignedTaskId);
  const add = useAddComment(assignedTaskId);
  const [text, setText] = useState('');

  const submit = () => {
    if (!text.trim()) return;
    add.mutate(text.trim(), {
      onSuccess: ({ queued }) => {
        if (queued) toast.alert(SENT_LATER, 'Comentario guardado sin conexión');
        else toast.success(MESSAGES.success.commentAdded);
        setText('');
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.commentAddFailed)),
    });
  };

  const loaded = comments.data?.pages.flatMap((p) => p.data) ?? [];
  const waiting = usePending('comentario', assignedTaskId);
  const edits = usePending('comentario_editado', assignedTaskId);
  const removals = usePending('comentario_borrado', assignedTaskId);

  // The box to write comes first; then the newest comments, 20 at a time.
  return (
    <Stack gap="xs">
      <Textarea
        aria-label="Nuevo comentario"
        placeholder="Escriba un comentario..."
        autosize
        minRows={2}
        maxLength={TEXT_LIMITS.comment}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        disabled={add.isPending}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={submit} disabled={!text.trim() || add.isPending} loading={add.isPending}>
          Agregar comentario
        </Button>
      </Group>
      {waiting
        .slice()
        .reverse()
        .map((e) => (
          <PendingComment key={e.id} entry={e} author={user ? `${user.nombre} ${user.apellido}` : ''} />
        ))}
      {comments.isPending && waiting.length === 0 && <Skeleton height={56} radius="md" />}
      {comments.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(comments.error, MESSAGES.errors.commentsLoadFailed)}
        </Text>
      )}
      {comments.isSuccess && loaded.length === 0 && (
        <Text size="sm" c="dimmed">
          No hay comentarios.
        </Text>
      )}
      {loaded.map((comment) => (
        <CommentCard
          key={comment.uuid}
          comment={comment}
          assignedTaskId={assignedTaskId}
          mine={comment.usuario_uuid === user?.uuid}
          supervisorView={supervisorView}
          edits={edits.filter((e) => e.params.commentId === comment.uuid)}
          removal={removals.find((e) => e.params.commentId === comment.uuid)}
        />
      ))}
      {comments.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
        >
          Ver comentarios anteriores
        </Button>
      )}
    </Stack>
  );
}
