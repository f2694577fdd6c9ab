import { Stack, Text } from '@mantine/core';
import { MESSAGES, type UserResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteUser } from '../api/save-user';

export const DELETE_CONFIRMATION_WORD = 'ELIMINAR';

/**
 * SPEC section 2.8: 'Eliminar Usuario: {full name}', confirmed by typing ELIMINAR.
 * A delete deactivates (shared DECISIONS section 8): the dialog says so. Mounted per user.
 */
export function DeleteUserDialog({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const mutation = useDeleteUser();
  const confirm = () =>
    mutation.mutate(user.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.userDeleted);
        onClose();
      },
      // A refusal shows once, inside the dialog that stays open (the `error` below), not also as a toast.
    });
  return (
    <ConfirmDialog
      opened
      title={`Eliminar Usuario: ${user.nombre} ${user.apellido}`}
      message={
        <Stack gap="xs">
          <Text size="sm">
            ¿Está seguro de que desea eliminar al usuario <strong>{user.username}</strong>?
          </Text>
          <Text size="sm">
            El usuario quedará inactivo: no podrá ingresar y se cerrarán sus sesiones abiertas. Sus datos y su
            historial se conservan, y puede reactivarlo más tarde con «Reactivar».
          </Text>
        </Stack>
      }
      confirmationWord={DELETE_CONFIRMATION_WORD}
      onConfirm={confirm}
      onClose={onClose}
      loading={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, MESSAGES.errors.internal) : null}
    />
  );
}
