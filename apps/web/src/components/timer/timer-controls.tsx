/**
 * «Iniciar», «Pausar», «Reanudar», «Finalizar» on one of the person's tasks (issue 35), with the
 * running time ticking. One timer runs per person: starting this one while another runs asks
 * first («Se pausará …»); the server pauses the other at the same moment. «Finalizar» stops the
 * timer and may move the task to a finished status in the same gesture.
 *
 * Taken without a network, each tap is kept in the outbox with this device's time and shows at
 * once; the card says it waits to be sent.
 */
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { MESSAGES, type StatusResponse } from '@gestar/contracts';
import { errorMessage } from '../../lib/api-client';
import { formatClock } from '../../lib/elapsed';
import { useNestedOverlay } from '../../lib/nested-overlay';
import { toast } from '../../lib/toast';
import {
  useNow,
  useRunningTimer,
  useTimerActions,
  useTimerOn,
  type TimerAction,
  type TimerOutcome,
} from '../../lib/time-entries';

const t = MESSAGES.timeEntries;

/** The running time of a timer that started at `since` (device clock), ticking. */
export function TimerClock({ since, size = 'sm' }: { since: number; size?: 'sm' | 'lg' }) {
  const now = useNow();
  return (
    <Text
      component="span"
      ff="monospace"
      fw={700}
      fz={size === 'lg' ? 'xl' : 'sm'}
      c="green.9"
      data-testid="timer-clock"
      aria-label={`Tiempo en marcha ${formatClock(now - since)}`}
      role="timer"
    >
      {formatClock(now - since)}
    </Text>
  );
}

/** Says what happened: saved offline, the other timer paused, or done. */
function announce(action: TimerAction, outcome: TimerOutcome): void {
  if (outcome.queued) {
    toast.alert(t.queued);
    return;
  }
  if ((outcome.action === 'iniciar' || outcome.action === 'reanudar') && outcome.answer.pausado) {
    toast.success(`${t.pausedOther}«${outcome.answer.pausado.titulo}»`, t.started);
    return;
  }
  toast.success(action === 'pausar' ? t.paused : action === 'finalizar' ? t.finished : t.started);
}

export interface TimerControlsProps {
  task: { uuid: string; titulo: string };
  /** The task's current status and the statuses it may finish in (category `terminada`). */
  estadoUuid: string;
  statuses: readonly StatusResponse[];
  /** Whether the task already has time (the button then says «Reanudar»). */
  hasTime: boolean;
  /** Card: compact, one line; drawer: a larger clock. */
  variant?: 'card' | 'drawer';
}

export function TimerControls({ task, estadoUuid, statuses, hasTime, variant = 'card' }: TimerControlsProps) {
  const since = useTimerOn(task.uuid);
  const running = useRunningTimer();
  const { run } = useTimerActions();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'cambiar' | 'finalizar' | null>(null);
  const current = statuses.find((s) => s.uuid === estadoUuid);
  const finished = current?.categoria === 'terminada';
  const size = variant === 'drawer' ? 'sm' : 'compact-sm';

  const go = async (action: TimerAction, estado?: string) => {
    setBusy(true);
    try {
      announce(action, await run(action, task, estado));
      setAsking(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Intente de nuevo.'), 'No se pudo usar el cronómetro');
    } finally {
      setBusy(false);
    }
  };
  const startAction: TimerAction = hasTime ? 'reanudar' : 'iniciar';
  const start = () => {
    if (running && running.task !== task.uuid) setAsking('cambiar');
    else void go(startAction);
  };

  return (
    <>
      <Group gap={6} wrap="wrap" data-testid="timer-controls" data-state={since !== null ? 'en-marcha' : 'detenido'}>
        {since !== null && <TimerClock since={since} size={variant === 'drawer' ? 'lg' : 'sm'} />}
        {since !== null ? (
          <Button
            size={size}
            color="orange"
            variant="light"
            leftSection={<IconPlayerPause size={16} aria-hidden />}
            onClick={() => void go('pausar')}
            loading={busy}
            aria-label={`Pausar ${task.titulo}`}
          >
            Pausar
          </Button>
        ) : (
          !finished && (
            <Button
              size={size}
              color="green"
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={start}
              loading={busy}
              aria-label={`${hasTime ? 'Reanudar' : 'Iniciar'} ${task.titulo}`}
            >
              {hasTime ? 'Reanudar' : 'Iniciar'}
            </Button>
          )
        )}
        {(since !== null || hasTime) && !finished && (
          <Button
            size={size}
            color="gray"
            variant="light"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            onClick={() => setAsking('finalizar')}
            disabled={busy}
            aria-label={`Finalizar ${task.titulo}`}
          >
            Finalizar
          </Button>
        )}
      </Group>
      {asking === 'cambiar' && running && (
        <SwitchDialog
          from={running.titulo}
          to={task.titulo}
          busy={busy}
          onClose={() => setAsking(null)}
          onConfirm={() => void go(startAction)}
        />
      )}
      {asking === 'finalizar' && (
        <FinishDialog
          titulo={task.titulo}
          current={current}
          statuses={statuses}
          busy={busy}
          onClose={() => setAsking(null)}
          onConfirm={(estado) => void go('finalizar', estado ?? undefined)}
        />
      )}
    </>
  );
}

function SwitchDialog({
  from,
  to,
  busy,
  onClose,
  onConfirm,
}: {
  from: string;
  to: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  useNestedOverlay(true);
  return (
    <Modal opened onClose={onClose} title="Iniciar otro cronómetro" centered closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text size="sm">
          Se pausará el cronómetro de «{from}». Solo puede tener un cronómetro en marcha. ¿Desea iniciar «{to}»?
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button color="green" onClick={onConfirm} loading={busy}>
            Pausar e iniciar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** «Finalizar»: stop the timer and, if chosen, move the task to a finished status. */
function FinishDialog({
  titulo,
  current,
  statuses,
  busy,
  onClose,
  onConfirm,
}: {
  titulo: string;
  current: StatusResponse | undefined;
  statuses: readonly StatusResponse[];
  busy: boolean;
  onClose: () => void;
  onConfirm: (estadoUuid: string | null) => void;
}) {
  useNestedOverlay(true);
  const done = statuses.filter((s) => s.categoria === 'terminada');
  const [choice, setChoice] = useState<string>(done[0]?.uuid ?? 'ninguno');
  return (
    <Modal opened onClose={onClose} title={`Finalizar «${titulo}»`} centered closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Text size="sm">Se detendrá el cronómetro. ¿Cómo queda la tarea?</Text>
        <Radio.Group value={choice} onChange={setChoice} aria-label="Estado de la tarea al finalizar">
          <Stack gap="xs">
            {done.map((s) => (
              <Radio key={s.uuid} value={s.uuid} label={`Pasar a «${s.nombre}»`} />
            ))}
            <Radio value="ninguno" label={`Solo detener el cronómetro (sigue en «${current?.nombre ?? 'su estado'}»)`} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={() => onConfirm(choice === 'ninguno' ? null : choice)} loading={busy}>
            Finalizar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
