/**
 * The forgotten timer (issue 35): a timer left running is paused by the server at the end of the
 * working day (or past its longest length), and the person is asked, on whatever screen they open
 * next, to confirm the time as it was left or to correct it.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTO_PAUSE_REASON_LABELS, MESSAGES, type TimeEntryResponse } from '@gestar/contracts';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { formatDate } from '../../lib/dates';
import { formatDuration } from '../../lib/elapsed';
import { useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { confirmTimeEntry, useUnconfirmedEntries } from '../../lib/time-entries';
import { TimeEntryDialog } from './time-entry-dialog';

const t = MESSAGES.timeEntries;

function Entry({ entry, onCorrect }: { entry: TimeEntryResponse; onCorrect: () => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await confirmTimeEntry(client, entry.uuid);
      toast.success(t.confirmed);
    } catch (error) {
      toast.error(errorMessage(error, 'Intente de nuevo.'), 'No se pudo confirmar el tiempo');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="forgotten-timer">
      <Text size="sm" style={{ flex: '1 1 16rem' }}>
        <b>{entry.titulo}</b>: {formatDate(entry.inicio, 'DD/MM HH:mm')} a {formatDate(entry.fin, 'HH:mm')} (
        {formatDuration(entry.segundos * 1000)}).{' '}
        {entry.pausa_automatica ? AUTO_PAUSE_REASON_LABELS[entry.pausa_automatica] : ''}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={() => void confirm()} loading={busy}>
          Confirmar
        </Button>
        <Button size="xs" variant="default" onClick={onCorrect} disabled={busy}>
          Corregir
        </Button>
      </Group>
    </Group>
  );
}

export function ForgottenTimerNotice() {
  const can = useCan();
  const online = useOnline();
  const entries = useUnconfirmedEntries(can({ anyOf: ['track:time'] }) && online);
  const [correcting, setCorrecting] = useState<TimeEntryResponse | null>(null);
  const list = entries.data?.data ?? [];
  if (list.length === 0) return correcting ? <TimeEntryDialog target={{ mode: 'corregir', entry: correcting }} onClose={() => setCorrecting(null)} /> : null;
  return (
    <>
      <Alert
        color="yellow"
        variant="light"
        mb="md"
        icon={<IconClockExclamation size={20} />}
        title={t.autoPausedTitle}
        role="region"
        aria-label={t.autoPausedTitle}
      >
        <Stack gap="xs">
          <Text size="sm">Su cronómetro quedó en marcha y se pausó automáticamente. Confirme el tiempo o corríjalo.</Text>
          {list.map((entry) => (
            <Entry key={entry.uuid} entry={entry} onCorrect={() => setCorrecting(entry)} />
          ))}
        </Stack>
      </Alert>
      {correcting && <TimeEntryDialog target={{ mode: 'corregir', entry: correcting }} onClose={() => setCorrecting(null)} />}
    </>
  );
}
