/**
 * One column per status in `order`, titled in upper case; on phones the
 * columns become tabs with counts (SPEC section 2.4), opening on the
 * in-progress status when it has cards, else on the first tab that has any
 * (DECISIONS.md section 8). Tasks whose status is not listed are not shown.
 *
 * Cards move between columns by drag and drop (dnd-kit): with the mouse; on a
 * touch screen after pressing and holding (a quick swipe scrolls instead);
 * with the keyboard (Space picks the focused card up, the arrow keys choose
 * the column, Space drops, Escape cancels), announced in Spanish to screen
 * readers. On a phone the drop targets are the tabs.
 */
import { startTransition, useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent, type ReactNode, type TouchEvent as ReactTouchEvent } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type MouseSensorOptions,
  type TouchSensorOptions,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { Badge, Box, Group, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AssignedTaskResponse, StatusResponse } from '@gestar/contracts';
import { useKeyboardMoves } from './keyboard-moves';
import { TaskCardBody } from './task-card';
import classes from './task-card.module.css';
import { foldForSearch } from '../../../lib/text';

export interface BoardColumnsProps {
  statuses: StatusResponse[];
  tasks: AssignedTaskResponse[];
  renderTask: (task: AssignedTaskResponse) => ReactNode;
  /** A card dropped on another status (by pointer or keyboard). */
  onMove: (task: AssignedTaskResponse, estadoUuid: string, from: 'pointer' | 'keyboard') => void;
  /** The phone tab shown; null until the person picks one (then the default applies). */
  tab: string | null;
  onTabChange: (tab: string | null) => void;
  canWatch: boolean;
}

/** The status named like 'En progreso' / 'En curso', else the first `en_curso`, else the first. */
export function inProgressStatus(statuses: StatusResponse[]): StatusResponse | undefined {
  return (
    statuses.find((s) => /progres|curso/.test(foldForSearch(s.nombre))) ??
    statuses.find((s) => s.categoria === 'en_curso') ??
    statuses[0]
  );
}

/** The phone board's first tab: 'En progreso' when it has cards, else the first with any, else 'En progreso'. */
export function defaultTab(statuses: StatusResponse[], groups: Map<string, AssignedTaskResponse[]>): string | null {
  const progress = inProgressStatus(statuses);
  if (progress && (groups.get(progress.uuid)?.length ?? 0) > 0) return progress.uuid;
  return statuses.find((s) => (groups.get(s.uuid)?.length ?? 0) > 0)?.uuid ?? progress?.uuid ?? null;
}

export function groupByStatus(statuses: StatusResponse[], tasks: AssignedTaskResponse[]): Map<string, AssignedTaskResponse[]> {
  const groups = new Map<string, AssignedTaskResponse[]>(statuses.map((s) => [s.uuid, []]));
  for (const task of tasks) groups.get(task.estado_uuid)?.push(task);
  return groups;
}

function EmptyColumn() {
  return (
    <Text size="xs" c="dimmed" ta="center" py="md">
      Sin tareas
    </Text>
  );
}

/** Mouse and touch drags start on the card itself, never on its buttons, selector or checkbox. */
function fromControl(event: Event): boolean {
  return event.target instanceof Element && event.target.closest('button, select, input, textarea, a, label') !== null;
}

