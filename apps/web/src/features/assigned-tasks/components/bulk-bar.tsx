/**
 * The bar of the selected cards (supervisors): move them to a status,
 * archive them (one rating and observations for all) or reassign them, in
 * one request. It stays at the bottom of the screen while cards are selected.
 */
import { useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { IconArchive, IconArrowRight, IconUserShare, IconX } from '@tabler/icons-react';
import type { StatusResponse } from '@gestar/contracts';
import { useCan } from '../../../lib/can';
import { useAreasWithUsers } from '../api/lookups';
import classes from './task-card.module.css';

export interface BulkBarProps {
  count: number;
  statuses: StatusResponse[];
  busy: boolean;
  onMove: (estadoUuid: string) => void;
  onArchive: () => void;
  onReassign: (empleadoUuid: string) => void;
  onClear: () => void;
}

export function BulkBar({ count, statuses, busy, onMove, onArchive, onReassign, onClear }: BulkBarProps) {
  const can = useCan();
  const canAssign = can({ anyOf: ['assign:task'] }) && can({ anyOf: ['read:area', 'read:all:areas'] });
  const areas = useAreasWithUsers(canAssign);
  const [status, setStatus] = useState<string | null>(null);
  const [person, setPerson] = useState<string | null>(null);
  const people = new Map<string, string>();
  for (const area of areas.data ?? []) for (const u of area.usuarios) people.set(u.uuid, `${u.nombre} ${u.apellido}`);

  return (
    <Paper
      className={classes.bulkBar}
      shadow="lg"
      radius="md"
      p="sm"
      withBorder
      role="region"
      aria-label="Acciones para las tareas seleccionadas"
      data-bulk-bar
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm" mb={6} aria-live="polite">
          {count === 1 ? '1 tarea seleccionada' : `${count} tareas seleccionadas`}
        </Text>
        <Group gap={6} align="flex-end" wrap="nowrap">
          <Select
            label="Mover a"
            placeholder="Estado"
            size="xs"
            w={150}
            data={statuses.map((s) => ({ value: s.uuid, label: s.nombre }))}
            value={status}
            onChange={setStatus}
            comboboxProps={{ withinPortal: true }}
          />
          <Button size="xs" leftSection={<IconArrowRight size={14} />} disabled={!status || busy} onClick={() => status && onMove(status)}>
            Mover
          </Button>
        </Group>
        {canAssign && (
          <Group gap={6} align="flex-end" wrap="nowrap">
            <Select
              label="Reasignar a"
              placeholder="Usuario"
              size="xs"
              w={170}
              searchable
              nothingFoundMessage="No se encontraron resultados"
              data={[...people].map(([value, label]) => ({ value, label }))}
              value={person}
              onChange={setPerson}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUserShare size={14} />}
              disabled={!person || busy}
              onClick={() => person && onReassign(person)}
            >
              Reasignar
            </Button>
          </Group>
        )}
        <Button size="xs" color="orange" variant="light" leftSection={<IconArchive size={14} />} disabled={busy} onClick={onArchive}>
          Archivar
        </Button>
        <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
          Quitar selección
        </Button>
      </Group>
    </Paper>
  );
}
