// What marks an interval of time on task: added by hand or paused automatically, not yet
// confirmed, corrected (its reason on hover). Shown in the drawer's time section and in «Mi semana».
import { Badge } from '@mantine/core';
import { TIME_ENTRY_SOURCE_LABELS, type TimeEntryResponse } from '@gestar/contracts';

export function TimeEntryBadges({ entry }: { entry: TimeEntryResponse }) {
  return (
    <>
      {entry.origen !== 'cronometro' && (
        <Badge size="xs" variant="light" color={entry.origen === 'pausa_automatica' ? 'yellow' : 'gray'} tt="none">
          {TIME_ENTRY_SOURCE_LABELS[entry.origen]}
        </Badge>
      )}
      {!entry.confirmado && (
        <Badge size="xs" variant="light" color="orange" tt="none">
          Sin confirmar
        </Badge>
      )}
      {entry.corregido_por && (
        <Badge size="xs" variant="light" color="blue" tt="none" title={entry.motivo ?? undefined}>
          Corregido
        </Badge>
      )}
    </>
  );
}
