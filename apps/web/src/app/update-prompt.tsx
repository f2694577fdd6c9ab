/**
 * The service worker (src/sw.ts) registered at start, then asked to keep the app for use without a
 * network (app/offline-ready.ts). A new version waits until the person chooses "Actualizar": the
 * page is never reloaded under a form being filled.
 */
import '../lib/mantine-styles';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { watchOfflineReady } from './offline-ready';

/** How often an open app asks the server for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) watchOfflineReady();
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <Paper
      role="alert"
      shadow="md"
      withBorder
      p="sm"
      radius="md"
      style={{ position: 'fixed', left: 12, right: 12, bottom: 12, zIndex: 400, maxWidth: 480, marginInline: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">Hay una versión nueva de Gestar. Guarde lo que esté escribiendo y actualice.</Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
            Más tarde
          </Button>
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void updateServiceWorker(true)}>
            Actualizar
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