class BoardMouseSensor extends MouseSensor {
  static override activators = [
    {
      eventName: 'onMouseDown' as const,
      handler: ({ nativeEvent }: ReactMouseEvent, { onActivation }: MouseSensorOptions) => {
        if (nativeEvent.button !== 0 || fromControl(nativeEvent)) return false;
        onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

class BoardTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: 'onTouchStart' as const,
      handler: ({ nativeEvent }: ReactTouchEvent, { onActivation }: TouchSensorOptions) => {
        if (nativeEvent.touches.length > 1 || fromControl(nativeEvent)) return false;
        onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Para mover la tarea a otro estado, presione Espacio. Elija la columna con las flechas y presione Espacio para soltarla, o Escape para cancelar.',
};

function DroppableColumn({ status, count, children }: { status: StatusResponse; count: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: status.uuid });
  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-label={status.nombre}
      data-testid={`column-${status.nombre}`}
      data-over={isOver ? 'true' : undefined}
      className={classes.column}
      style={{ borderTopColor: status.color }}
    >
      <Group justify="space-between" mb="sm">
        <Text fw={700} size="sm">
          {status.nombre.toUpperCase()}
        </Text>
        <Badge variant="light" color="gray">
          {count}
        </Badge>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}

function DroppableTab({ status, count }: { status: StatusResponse; count: number }) {
  const { setNodeRef, isOver } = useDroppable({ id: status.uuid });
  return (
    <Tabs.Tab ref={setNodeRef} value={status.uuid} px="xs" fz="xs" fw={600} data-over={isOver ? 'true' : undefined} className={classes.tab}>
      {status.nombre.toUpperCase()} ({count})
    </Tabs.Tab>
  );
}

/**
 * A scroll area that shows, with a shadow at each edge and its scrollbar, that there is more to
 * either side. With `focusable`, while there is more, the area itself takes the keyboard focus
 * (a region named `label`) and the arrow keys scroll it: an empty column has nothing else to focus.
 */
function HorizontalScroller({ children, label, focusable = false }: { children: ReactNode; label: string; focusable?: boolean }) {
  const [edges, setEdges] = useState({ left: false, right: false });
  const more = edges.left || edges.right;
  const asRegion = focusable && more;
  return (
    <Box pos="relative" className={classes.scroller} data-more-left={edges.left || undefined} data-more-right={edges.right || undefined}>
      <ScrollArea
        type="auto"
        offsetScrollbars
        scrollbars="x"
        aria-label={asRegion ? undefined : label}
        viewportProps={asRegion ? { tabIndex: 0, role: 'region', 'aria-label': label, className: classes.scrollerViewport } : { tabIndex: -1 }}
        viewportRef={(node) => {
          if (!node) return;
          const update = () => {
            const left = node.scrollLeft > 2;
            const right = node.scrollLeft + node.clientWidth < node.scrollWidth - 2;
            setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
          };
          node.onscroll = update;
          requestAnimationFrame(update);
        }}
      >
        {children}
      </ScrollArea>
    </Box>
  );
}

/** Cards drawn per column in the board's first frame: more than a screenful on any screen. */
const FIRST_FRAME_CARDS = 12;

/**
 * False until `ready` has held for one painted frame, then true for good. The board draws a
 * screenful of each column first and the rest of its (up to hundreds of) cards right after, so
 * the first cards do not wait for all of them; the board page mounts its drawer and dialogs the
 * same way.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !ready) return;
    let timer = 0;
    // The frame being prepared paints what `ready` brought; the timeout runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setDone(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done, ready]);
  return done;
}

export function BoardColumns({ statuses, tasks, renderTask, onMove, tab, onTabChange, canWatch }: BoardColumnsProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const allCards = useAfterPaint(tasks.length > 0);
  const shown = (items: AssignedTaskResponse[]) => (allCards ? items : items.slice(0, FIRST_FRAME_CARDS));
  const groups = useMemo(() => groupByStatus(statuses, tasks), [statuses, tasks]);
  const byId = useMemo(() => new Map(tasks.map((t) => [t.uuid, t])), [tasks]);
  const statusName = useMemo(() => new Map(statuses.map((s) => [String(s.uuid), s.nombre])), [statuses]);
  const [dragged, setDragged] = useState<AssignedTaskResponse | null>(null);
  const [keyboardDrag, setKeyboardDrag] = useState(false);
  // The first 'over' of a drag is the card's own column: the pick-up message says that already.
  const firstOver = useRef(true);
  const keyboardMoves = useKeyboardMoves();

  const sensors = useSensors(
    useSensor(BoardMouseSensor, { activationConstraint: { distance: 6 } }),
    // Press and hold: a finger that moves within the first 250 ms scrolls the page instead.
    useSensor(BoardTouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardMoves.coordinateGetter }),
  );

  const announcements = useMemo<Announcements>(() => {
    const title = (id: UniqueIdentifier) => byId.get(String(id))?.tarea.titulo ?? 'la tarea';
    const where = (id: UniqueIdentifier) => byId.get(String(id))?.estado.nombre ?? '';
    const column = (id: UniqueIdentifier) => statusName.get(String(id)) ?? '';
    return {
      onDragStart: ({ active }) => `Tomó la tarea ${title(active.id)}, en ${where(active.id)}.`,
      onDragOver: ({ active, over }) => {
        const own = over && String(over.id) === byId.get(String(active.id))?.estado_uuid;
        if (firstOver.current && own) {
          firstOver.current = false;
          return undefined;
        }
        firstOver.current = false;
        if (!over) return `La tarea ${title(active.id)} no está sobre ningún estado.`;
        return own
          ? `La tarea ${title(active.id)} está sobre ${column(over.id)}, su estado actual.`
          : `La tarea ${title(active.id)} está sobre ${column(over.id)}.`;
      },
      onDragEnd: ({ active, over }) => {
        if (!over) return `Soltó la tarea ${title(active.id)}; sigue en ${where(active.id)}.`;
        if (String(over.id) === byId.get(String(active.id))?.estado_uuid) return `La tarea ${title(active.id)} sigue en ${column(over.id)}.`;
        return `La tarea ${title(active.id)} pasó a ${column(over.id)}.`;
      },
      onDragCancel: ({ active }) => `Movimiento cancelado. La tarea ${title(active.id)} sigue en ${where(active.id)}.`,
    };
  }, [byId, statusName]);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    firstOver.current = true;
    keyboardMoves.reset();
    setDragged(byId.get(String(active.id)) ?? null);
    setKeyboardDrag(activatorEvent instanceof KeyboardEvent);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    keyboardMoves.reset();
    const task = byId.get(String(active.id));
    if (task && over && String(over.id) !== task.estado_uuid) onMove(task, String(over.id), keyboardDrag ? 'keyboard' : 'pointer');
  };

  const activeTab = tab && groups.has(tab) ? tab : defaultTab(statuses, groups);
  // The default is chosen once, on the first cards: later moves do not switch tabs by themselves.
  useEffect(() => {
    if (phone && tab === null && tasks.length > 0 && activeTab) onTabChange(activeTab);
  }, [phone, tab, tasks.length, activeTab, onTabChange]);

  const board = phone ? (
    <Tabs value={activeTab} onChange={onTabChange} variant="pills" radius="md" keepMounted={false}>
      <HorizontalScroller label="Estados">
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {statuses.map((s) => (
            <DroppableTab key={s.uuid} status={s} count={groups.get(s.uuid)?.length ?? 0} />
          ))}
        </Tabs.List>
      </HorizontalScroller>
      {statuses.map((s) => (
        <Tabs.Panel key={s.uuid} value={s.uuid} pt="sm">
          <Stack gap="sm" data-testid={`column-${s.nombre}`}>
            {shown(groups.get(s.uuid) ?? []).map(renderTask)}
            {groups.get(s.uuid)?.length === 0 && <EmptyColumn />}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  ) : (
    <HorizontalScroller label="Columnas del tablero" focusable>
      <Group align="flex-start" wrap="nowrap" gap="md" pb="xs">
        {statuses.map((s) => {
          const items = groups.get(s.uuid) ?? [];
          return (
            <DroppableColumn key={s.uuid} status={s} count={items.length}>
              {shown(items).map(renderTask)}
              {items.length === 0 && <EmptyColumn />}
            </DroppableColumn>
          );
        })}
      </Group>
    </HorizontalScroller>
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={keyboardMoves.collisionDetection}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragged(null);
        keyboardMoves.reset();
      }}
    >
      {board}
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <article className={classes.card} data-overlay="true" aria-hidden data-testid="drag-overlay">
            <TaskCardBody
              task={dragged}
              statuses={statuses}
              canWatch={canWatch}
              busy
              onOpen={noop}
              onArchive={noop}
              onChangeStatus={noop}
            />
          </article>
        )}
      </DragOverlay>
    </DndContext>
  );
}

function noop(): void {}
