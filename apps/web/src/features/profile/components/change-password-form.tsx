import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ChangePasswordFormSchema, MESSAGES, type ChangePasswordForm } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

type Field = keyof ChangePasswordForm;
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation; the confirmation must match (SPEC section 5). */
export function ChangePasswordFormCard({ userId, onDone }: { userId: string; onDone: () => void }) {
  const [values, setValues] = useState<ChangePasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useChangePassword(userId);

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ChangePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    mutation.mutate(
      { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.passwordChanged);
          setValues(EMPTY);
          onDone();
        },
      },
    );
  };

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
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          disabled={busy}
        />
        <PasswordInput
          label="Nueva contraseña"
          required
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          disabled={busy}
        />
        <PasswordInput
          label="Confirmar nueva contraseña"
          required
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          disabled={busy}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            Guardar contraseña
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setValues(EMPTY);
              setErrors({});
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
