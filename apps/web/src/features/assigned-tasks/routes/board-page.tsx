/**
 * SPEC section 2.4: the home board. Greeting with the job-position modal,
 * search by title, filters for those who watch other people's tasks, one
 * column per status, the task cards, the archive dialog and the detail drawer.
 *
 * What the board shows lives in the URL, so a reload or a shared link keeps
 * it: `q` (title search), `mias=1` ('Solo mis tareas'), `area` and `usuarios`
 * (comma-joined uuids), `equipo` (a machine's code) and `tarea` (the task open in the drawer, DECISIONS.md
 * section 8: `/?tarea=<uuid>`). Opening a card adds a history entry, so the
 * browser's back button closes the drawer.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Box, Group, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconLayoutKanban, IconSearch } from '@tabler/icons-react';
import {
  AREA_WATCHER_ACCESS,
  DEBOUNCE_MS,
  MESSAGES,
  type AssignedTaskResponse,
  type BulkAssignedTasksRequestInput,
} from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useShortcuts } from '../../../lib/keyboard';
import { chunk, useChunk } from '../../../lib/lazy-chunk';
import { useSession } from '../../../lib/session';
import { foldForSearch } from '../../../lib/text';
import { toast } from '../../../lib/toast';
import { useAssignedTaskDetail } from '../api/get-detail';
import { useBoard } from '../api/get-board';
import { useBoardStatuses } from '../api/lookups';
import { useBulkAssignedTasks } from '../api/bulk';
import { SAVED_OFFLINE, useChangeAssignedTaskStatus, useUpdateAssignedTask, wasQueued } from '../api/update-assigned-task';
import { BoardColumns, groupByStatus, useAfterPaint } from '../components/board-columns';
import { JobPositionModal, ShortcutsModal } from '../components/board-dialogs';
import { BoardAssetFilter } from '../components/board-asset-filter';
import { BoardFilters } from '../components/board-filters';
import { FilteredEmptyBoard, hasBoardFilters } from '../components/filtered-empty-board';
import { focusCardWhenShown, TaskCard } from '../components/task-card';
import classes from '../components/task-card.module.css';
import { useBoardUrl } from '../hooks/use-board-url';

/**
 * The drawer, the archive dialogs and the bulk bar are chunks of their own (with the date field,
 * the rich text, the forms and the selects they bring): the board's first cards do not wait for
 * them. They are loaded once the board has painted, or at once when the address opens a task
 * (whose drawer the first load asked for with the other chunks, see `preloadLanding`).
 */
const drawerChunk = chunk(() => import('../components/task-drawer'));
const dialogChunk = chunk(() => import('../components/archive-dialog'));
const bulkBarChunk = chunk(() => import('../components/bulk-bar'));
// A task's link opens its drawer with the board: its chunk, already asked for, is taken as it arrives.
if (new URLSearchParams(window.location.search).has('tarea')) void drawerChunk.load().catch(() => undefined);

function BoardSkeleton() {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" data-testid="board-loading">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap="sm" style={{ flex: 1 }}>
          <Skeleton height={24} radius="sm" />
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ))}
    </Group>
  );
}

