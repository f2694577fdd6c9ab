import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ChangePasswordFormSchema, MESSAGES, type ChangePasswordForm } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation; the confirmation must match (SPEC section 5, the contract's rule). */
export function ChangePasswordFormCard({ userId, onDone }: { userId: string; onDone: () => void }) {
  const mutation = useChangePassword(userId);
  const form = useForm<ChangePasswordForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zodResolver(ChangePasswordFormSchema),
    // The server's refusal (e.g. a wrong current password) concerns what was sent: an edit makes it stale.
    onValuesChange: () => {
      if (mutation.isError) mutation.reset();
    },
  });

  const onSubmit = form.onSubmit((values) => {
    const parsed = ChangePasswordFormSchema.parse(values);
    mutation.mutate(
      { currentPassword: parsed.currentPassword, newPassword: parsed.newPassword },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.passwordChanged);
          form.reset();
          onDone();
        },
      },
    );
  });

  const busy = mutation.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cambiar contraseña">
      <Stack gap="sm" maw={420}>
        {mutation.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorMessage(mutation.error, MESSAGES.errors.passwordChangeFailed)}
          </Alert>
        )}
        <PasswordInput
          label="Contraseña actual"
          required
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
          disabled={busy}
        />
        <PasswordInput
          label="Nueva contraseña"
          required
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
          disabled={busy}
        />
        <PasswordInput
          label="Confirmar nueva contraseña"
          required
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
          disabled={busy}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            Guardar contraseña
          </Button>
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              mutation.reset();
              onDone();
            }}
            disabled={busy}
          >
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
