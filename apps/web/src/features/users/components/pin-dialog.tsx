/**
 * «PIN de terminal» of one person (issue 34): a supervisor unlocks a PIN locked by wrong tries; an
 * administrator also resets it (a new one, or none so the person sets their own).
 */
import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { PinSchema, type UserResponse } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { toast } from '../../../lib/toast';
import { useResetPin, useUnlockPin } from '../api/pin';

const DIGITS = /[^0-9]/g;

export function PinDialog({ user, onClose }: { user: UserResponse; onClose(): void }) {
  const can = useCan();
  const unlock = useUnlockPin();
  const reset = useResetPin();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const who = `${user.nombre} ${user.apellido}`;

  const onReset = (withPin: boolean) => {
    if (withPin) {
      const parsed = PinSchema.safeParse(pin);
      if (!parsed.success) {
        setPinError(parsed.error.issues[0]?.message ?? null);
        return;
      }
    }
    setPinError(null);
    reset.mutate(
      { id: user.uuid, body: withPin ? { pin } : {} },
      {
        onSuccess: () => {
          toast.success(
            withPin ? `PIN de ${who} restablecido` : `PIN de ${who} borrado: deberá fijar uno en su perfil`,
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`PIN de terminal de ${who}`} centered>
      <Stack gap="md">
        {can('manage:terminal') && (
          <Stack gap="xs">
            <Text size="sm">
              Si la persona quedó bloqueada por PIN incorrectos, desbloquéela para que pueda intentar de nuevo.
            </Text>
            <Group>
              <Button
                variant="light"
                loading={unlock.isPending}
                onClick={() =>
                  unlock.mutate(user.uuid, {
                    onSuccess: () => {
                      toast.success(`PIN de ${who} desbloqueado`);
                      onClose();
                    },
                  })
                }
              >
                Desbloquear PIN
              </Button>
            </Group>
            {unlock.isError && (
              <Alert color="red" role="alert">
                {errorMessage(unlock.error, 'No se pudo desbloquear el PIN')}
              </Alert>
            )}
          </Stack>
        )}
        {can('reset:pin') && (
          <>
            <Divider />
            <Stack gap="xs">
              <Text size="sm">
                Restablezca el PIN con uno nuevo que usted le comunica, o bórrelo para que la persona fije el suyo en su
                perfil.
              </Text>
              <PasswordInput
                label="Nuevo PIN"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={pin}
                onChange={(e) => setPin(e.currentTarget.value.replace(DIGITS, ''))}
                error={pinError}
              />
              <Group>
                <Button loading={reset.isPending} onClick={() => onReset(true)}>
                  Restablecer PIN
                </Button>
                <Button variant="light" color="red" loading={reset.isPending} onClick={() => onReset(false)}>
                  Borrar PIN
                </Button>
              </Group>
              {reset.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(reset.error, 'No se pudo restablecer el PIN')}
                </Alert>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Modal>
  );
}
