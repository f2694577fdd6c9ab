import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LinkDirectoryRequestSchema, MESSAGES, type UserResponse } from '@gestar/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useDirectoryProviders, useLinkDirectory, useUnlinkDirectory } from '../api/directory-link';

const validate = zodResolver(LinkDirectoryRequestSchema);

interface FormValues {
  proveedor: 'oidc' | 'ldap' | null;
  identificador: string;
  gestiona_grupos: boolean;
}

const PROVIDER_LABEL = { oidc: 'OpenID', ldap: 'Directorio LDAP' } as const;

/**
 * An administrator links a user to its company account: from then on it signs in with that
 * account only, and the directory's groups manage its role and areas when chosen. Mounted per user.
 */
export function DirectoryLinkDialog({ user, onClose }: { user: UserResponse; onClose: () => void }) {
  const providers = useDirectoryProviders(true);
  const link = useLinkDirectory();
  const unlink = useUnlinkDirectory();
  const [serverError, setServerError] = useState<string | null>(null);
  const offered = [
    ...(providers.data?.oidc ? [{ value: 'oidc', label: `${providers.data.oidc.nombre} (${PROVIDER_LABEL.oidc})` }] : []),
    ...(providers.data?.ldap ? [{ value: 'ldap', label: PROVIDER_LABEL.ldap }] : []),
  ];
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      proveedor: user.vinculo?.proveedor ?? null,
      identificador: user.vinculo?.identificador ?? '',
      gestiona_grupos: user.vinculo?.gestiona_grupos ?? false,
    },
  });
  const values = form.getValues();
  const busy = link.isPending || unlink.isPending;
  const proveedor = values.proveedor ?? (offered.length === 1 ? (offered[0]!.value as 'oidc' | 'ldap') : null);

  const onFailure = (error: unknown) => {
    const message = errorMessage(error, MESSAGES.errors.internal);
    form.setErrors(fieldErrorsFromApi(error) as Record<string, string>);
    setServerError(message);
  };
  const submit = () => {
    setServerError(null);
    const body = { proveedor: proveedor ?? '', identificador: values.identificador, gestiona_grupos: values.gestiona_grupos };
    const found = validate(body);
    if (Object.keys(found).length > 0) return form.setErrors(found);
    link.mutate(
      { id: user.uuid, body: LinkDirectoryRequestSchema.parse(body) },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.directoryLinked);
          onClose();
        },
        onError: onFailure,
      },
    );
  };
  const remove = () =>
    unlink.mutate(user.uuid, {
      onSuccess: () => {
        toast.success(MESSAGES.success.directoryUnlinked);
        onClose();
      },
      onError: onFailure,
    });

  return (
    <FormDialog
      opened
      title={`Cuenta de la empresa: ${user.nombre} ${user.apellido}`}
      submitLabel="Vincular"
      onClose={onClose}
      onSubmit={submit}
      loading={busy}
      error={serverError}
    >
      <Stack gap="sm">
        {user.vinculo ? (
          <Alert color="blue" variant="light" title="Vinculado">
            <Text size="sm">
              Ingresa solo con su cuenta de la empresa ({PROVIDER_LABEL[user.vinculo.proveedor]}:{' '}
              {user.vinculo.identificador}); su contraseña de Gestar ya no abre la cuenta.
              {user.vinculo.gestiona_grupos ? ' Los grupos del directorio fijan su rol y sus áreas.' : ''}
            </Text>
            <Group justify="flex-end" mt="xs">
              <Button size="compact-sm" variant="light" color="red" onClick={remove} loading={unlink.isPending} disabled={busy}>
                Quitar vínculo
              </Button>
            </Group>
          </Alert>
        ) : (
          <Text size="sm">
            Desde que lo vincule, <strong>{user.username}</strong> ingresará solo con su cuenta de la empresa y su
            contraseña de Gestar dejará de abrir la cuenta.
          </Text>
        )}
        {offered.length === 0 && !providers.isPending ? (
          <Text size="sm" c="dimmed">
            {MESSAGES.errors.ssoProviderOff}
          </Text>
        ) : (
          <>
            <Select
              label="Ingreso de la empresa"
              required
              data={offered}
              value={proveedor}
              onChange={(v) => {
                form.setFieldValue('proveedor', v as FormValues['proveedor']);
                form.clearFieldError('proveedor');
              }}
              error={form.errors.proveedor}
              disabled={busy}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Identificador de la cuenta"
              required
              description={
                proveedor === 'ldap'
                  ? 'Usuario del directorio, su entryUUID o su DN'
                  : 'El «sub» de la persona en el proveedor (su identificador, no su correo)'
              }
              autoComplete="off"
              value={values.identificador}
              onChange={(e) => {
                form.setFieldValue('identificador', e.currentTarget.value);
                form.clearFieldError('identificador');
              }}
              error={form.errors.identificador}
              disabled={busy}
            />
            <Checkbox
              label="Los grupos del directorio administran su rol y sus áreas"
              checked={values.gestiona_grupos}
              onChange={(e) => form.setFieldValue('gestiona_grupos', e.currentTarget.checked)}
              disabled={busy}
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
