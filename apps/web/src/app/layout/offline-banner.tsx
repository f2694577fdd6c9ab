/**
 * "Sin conexión": a strip under the top bar while the browser has no network, saying from when
 * the data on screen is (the newest answer the server gave, kept or restored).
 */
import { useSyncExternalStore } from 'react';
import { Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { lastAnswerAt, onLastAnswer } from '../../lib/offline-cache';
import { useOnline } from '../../lib/online';

function since(at: number): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (d.toDateString() === new Date().toDateString()) return `de las ${time}`;
  return `del ${d.toLocaleDateString('es-AR', { day: '2-digit', month: '2-digit' })}, ${time}`;
}

export function OfflineBanner() {
  const online = useOnline();
  const at = useSyncExternalStore(onLastAnswer, lastAnswerAt, lastAnswerAt);
  if (online) return null;
  return (
    <Group
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      gap="xs"
      wrap="nowrap"
      px={{ base: 'xs', sm: 'md' }}
      h={34}
      bg="orange.8"
      c="white"
    >
      <IconCloudOff size={18} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fw={600} c="white" truncate="end">
        Sin conexión.{' '}
        <Text span size="sm" fw={400} c="white">
          {at > 0 ? `Datos guardados ${since(at)}.` : 'Sin datos guardados en este dispositivo.'}
        </Text>
      </Text>
    </Group>
  );
}
