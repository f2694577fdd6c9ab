/**
 * A board card (SPEC section 2.4). The board shows hundreds of them at once,
 * so a card is plain elements styled like their Mantine counterparts
 * (task-card.module.css): no per-card Combobox, store, portal or listeners.
 * The card is memoised: it re-renders when its own task, its busy or
 * selected flag changes, or while it is the one being dragged; its body is
 * memoised apart, so a drag starting elsewhere costs only the drag hook.
 *
 * Moving a card: drag it (mouse; on a touch screen press and hold first),
 * or focus it and use Space, the arrow keys and Space again (Escape cancels),
 * or use its status selector, which commits a choice made with the pointer at
 * once but a choice made with the arrow keys only on Enter or when leaving it
 * (Escape puts the current status back).
 */
import { memo, useCallback, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Link } from 'react-router';
import { IconArchive, IconChecklist, IconCloudUpload, IconEye, IconSelector, IconTool, IconUser } from '@tabler/icons-react';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  STATUS_CATEGORY_LABELS,
  descriptionToPlainText,
  type AssignedTaskResponse,
  type StatusResponse,
} from '@gestar/contracts';
import { useTaskPending } from '../../../lib/outbox';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { useHasTime } from '../../../lib/time-entries';
import { TimerControls } from '../../../components/timer/timer-controls';
import { dueLabel } from './due-label';
import classes from './task-card.module.css';

/** The first 75 characters of the description's text, then '...' (SPEC section 2.4). */
export function descriptionPreview(description: string): string {
  const text = descriptionToPlainText(description).replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : text;
}

/**
 * 'Vencida:' (red), 'Vence pronto:' (yellow) or 'Vencimiento:' (grey) and the date; nothing without a date.
 * A finished task (its status is in the `terminada` category) is never overdue: always grey.
 */
export function DueDateLabel({ date, finished = false }: { date: string | null | undefined; finished?: boolean }) {
  const due = dueLabel(date, finished);
  if (!due) return null;
  return (
    <span className={classes.due} data-due={due.state}>
      {due.text}
    </span>
  );
}

/**
 * After a move the card is drawn again in its new column: whatever had the
 * focus there (the card or its selector) gets it back when it appears.
 */
let focusWhenShown: { uuid: string; target: 'card' | 'select' } | null = null;

export function focusCardWhenShown(uuid: string, target: 'card' | 'select'): void {
  focusWhenShown = { uuid, target };
}

function takeFocus(node: HTMLElement, uuid: string): void {
  if (focusWhenShown?.uuid !== uuid) return;
  const target = focusWhenShown.target;
  focusWhenShown = null;
  requestAnimationFrame(() => {
    const element = target === 'select' ? node.querySelector('select') : node;
    element?.focus({ preventScroll: false });
  });
}

/** Keys that make a closed native select step through its options (and fire 'change' at once). */
const BROWSE_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

function StatusSelect({
  task,
  statuses,
  busy,
  onChangeStatus,
}: {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  busy: boolean;
  onChangeStatus: (task: AssignedTaskResponse, estadoUuid: string, from: 'select') => void;
}) {
  // While browsing with the keyboard the shown value runs ahead of the task's status.
  const [browsing, setBrowsing] = useState<string | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const commit = (value: string | null) => {
    setBrowsing(null);
    if (value && value !== task.estado_uuid) onChangeStatus(task, value, 'select');
  };
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    if (keyboard) setBrowsing(value === task.estado_uuid ? null : value);
    else commit(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (BROWSE_KEYS.has(event.key) && !event.altKey) setKeyboard(true);
    else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey) setKeyboard(true);
    else if (event.key === 'Enter' && browsing) {
      event.preventDefault();
      commit(browsing);
    } else if (event.key === 'Escape' && browsing) {
      event.preventDefault();
      event.stopPropagation();
      setBrowsing(null);
    }
  };
  return (
    <div className={classes.status}>
      <select
        className={classes.select}
        aria-label={`Estado de ${task.tarea.titulo}`}
        aria-description={browsing ? 'Presione Enter para aplicar el estado o Escape para volver al actual' : undefined}
        value={browsing ?? task.estado_uuid}
        aria-busy={busy || undefined}
        data-pending={browsing ? 'true' : undefined}
        onPointerDown={() => setKeyboard(false)}
        onKeyDown={onKeyDown}
        onChange={onChange}
        onBlur={() => {
          setKeyboard(false);
          if (browsing) commit(browsing);
        }}
      >
        {statuses.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {s.nombre}
          </option>
        ))}
      </select>
      <IconSelector size={14} aria-hidden className={classes.chevron} />
    </div>
  );
}

/** The timer of the person's own task (issue 35); nothing on someone else's or an archived one. */
export function OwnTaskTimer({
  task,
  statuses,
  variant = 'card',
}: {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  variant?: 'card' | 'drawer';
}) {
  const me = useSession().user?.uuid;
  const canTrack = useCan()({ anyOf: ['track:time'] });
  const own = canTrack && task.empleado.uuid === me && !task.archivada;
  if (!own) return null;
  return <OwnTimer task={task} statuses={statuses} variant={variant} />;
}

