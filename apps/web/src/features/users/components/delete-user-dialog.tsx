import { Text } from '@mantine/core';
import { MESSAGES, type UserResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../api/save-user';

export const DELETE_CONFIRMATION_WORD = 'ELIMINAR';

/** SPEC section 2.8: 'Eliminar Usuario: {full name}', confirmed by typing ELIMINAR. Mounted per user. */
export function DeleteUserDialog({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const mutation = useDeleteUser();
  const confirm = () =>
    mutation.mutate(user.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.userDeleted);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
    });
  return (
    <ConfirmDialog
      opened
      title={`Eliminar Usuario: ${user.nombre} ${user.apellido}`}
      message={
        <Text size="sm">
          ¿Está seguro de que desea eliminar al usuario <strong>{user.username}</strong>? Esta acción es permanente e
          irrecuperable.
        </Text>
      }
      confirmationWord={DELETE_CONFIRMATION_WORD}
      onConfirm={confirm}
      onClose={onClose}
      loading={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, MESSAGES.errors.internal) : null}
    />
  );
}
