/**
 * The person's running timer under the top bar, on every screen (issue 35): the task, the time
 * ticking and a stop button. Its title opens the task on the board.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconCloudUpload, IconPlayerPause } from '@tabler/icons-react';
import { MESSAGES } from '@gestar/contracts';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useRunningTimer, useTimerActions } from '../../lib/time-entries';
import { TimerClock } from './timer-controls';

/** The strip's height, for the shell's header. */
export const RUNNING_TIMER_HEIGHT = 40;

export function RunningTimerBar() {
  const running = useRunningTimer();
  const { run } = useTimerActions();
  const [busy, setBusy] = useState(false);
  if (!running) return null;
  const stop = async () => {
    setBusy(true);
    try {
      const outcome = await run('pausar', { uuid: running.task, titulo: running.titulo });
      if (outcome.queued) toast.alert(MESSAGES.timeEntries.queued);
      else toast.success(MESSAGES.timeEntries.paused);
    } catch (error) {
      toast.error(errorMessage(error, 'Intente de nuevo.'), 'No se pudo pausar el cronómetro');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group
      component="section"
      aria-label="Cronómetro en marcha"
      data-testid="running-timer"
      h={RUNNING_TIMER_HEIGHT}
      px={{ base: 'xs', sm: 'md' }}
      gap="xs"
      wrap="nowrap"
      bg="green.0"
      style={{ borderTop: '1px solid var(--mantine-color-green-3)' }}
    >
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: 'var(--mantine-color-green-7)', flexShrink: 0 }}
        className="timer-dot"
      />
      <TimerClock since={running.since} />
      <Anchor
        component={Link}
        to={`/?tarea=${running.task}`}
        size="sm"
        fw={600}
        c="dark.7"
        truncate="end"
        style={{ flex: 1, minWidth: 0 }}
      >
        {running.titulo}
      </Anchor>
      {running.pending && (
        <Text size="xs" c="orange.9" title="Tomado sin conexión: se enviará al volver la red" style={{ flexShrink: 0 }}>
          <IconCloudUpload size={14} aria-label="Pendiente de sincronizar" />
        </Text>
      )}
      <Button
        size="compact-sm"
        color="orange"
        leftSection={<IconPlayerPause size={14} aria-hidden />}
        onClick={() => void stop()}
        loading={busy}
        aria-label={`Pausar el cronómetro de ${running.titulo}`}
        style={{ flexShrink: 0 }}
      >
        Pausar
      </Button>
    </Group>
  );
}