function OwnTimer({ task, statuses, variant }: { task: AssignedTaskResponse; statuses: StatusResponse[]; variant: 'card' | 'drawer' }) {
  const hasTime = useHasTime(task.uuid, true);
  return (
    <TimerControls
      task={{ uuid: task.uuid, titulo: task.tarea.titulo }}
      estadoUuid={task.estado_uuid}
      statuses={statuses}
      hasTime={hasTime}
      variant={variant}
    />
  );
}

export interface TaskCardBodyProps {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  /** Either assigned-tasks read permission: assignee and archive are shown. */
  canWatch: boolean;
  busy: boolean;
  onOpen: (task: AssignedTaskResponse) => void;
  onArchive: (task: AssignedTaskResponse) => void;
  onChangeStatus: (task: AssignedTaskResponse, estadoUuid: string, from: 'select') => void;
}

/** What a card shows; also the copy that follows the pointer during a drag. */
export const TaskCardBody = memo(function TaskCardBody({
  task,
  statuses,
  canWatch,
  busy,
  onOpen,
  onArchive,
  onChangeStatus,
}: TaskCardBodyProps) {
  const preview = descriptionPreview(task.tarea.descripcion);
  const categoria = statuses.find((s) => s.uuid === task.estado_uuid)?.categoria;
  const pending = useTaskPending(task.uuid);
  return (
    <>
      <p className={classes.title}>{task.tarea.titulo}</p>
      {preview && <p className={classes.preview}>{preview}</p>}
      {task.tarea.equipo && (
        <div className={classes.assignee}>
          <IconTool size={14} aria-hidden />
          <Link
            className={classes.asset}
            to={`/equipos/${encodeURIComponent(task.tarea.equipo.codigo)}`}
            aria-label={`Equipo ${task.tarea.equipo.codigo} ${task.tarea.equipo.nombre}`}
            data-testid="task-asset"
          >
            {task.tarea.equipo.codigo} · {task.tarea.equipo.nombre}
          </Link>
        </div>
      )}
      {canWatch && (
        <div className={classes.assignee}>
          <IconUser size={14} aria-hidden />
          <p data-testid="task-assignee">
            {task.empleado.nombre} {task.empleado.apellido}
          </p>
        </div>
      )}
      <div className={classes.dueRow}>
        <DueDateLabel date={task.fecha_vencimiento} finished={categoria === 'terminada'} />
        {categoria && (
          <span className={classes.category} data-categoria={categoria} data-testid="task-category">
            {STATUS_CATEGORY_LABELS[categoria]}
          </span>
        )}
        {pending && (
          <span className={classes.pending} data-testid="pending-sync" title="Cambio hecho sin conexión: se enviará al volver la red">
            <IconCloudUpload size={13} aria-hidden />
            Pendiente de sincronizar
          </span>
        )}
        {task.checklist_progreso.total > 0 && (
          <span
            className={classes.checklist}
            data-complete={task.checklist_progreso.hechos === task.checklist_progreso.total}
            data-testid="task-checklist"
            title={`${task.checklist_progreso.hechos} de ${task.checklist_progreso.total} pasos hechos`}
          >
            <IconChecklist size={13} aria-hidden />
            {task.checklist_progreso.hechos}/{task.checklist_progreso.total}
          </span>
        )}
      </div>
      <OwnTaskTimer task={task} statuses={statuses} />
      <StatusSelect task={task} statuses={statuses} busy={busy} onChangeStatus={onChangeStatus} />
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
    </>
  );
});

export interface TaskCardProps extends TaskCardBodyProps {
  /** Shown with a selection checkbox (bulk actions). */
  selectable?: boolean;
  selected?: boolean;
  onToggleSelect?: (task: AssignedTaskResponse, range: boolean) => void;
}

export const TaskCard = memo(function TaskCard({ selectable = false, selected = false, onToggleSelect, ...body }: TaskCardProps) {
  const { task } = body;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: task.uuid,
    disabled: body.busy,
    data: { estado: task.estado_uuid },
  });
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setNodeRef(node);
      setActivatorNodeRef(node);
      if (node) takeFocus(node, task.uuid);
    },
    [setNodeRef, setActivatorNodeRef, task.uuid],
  );
  const onCheck = (event: MouseEvent<HTMLInputElement>) => onToggleSelect?.(task, event.shiftKey);
  return (
    <article
      ref={ref}
      className={classes.card}
      data-testid="task-card"
      data-dragging={isDragging ? 'true' : undefined}
      data-selected={selected ? 'true' : undefined}
      aria-label={task.tarea.titulo}
      aria-roledescription="tarjeta movible"
      aria-describedby={attributes['aria-describedby']}
      tabIndex={0}
      {...listeners}
    >
      {selectable && (
        <input
          type="checkbox"
          className={classes.check}
          aria-label={`Seleccionar ${task.tarea.titulo}`}
          checked={selected}
          onChange={() => undefined}
          onClick={onCheck}
        />
      )}
      <TaskCardBody {...body} />
    </article>
  );
});
