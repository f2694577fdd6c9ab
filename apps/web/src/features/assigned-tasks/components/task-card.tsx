/**
 * A board card (SPEC section 2.4). The board shows hundreds of them at once,
 * so a card is plain elements styled like their Mantine counterparts
 * (task-card.module.css): no per-card Combobox, store, portal or listeners.
 * The status selector is a native <select>; the card is memoised and only
 * re-renders when its own task or its busy flag changes.
 */
import { memo, type ChangeEvent } from 'react';
import { IconArchive, IconEye, IconSelector, IconUser } from '@tabler/icons-react';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  descriptionToPlainText,
  type AssignedTaskResponse,
  type StatusResponse,
} from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { DUE_LABELS, dueState } from './due-date';
import classes from './task-card.module.css';

/** The first 75 characters of the description's text, then '...' (SPEC section 2.4). */
export function descriptionPreview(description: string): string {
  const text = descriptionToPlainText(description).replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : text;
}

/** 'Vencida:' (red), 'Vence pronto:' (yellow) or 'Vencimiento:' (grey) and the date; nothing without a date. */
export function DueDateLabel({ date }: { date: string | null | undefined }) {
  const state = dueState(date);
  if (!state) return null;
  return (
    <span className={classes.due} data-due={state}>
      {DUE_LABELS[state]} {formatDate(date)}
    </span>
  );
}

export interface TaskCardProps {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  /** Either assigned-tasks read permission: assignee and archive are shown. */
  canWatch: boolean;
  busy: boolean;
  onOpen: (task: AssignedTaskResponse) => void;
  onArchive: (task: AssignedTaskResponse) => void;
  onChangeStatus: (task: AssignedTaskResponse, estadoUuid: string) => void;
}

export const TaskCard = memo(function TaskCard({
  task,
  statuses,
  canWatch,
  busy,
  onOpen,
  onArchive,
  onChangeStatus,
}: TaskCardProps) {
  const preview = descriptionPreview(task.tarea.descripcion);
  const onSelect = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    if (value && value !== task.estado_uuid) onChangeStatus(task, value);
  };
  return (
    <article className={classes.card} data-testid="task-card" aria-label={task.tarea.titulo}>
      <p className={classes.title}>{task.tarea.titulo}</p>
      {preview && <p className={classes.preview}>{preview}</p>}
      {canWatch && (
        <div className={classes.assignee}>
          <IconUser size={14} aria-hidden />
          <p data-testid="task-assignee">
            {task.empleado.nombre} {task.empleado.apellido}
          </p>
        </div>
      )}
      <div className={classes.dueRow}>
        <DueDateLabel date={task.fecha_vencimiento} />
      </div>
      <div className={classes.status}>
        <select
          className={classes.select}
          aria-label={`Estado de ${task.tarea.titulo}`}
          value={task.estado_uuid}
          disabled={busy}
          onChange={onSelect}
        >
          {statuses.map((s) => (
            <option key={s.uuid} value={s.uuid}>
              {s.nombre}
            </option>
          ))}
        </select>
        <IconSelector size={14} aria-hidden className={classes.chevron} />
      </div>
      <div className={classes.actions}>
        <button type="button" className={classes.button} data-color="blue" onClick={() => onOpen(task)}>
          <IconEye size={14} aria-hidden />
          Ver detalles
        </button>
        {canWatch && (
          <button type="button" className={classes.button} data-color="orange" onClick={() => onArchive(task)}>
            <IconArchive size={14} aria-hidden />
            Archivar
          </button>
        )}
      </div>
    </article>
  );
});
