/**
 * «PIN de terminal» in the profile (issue 34): the 4 to 6 digits a person types at the workshop's
 * shared tablets. Setting it asks for the current password (accounts with one).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { MESSAGES, PinSchema } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { fieldErrorsFromApi } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useMyPin, useSetMyPin } from '../api/pin';

const DIGITS = /[^0-9]/g;

export function PinCard() {
  const status = useMyPin();
  const save = useSetMyPin();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [password, setPassword] = useState('');
  const [local, setLocal] = useState<{ pin?: string; repeat?: string }>({});
  const server = save.isError ? fieldErrorsFromApi(save.error) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = PinSchema.safeParse(pin);
    const next = {
      pin: parsed.success ? undefined : parsed.error.issues[0]?.message,
      repeat: parsed.success && pin !== repeat ? 'Los PIN no coinciden' : undefined,
    };
    setLocal(next);
    if (next.pin || next.repeat) return;
    save.mutate(
      { pin, contrasena_actual: password || undefined },
      {
        onSuccess: () => {
          toast.success('PIN de terminal guardado');
          setPin('');
          setRepeat('');
          setPassword('');
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="perfil-pin">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="h3" id="perfil-pin">
          {MESSAGES.terminals.pinSetTitle}
        </Title>
        {status.data &&
          (status.data.bloqueado ? (
            <Badge color="orange">Bloqueado</Badge>
          ) : status.data.tiene_pin ? (
            <Badge color="green">PIN fijado</Badge>
          ) : (
            <Badge color="gray">Sin PIN</Badge>
          ))}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Con su PIN de 4 a 6 dígitos ingresa en las tabletas compartidas del taller tocando su nombre.
        {status.data?.actualizado_en
          ? ` Fijado el ${formatDate(status.data.actualizado_en, 'DD MMM YYYY HH:mm')}.`
          : ''}
        {status.data?.bloqueado
          ? ' Está bloqueado por intentos fallidos: un supervisor de su área puede desbloquearlo.'
          : ''}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={360}>
          <PasswordInput
            label={status.data?.tiene_pin ? 'Nuevo PIN' : 'PIN'}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(DIGITS, ''))}
            error={local.pin ?? server.pin}
          />
          <PasswordInput
            label="Repita el PIN"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value.replace(DIGITS, ''))}
            error={local.repeat}
          />
          <PasswordInput
            label="Contraseña actual"
            description="Si ingresa con la cuenta de la empresa, déjela vacía."
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={server.contrasena_actual}
          />
          {save.isError && !server.pin && !server.contrasena_actual && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, 'No se pudo guardar el PIN')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceTablet size={16} />}>
              Guardar PIN
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
