/**
 * Adds an interval by hand or corrects one, always with the reason (issue 35): a person on their
 * own tasks, a supervisor on those of their areas (the server decides; the audit log keeps the
 * before and after). Times are the company's clock, typed in this browser's time zone.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  CorrectTimeEntryRequestSchema,
  CreateTimeEntryRequestSchema,
  MESSAGES,
  TIME_ENTRY_REASON_MAX,
  type TimeEntryResponse,
} from '@gestar/contracts';
import { errorMessage, isApiError } from '../../lib/api-client';
import { dayjs } from '../../lib/dates';
import { formatDuration } from '../../lib/elapsed';
import { useNestedOverlay } from '../../lib/nested-overlay';
import { toast } from '../../lib/toast';
import { addTimeEntry, correctTimeEntry } from '../../lib/time-entries';

const t = MESSAGES.timeEntries;
const LOCAL = 'YYYY-MM-DDTHH:mm';

/** An instant as a `datetime-local` input shows it (this browser's time zone). */
export function toLocalInput(iso: string | null | undefined): string {
  return iso ? dayjs.utc(iso).local().format(LOCAL) : '';
}

/** A `datetime-local` value as an ISO instant, or undefined when empty or unreadable. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = dayjs(value, LOCAL, true);
  return d.isValid() ? d.toDate().toISOString() : undefined;
}

export type TimeEntryDialogTarget =
  | { mode: 'agregar'; task: { uuid: string; titulo: string } }
  | { mode: 'corregir'; entry: TimeEntryResponse };

type Errors = Partial<Record<'inicio' | 'fin' | 'motivo' | 'form', string>>;

export function TimeEntryDialog({ target, onClose }: { target: TimeEntryDialogTarget; onClose: () => void }) {
  useNestedOverlay(true);
  const client = useQueryClient();
  const entry = target.mode === 'corregir' ? target.entry : null;
  const titulo = target.mode === 'corregir' ? target.entry.titulo : target.task.titulo;
  const [inicio, setInicio] = useState(() => toLocalInput(entry?.inicio));
  const [fin, setFin] = useState(() => toLocalInput(entry?.fin));
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const running = entry?.en_marcha === true;

  const start = fromLocalInput(inicio);
  const end = fromLocalInput(fin);
  const length = start && end ? Date.parse(end) - Date.parse(start) : null;

  const save = async () => {
    const found: Errors = {};
    const parsed =
      target.mode === 'agregar'
        ? CreateTimeEntryRequestSchema.safeParse({ tarea_asignada_uuid: target.task.uuid, inicio: start, fin: end, motivo })
        : CorrectTimeEntryRequestSchema.safeParse({
            ...(start && start !== entry?.inicio ? { inicio: start } : {}),
            ...(!running && end && end !== entry?.fin ? { fin: end } : {}),
            motivo,
          });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        const key = (['inicio', 'fin', 'motivo'].includes(field) ? field : 'form') as keyof Errors;
        found[key] ??= issue.message;
      }
    }
    if (length !== null && length < 0) found.fin ??= t.endBeforeStart;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setBusy(true);
    try {
      if (target.mode === 'agregar') {
        await addTimeEntry(client, parsed.data as Parameters<typeof addTimeEntry>[1]);
        toast.success(t.added);
      } else {
        await correctTimeEntry(client, target.entry.uuid, parsed.data as Parameters<typeof correctTimeEntry>[2]);
        toast.success(t.corrected);
      }
      onClose();
    } catch (error) {
      const body = isApiError(error) ? (error.body as { errors?: { path: string; message: string }[] } | undefined) : undefined;
      const next: Errors = {};
      for (const e of body?.errors ?? []) {
        const field = e.path.split('.')[0] as keyof Errors;
        if (field === 'inicio' || field === 'fin' || field === 'motivo') next[field] ??= e.message;
      }
      if (Object.keys(next).length === 0) next.form = errorMessage(error, 'No se pudo guardar el tiempo. Intente de nuevo.');
      setErrors(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      closeOnClickOutside={!busy}
      title={target.mode === 'agregar' ? 'Agregar tiempo' : 'Corregir tiempo'}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {titulo}
        </Text>
        {entry && entry.usuario && (
          <Text size="xs" c="dimmed">
            De {entry.usuario.nombre} {entry.usuario.apellido}
          </Text>
        )}
        <TextInput
          type="datetime-local"
          label="Inicio"
          value={inicio}
          onChange={(e) => setInicio(e.currentTarget.value)}
          error={errors.inicio}
          disabled={busy}
          required
        />
        <TextInput
          type="datetime-local"
          label="Fin"
          value={fin}
          onChange={(e) => setFin(e.currentTarget.value)}
          error={errors.fin}
          disabled={busy || running}
          description={running ? 'En marcha: el fin se pone al pausarlo' : undefined}
          required={!running}
        />
        {length !== null && length >= 0 && (
          <Text size="sm" c="dimmed" data-testid="entry-length">
            Duración: {formatDuration(length)}
          </Text>
        )}
        <Textarea
          label="Motivo"
          placeholder="Por qué se agrega o corrige este tiempo"
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          error={errors.motivo}
          maxLength={TIME_ENTRY_REASON_MAX}
          autosize
          minRows={2}
          disabled={busy}
          required
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