export function BoardPage() {
  const { user } = useSession();
  const can = useCan();
  const canWatch = can(AREA_WATCHER_ACCESS);
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const location = useLocation();
  const { filters, onlyMine, detailId, urlSearch, setUrl, search, setSearch } = useBoardUrl(canWatch);
  const searchRef = useRef<HTMLInputElement>(null);

  const [positionOpen, setPositionOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [lastDetail, setLastDetail] = useState<AssignedTaskResponse | null>(null);
  const [archiving, setArchiving] = useState<AssignedTaskResponse | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkArchiving, setBulkArchiving] = useState(false);
  const bulk = useBulkAssignedTasks();

  const statuses = useBoardStatuses();
  // The area and user filters ask the server once the choice has rested DEBOUNCE_MS (SPEC section 9), like the search.
  const [askedFilters] = useDebouncedValue(filters, DEBOUNCE_MS);
  const board = useBoard(user?.uuid, canWatch ? askedFilters : { areas: [], users: [], equipo: askedFilters.equipo });
  const changeStatus = useChangeAssignedTaskStatus();
  const archive = useUpdateAssignedTask();

  const shown = useMemo(() => {
    const all = board.data ?? [];
    const term = foldForSearch(urlSearch.trim());
    if (!term && !onlyMine) return all;
    return all.filter(
      (t) => (!term || foldForSearch(t.tarea.titulo).includes(term)) && (!onlyMine || t.empleado.uuid === user?.uuid),
    );
  }, [board.data, urlSearch, onlyMine, user?.uuid]);

  const activeFilters = {
    search: urlSearch,
    onlyMine,
    areas: canWatch ? filters.areas : [],
    users: canWatch ? filters.users : [],
    equipo: filters.equipo,
  };

  // Cards in the order they are shown (column by column), for shift-click ranges.
  const order = useMemo(() => {
    const groups = groupByStatus(statuses.data ?? [], shown);
    return (statuses.data ?? []).flatMap((s) => (groups.get(s.uuid) ?? []).map((t) => t.uuid));
  }, [statuses.data, shown]);
  const orderRef = useRef(order);
  const anchorRef = useRef<string | null>(null);
  useEffect(() => {
    orderRef.current = order;
  }, [order]);
  // Selected cards that left the board (moved by someone else, archived) are no longer selected.
  const visibleSelected = useMemo(() => new Set(order.filter((id) => selected.has(id))), [order, selected]);

  const onToggleSelect = useCallback((task: AssignedTaskResponse, range: boolean) => {
    const anchor = anchorRef.current;
    setSelected((prev) => {
      const next = new Set(prev);
      const ids = orderRef.current;
      if (range && anchor && anchor !== task.uuid && ids.includes(anchor)) {
        const [a, b] = [ids.indexOf(anchor), ids.indexOf(task.uuid)].sort((x, y) => x - y);
        for (const id of ids.slice(a, b + 1)) next.add(id);
      } else if (next.has(task.uuid)) next.delete(task.uuid);
      else next.add(task.uuid);
      return next;
    });
    anchorRef.current = task.uuid;
  }, []);

  const runBulk = (body: Omit<BulkAssignedTasksRequestInput, 'ids'>, done?: () => void) => {
    const ids = [...visibleSelected];
    const titles = new Map((board.data ?? []).map((t) => [t.uuid, t.tarea.titulo]));
    bulk.mutate(
      { ...body, ids },
      {
        onSuccess: (result) => {
          done?.();
          if (result.aplicadas.length) {
            toast.success(result.aplicadas.length === 1 ? '1 tarea actualizada' : `${result.aplicadas.length} tareas actualizadas`);
          }
          if (result.rechazadas.length) {
            const lines = result.rechazadas.slice(0, 5).map((r) => `${titles.get(r.id) ?? r.id}: ${r.motivo}`);
            if (result.rechazadas.length > 5) lines.push(`y ${result.rechazadas.length - 5} más`);
            toast.alert(lines.join('\n'), result.rechazadas.length === 1 ? '1 tarea sin cambios' : `${result.rechazadas.length} tareas sin cambios`);
          }
          setSelected(new Set(result.rechazadas.map((r) => r.id)));
        },
        onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.taskUpdateFailed)),
      },
    );
  };

  // The drawer shows the board's copy when the task is on the board, else asks for it (a link, an archived task).
  const onBoard = detailId ? (board.data?.find((t) => t.uuid === detailId) ?? null) : null;
  const detail = useAssignedTaskDetail(detailId && !onBoard && !board.isPending ? detailId : undefined);
  const current = onBoard ?? detail.data ?? null;
  if (current && current !== lastDetail) setLastDetail(current);
  const drawerTask = detailId ? (current ?? (lastDetail?.uuid === detailId ? lastDetail : null)) : lastDetail;

  // Stable handlers: the cards are memoised and must not re-render when the page does.
  const openDetail = useCallback(
    (task: AssignedTaskResponse) => {
      setLastDetail(task);
      setUrl({ tarea: task.uuid }, { push: true, state: { drawerFromBoard: true } });
    },
    [setUrl],
  );
  const closeDetail = useCallback(() => {
    if ((location.state as { drawerFromBoard?: boolean } | null)?.drawerFromBoard) navigate(-1);
    else setUrl({ tarea: null });
  }, [location.state, navigate, setUrl]);

  const startArchive = useCallback((task: AssignedTaskResponse) => {
    setArchiveError(null);
    setArchiving(task);
  }, []);

  const mutateStatus = changeStatus.mutate;
  const statusList = statuses.data;
  const onChangeStatus = useCallback(
    (task: AssignedTaskResponse, estadoUuid: string, from: 'select' | 'pointer' | 'keyboard' | 'drawer') => {
      const status = statusList?.find((s) => s.uuid === estadoUuid);
      if (!status) return;
      // The card is drawn again in its new column: the focus follows it there.
      if (from === 'select' || from === 'keyboard') focusCardWhenShown(task.uuid, from === 'select' ? 'select' : 'card');
      mutateStatus(
        { task, status },
        {
          onSuccess: (card) => {
            const done = wasQueued(card) ? `${SAVED_OFFLINE}.` : `${MESSAGES.success.taskStatusUpdated}.`;
            if (phone && from !== 'drawer') {
              toast.action(`${done} La tarea pasó a ${status.nombre}.`, 'Ver', () => setTab(status.uuid));
            } else if (wasQueued(card)) toast.alert(`${SAVED_OFFLINE}.`);
            else toast.success(MESSAGES.success.taskStatusUpdated);
          },
          onError: (error) => toast.error(errorMessage(error, 'Intente de nuevo.'), MESSAGES.errors.taskStatusUpdateFailed),
        },
      );
    },
    [mutateStatus, statusList, phone],
  );
  const onDrawerStatus = useCallback(
    (task: AssignedTaskResponse, estadoUuid: string) => onChangeStatus(task, estadoUuid, 'drawer'),
    [onChangeStatus],
  );

  const onArchive = (values: { calificacion?: number; observaciones?: string }) => {
    if (!archiving) return;
    setArchiveError(null);
    archive.mutate(
      { id: archiving.uuid, body: { ...values, archivada: true } },
      {
        onSuccess: () => {
          toast.success(MESSAGES.success.taskArchived);
          if (detailId === archiving.uuid) closeDetail();
          setArchiving(null);
        },
        onError: (error) => setArchiveError(errorMessage(error, MESSAGES.errors.tasksLoadFailed)),
      },
    );
  };

  // '/' searches, '?' lists the shortcuts (Escape closes drawers and dialogs by itself).
  useShortcuts({ '/': () => searchRef.current?.focus(), '?': () => setShortcutsOpen(true) });

  // Once loaded they stay mounted, so a closing drawer or dialog keeps its animation.
  const painted = useAfterPaint(!statuses.isPending && !board.isPending);
  const wanted = painted || detailId !== null || archiving !== null || bulkArchiving || visibleSelected.size > 0;
  const drawer = useChunk(drawerChunk, wanted);
  const dialogs = useChunk(dialogChunk, wanted);
  const bulkBar = useChunk(bulkBarChunk, wanted);

  // A read that failed while older data is shown (kept offline, or a refresh that could not reach
  // the server) leaves that data on screen; the error only shows when there is nothing to show.
  const loadError = (statuses.data === undefined ? statuses.error : null) ?? (board.data === undefined ? board.error : null);

  return (
    <>
      <PageHeader
        title={user ? `Hola, ${user.nombre}` : 'Tablero'}
        description={
          <Anchor component="button" type="button" size="sm" onClick={() => setPositionOpen(true)}>
            Mi Puesto de Trabajo
          </Anchor>
        }
        icon={<IconLayoutKanban size={24} />}
        helpHref="/ayuda/tareas"
        helpLabel="Más sobre tareas"
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Título de la tarea"
            aria-keyshortcuts="/"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && search) {
                e.preventDefault();
                setSearch('');
              }
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <BoardAssetFilter value={filters.equipo ?? null} onChange={(equipo) => setUrl({ equipo })} />
          {canWatch && (
            <Switch
              label="Solo mis tareas"
              checked={onlyMine}
              onChange={(e) => setUrl({ mias: e.currentTarget.checked ? '1' : null })}
              mb={8}
            />
          )}
        </Group>
        {canWatch && (
          <BoardFilters
            value={filters}
            onChange={(next) => setUrl({ area: next.areas.join(',') || null, usuarios: next.users.join(',') || null })}
          />
        )}
      </PageHeader>

      {loadError ? (
        <Alert color="red" title={MESSAGES.errors.tasksLoadFailed} role="alert">
          {errorMessage(loadError, statuses.error ? MESSAGES.errors.statusesLoadFailed : MESSAGES.errors.tasksLoadFailed)}
        </Alert>
      ) : statuses.isPending || board.isPending ? (
        <BoardSkeleton />
      ) : shown.length === 0 && hasBoardFilters(activeFilters) ? (
        <FilteredEmptyBoard
          filters={activeFilters}
          onClear={() => {
            // The search leaves the address with its debounce, as when it is emptied by hand.
            setSearch('');
            setUrl({ mias: null, area: null, usuarios: null, equipo: null });
          }}
        />
      ) : (
        <BoardColumns
          statuses={statuses.data ?? []}
          tasks={shown}
          onMove={onChangeStatus}
          tab={tab}
          onTabChange={setTab}
          canWatch={canWatch}
          renderTask={(task) => (
            <TaskCard
              key={task.uuid}
              task={task}
              statuses={statuses.data ?? []}
              canWatch={canWatch}
              busy={changeStatus.isPending && changeStatus.variables?.task.uuid === task.uuid}
              onOpen={openDetail}
              onArchive={startArchive}
              onChangeStatus={onChangeStatus}
              selectable={canWatch}
              selected={visibleSelected.has(task.uuid)}
              onToggleSelect={onToggleSelect}
            />
          )}
        />
      )}

      {visibleSelected.size > 0 && (
        // Room under the last card, so the floating bar never hides it (taller on a phone, where the bar stacks).
        <Box aria-hidden className={classes.bulkBarRoom} />
      )}
      {visibleSelected.size > 0 && bulkBar && (
        <bulkBar.BulkBar
          count={visibleSelected.size}
          statuses={statuses.data ?? []}
          busy={bulk.isPending}
          onMove={(estado) => runBulk({ accion: 'estado', estado_uuid: estado })}
          onReassign={(empleado) => runBulk({ accion: 'reasignar', empleado_uuid: empleado })}
          onArchive={() => setBulkArchiving(true)}
          onClear={() => setSelected(new Set())}
        />
      )}

      <JobPositionModal opened={positionOpen} onClose={() => setPositionOpen(false)} />
      <ShortcutsModal opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      {dialogs && (
        <>
          <dialogs.ArchiveDialog
            task={archiving}
            loading={archive.isPending}
            error={archiveError}
            onClose={() => setArchiving(null)}
            onConfirm={onArchive}
          />
          <dialogs.ArchiveDialog
            task={null}
            bulkCount={bulkArchiving ? visibleSelected.size : 0}
            loading={bulk.isPending}
            error={null}
            onClose={() => setBulkArchiving(false)}
            onConfirm={(values) => runBulk({ accion: 'archivar', ...values }, () => setBulkArchiving(false))}
          />
        </>
      )}
      {drawer && (
        <drawer.TaskDrawer
          task={drawerTask}
          opened={detailId !== null}
          onClose={closeDetail}
          statuses={statuses.data ?? []}
          onChangeStatus={onDrawerStatus}
          loading={detail.isPending && detail.fetchStatus !== 'idle'}
          error={detail.error && detail.data === undefined ? errorMessage(detail.error, MESSAGES.errors.tasksLoadFailed) : null}
        />
      )}
    </>
  );
}
