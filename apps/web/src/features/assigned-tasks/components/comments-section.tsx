/**
 * Comments of the detail drawer (SPEC section 2.5): add, edit and delete;
 * only the author sees the edit and delete icons (the API enforces it too);
 * the card colour follows the viewer's role.
 */
import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { AREA_WATCHER_ACCESS, MESSAGES, TEXT_LIMITS, type CommentResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PendingBadge } from '../../../components/pending-badge';
import { usePendingChanges } from '../../../lib/outbox';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAddComment, useComments, useDeleteComment, useUpdateComment } from '../api/comments';

function CommentCard({ comment, assignedTaskId, mine, supervisorView }: {
  comment: CommentResponse;
  assignedTaskId: string;
  mine: boolean;
  supervisorView: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.texto);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(assignedTaskId);
  const remove = useDeleteComment(assignedTaskId);

  const save = () => {
    update.mutate(
      { commentId: comment.uuid, texto: text.trim() },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.commentUpdated);
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
        {mine && !editing && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label="Editar comentario"
              onClick={() => {
                setText(comment.texto);
                setEditing(true);
              }}
            >
              <IconPencil size={14} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" size="sm" aria-label="Eliminar comentario" onClick={() => setConfirming(true)}>
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap={6} mt={6}>
          <Textarea
            aria-label="Editar comentario"
            autosize
            minRows={2}
            maxLength={TEXT_LIMITS.comment}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            disabled={update.isPending}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="compact-xs" variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
              Cancelar
            </Button>
            <Button size="compact-xs" onClick={save} disabled={!text.trim()} loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.texto}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Eliminar comentario"
        message="¿Eliminar este comentario? Esta acción no se puede deshacer."
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(comment.uuid, {
            onSuccess: () => setConfirming(false),
            onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.commentDeleteFailed)),
          })
        }
      />
    </Card>
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
        if (queued) toast.alert('Se enviará cuando vuelva la conexión.', 'Comentario guardado sin conexión');
        else toast.success(MESSAGES.success.commentAdded);
        setText('');
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.commentAddFailed)),
    });
  };

  const loaded = comments.data?.pages.flatMap((p) => p.data) ?? [];
  const waiting = usePendingChanges().filter((e) => e.kind === 'comentario' && e.task === assignedTaskId);

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
          <Paper key={e.id} withBorder radius="md" p="sm" bg="gray.0" data-testid="pending-comment">
            <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
              <Text size="xs" fw={600}>
                {user ? `${user.nombre} ${user.apellido}` : ''}
              </Text>
              <PendingBadge />
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {(e.body as { texto: string }).texto}
            </Text>
          </Paper>
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
