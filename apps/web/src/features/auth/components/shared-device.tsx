import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useLogoutChoice, useSignOutNow } from '../../../lib/auth';
import { flushOutbox, pendingOf, usePendingChanges } from '../../../lib/outbox';
import { useOnline } from '../../../lib/online';
import { useSession } from '../../../lib/session';
import { sharedIdleMinutes, watchSharedIdle } from '../../../lib/shared-device';

/** How long the idle end waits for waiting changes to go before it discards them. */
const SEND_AT_IDLE_MS = 10_000;

const changes = (n: number) => (n === 1 ? '1 cambio' : `${n} cambios`);

/**
 * A shared device's session (issue 34 section 5): signs out after its idle minutes, and at «Salir»
 * with changes still waiting asks whether to send them first or discard them. Mounted once in the
 * app's layout.
 */
export function SharedDevice() {
  const session = useSession();
  const minutes = sharedIdleMinutes(session);
  const user = session.user?.uuid ?? null;
  const client = useQueryClient();
  const signOutNow = useSignOutNow();
  const [open, close] = useLogoutChoice();
  const pending = usePendingChanges().filter((e) => e.user === user).length;
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [notSent, setNotSent] = useState<string | null>(null);

  useEffect(() => {
    if (minutes === null) return undefined;
    return watchSharedIdle(minutes, () => {
      // Nobody is there to choose: what can still go is sent (briefly), the rest is discarded.
      const sending = navigator.onLine ? flushOutbox(client) : Promise.resolve();
      const bounded = Promise.race([sending, new Promise((r) => setTimeout(r, SEND_AT_IDLE_MS))]);
      void bounded.catch(() => undefined).then(() => signOutNow('inactividad'));
    });
  }, [minutes, client, signOutNow]);

  if (minutes === null) return null;

  const sendAndLeave = async () => {
    setNotSent(null);
    if (!navigator.onLine) {
      setNotSent('No hay conexión: los cambios no se pueden enviar ahora. Espere a tener conexión o descártelos.');
      return;
    }
    setSending(true);
    try {
      await flushOutbox(client);
    } finally {
      setSending(false);
    }
    const left = user ? pendingOf(user) : 0;
    if (left > 0) {
      setNotSent(`No se pudieron enviar ${changes(left)}. Intente nuevamente o descártelos.`);
      return;
    }
    await signOutNow();
  };

  const dismiss = () => {
    setNotSent(null);
    close();
  };

  return (
    <Modal opened={open} onClose={dismiss} title="Hay cambios sin enviar" centered>
      <Stack gap="md">
        <Text>
          {`Tiene ${changes(pending)} hecho${pending === 1 ? '' : 's'} sin conexión que todavía no se ${pending === 1 ? 'envió' : 'enviaron'}. `}
          Este es un dispositivo compartido: al salir no queda nada suyo en él, tampoco esos cambios.
        </Text>
        {!online && (
          <Text size="sm" c="dimmed">
            Ahora no hay conexión. Puede seguir conectado hasta que vuelva y enviarlos entonces.
          </Text>
        )}
        {notSent && (
          <Alert color="red" variant="light" role="alert">
            {notSent}
          </Alert>
        )}
        <Stack gap="xs">
          <Button fullWidth onClick={() => void sendAndLeave()} loading={sending}>
            Enviar y salir
          </Button>
          <Button fullWidth variant="default" c="red.9" onClick={() => void signOutNow()} disabled={sending}>
            Descartar y salir
          </Button>
          <Button fullWidth variant="default" onClick={dismiss} disabled={sending}>
            Seguir conectado
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
