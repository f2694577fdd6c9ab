/**
 * The detail drawer (SPEC section 2.5): title, status (changed here too), due
 * date and assignee (editable with assign:task),
 * description with 'Leer más' / 'Mostrar menos', Detalles, Usuario Asignado,
 * Programación (when scheduled), Comentarios (open by default) and Historial.
 * Closes with a 300 ms animation.
 */
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Collapse, Divider, Drawer, Group, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import {
  MESSAGES,
  descriptionToPlainText,
  parseDescription,
  todayIn,
  type AssignedTaskResponse,
  type StatusResponse,
} from '@gestar/contracts';
import { DateField } from '../../../components/date-field';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatDate } from '../../../lib/dates';
import { NestedOverlayContext, useNestedOverlays } from '../../../lib/nested-overlay';
import { toast } from '../../../lib/toast';
import { DRAWER_ANIMATION_MS } from '../../../lib/ui-settings';
import { useAreasWithUsers } from '../api/lookups';
import { useUpdateAssignedTask } from '../api/update-assigned-task';
import { ChecklistSection } from './checklist-section';
import { CommentsSection } from './comments-section';
import { useSession } from '../../../lib/session';
import { TaskTimeSection } from '../../../components/timer/task-time-section';
import { DueDateLabel, OwnTaskTimer } from './task-card';
import { HistoryList } from './history-list';
import { SuggestionsSection } from './suggestions-section';

const LONG_DESCRIPTION_CHARS = 220;
const COLLAPSED_HEIGHT = 110;

function isLongDescription(description: string): boolean {
  const blocks = parseDescription(description);
  return (
    descriptionToPlainText(description).length > LONG_DESCRIPTION_CHARS ||
    blocks.length > 4 ||
    description.includes('"type":"image"')
  );
}

function Section({ title, children, defaultOpen = true }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Box component="section" aria-label={title}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%" py={4}>
        <Group gap={6}>
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          <Text fw={600} size="sm">
            {title}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} transitionDuration={200}>
        <Box pt={4} pb="xs">
          {children}
        </Box>
      </Collapse>
    </Box>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Group>
  );
}

function Description({ value }: { value: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = isLongDescription(value);
  return (
    <Stack gap={4}>
      <Box style={long && !expanded ? { maxHeight: COLLAPSED_HEIGHT, overflow: 'hidden', maskImage: 'linear-gradient(#000 70%, transparent)' } : undefined}>
        <RichTextView value={value} />
      </Box>
      {long && (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((e) => !e)} w="fit-content">
          {expanded ? 'Mostrar menos' : 'Leer más'}
        </Anchor>
      )}
    </Stack>
  );
}

/** Status for whoever sees the task; due date and assignee with assign:task (the API checks the area too). */
function DrawerControls({
  task,
  statuses,
  onChangeStatus,
}: {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  onChangeStatus: (task: AssignedTaskResponse, estadoUuid: string) => void;
}) {
  const can = useCan();
  const canAssign = can({ anyOf: ['assign:task'] }) && can({ anyOf: ['read:area', 'read:all:areas'] });
  const areas = useAreasWithUsers(canAssign);
  const update = useUpdateAssignedTask();
  const people = areas.data?.find((a) => a.uuid === task.tarea.area.uuid)?.usuarios ?? [];
  const assigneeOptions = [
    ...(people.some((u) => u.uuid === task.empleado.uuid) ? [] : [task.empleado]),
    ...people,
  ].map((u) => ({ value: u.uuid, label: `${u.nombre} ${u.apellido}` }));
  const save = (body: { fecha_vencimiento?: string; empleado_uuid?: string }, done: string) =>
    update.mutate(
      { id: task.uuid, body },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.taskUpdateFailed)),
      },
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: canAssign ? 3 : 1 }} spacing="sm">
      <Select
        label="Estado"
        data={statuses.map((s) => ({ value: s.uuid, label: s.nombre }))}
        value={task.estado_uuid}
        allowDeselect={false}
        disabled={task.archivada}
        onChange={(value) => value && value !== task.estado_uuid && onChangeStatus(task, value)}
        comboboxProps={{ withinPortal: true }}
      />
      {canAssign && (
        <DateField
          label="Vencimiento"
          value={task.fecha_vencimiento.slice(0, 10) < todayIn() ? null : task.fecha_vencimiento.slice(0, 10)}
          placeholder={formatDate(task.fecha_vencimiento, 'DD/MM/YYYY')}
          clearable={false}
          minDate={todayIn()}
          disabled={task.archivada || update.isPending}
          onChange={(value) => value && save({ fecha_vencimiento: value }, 'Vencimiento actualizado')}
        />
      )}
      {canAssign && (
        <Select
          label="Responsable"
          data={assigneeOptions}
          value={task.empleado.uuid}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No se encontraron resultados"
          disabled={task.archivada || update.isPending}
          onChange={(value) => value && value !== task.empleado.uuid && save({ empleado_uuid: value }, 'Responsable actualizado')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </SimpleGrid>
  );
}

/** «Tiempo»: the timer of one's own task, and the intervals (own, or of one's areas with manage:time-entries). */
function TimeSection({ task, statuses }: { task: AssignedTaskResponse; statuses: StatusResponse[] }) {
  const can = useCan();
  const me = useSession().user?.uuid;
  const own = task.empleado.uuid === me && can({ anyOf: ['track:time'] });
  const manages = can({ anyOf: ['manage:time-entries'] });
  if (!own && !manages) return null;
  return (
    <Section title="Tiempo">
      <Stack gap="sm">
        <OwnTaskTimer task={task} statuses={statuses} variant="drawer" />
        <TaskTimeSection task={{ uuid: task.uuid, titulo: task.tarea.titulo }} canEdit={!task.archivada || manages} />
      </Stack>
    </Section>
  );
}

function DrawerBody({
  task,
  statuses,
  onChangeStatus,
}: {
  task: AssignedTaskResponse;
  statuses: StatusResponse[];
  onChangeStatus: (task: AssignedTaskResponse, estadoUuid: string) => void;
}) {
  const schedule = task.tarea.programaciones_tareas;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={task.estado.color} variant="filled" tt="none">
          {task.estado.nombre}
        </Badge>
        {task.archivada && (
          <Badge color="gray" variant="light" tt="none">
            Archivada
          </Badge>
        )}
        <DueDateLabel
          date={task.fecha_vencimiento}
          finished={statuses.find((s) => s.uuid === task.estado_uuid)?.categoria === 'terminada'}
        />
      </Group>
      <DrawerControls task={task} statuses={statuses} onChangeStatus={onChangeStatus} />
      <Description key={task.uuid} value={task.tarea.descripcion} />
      <Divider />
      <TimeSection task={task} statuses={statuses} />
      {task.checklist_progreso.total > 0 && (
        <Section title="Lista de verificación">
          <ChecklistSection taskId={task.uuid} readOnly={task.archivada} />
        </Section>
      )}
      <Section title="Detalles">
        <Stack gap={4}>
          <Field label="Tipo de tarea" value={task.tarea.tipo_tarea.nombre} />
          <Field label="Área" value={task.tarea.area.nombre} />
          {task.tarea.equipo && (
            <Field
              label="Equipo"
              value={
                <Anchor component={Link} to={`/equipos/${encodeURIComponent(task.tarea.equipo.codigo)}`} size="sm">
                  {task.tarea.equipo.codigo} · {task.tarea.equipo.nombre}
                </Anchor>
              }
            />
          )}
          <Field label="Fecha de creación" value={formatDate(task.fecha_asignacion)} />
        </Stack>
      </Section>
      <Section title="Usuario Asignado">
        <Text size="sm">
          {task.empleado.nombre} {task.empleado.apellido}{' '}
          <Text span c="dimmed" size="sm">
            @{task.empleado.username}
          </Text>
        </Text>
      </Section>
      {schedule && (
        <Section title="Programación">
          <Stack gap={4}>
            <Field label="Repetición" value={schedule.regla_descripcion} />
            <Field label="Próxima ejecución" value={formatDate(schedule.proxima_ejecucion)} />
            <Field
              label="Estado"
              value={
                <Badge color={schedule.activo ? 'green' : 'gray'} variant="light" tt="none">
                  {schedule.activo ? 'Activa' : 'Inactiva'}
                </Badge>
              }
            />
          </Stack>
        </Section>
      )}
      <Section title="Comentarios">
        <CommentsSection assignedTaskId={task.uuid} />
      </Section>
      <Section title="Sugerencias" defaultOpen={false}>
        <SuggestionsSection taskId={task.tarea.uuid} assignedTaskId={task.uuid} />
      </Section>
      <Section title="Historial">
        <HistoryList assignedTaskId={task.uuid} />
      </Section>
    </Stack>
  );
}

export interface TaskDrawerProps {
  /** The task shown; kept while the drawer animates out. */
  task: AssignedTaskResponse | null;
  opened: boolean;
  onClose: () => void;
  statuses: StatusResponse[];
  onChangeStatus: (task: AssignedTaskResponse, estadoUuid: string) => void;
  /** While the task of a link is being fetched, or why it cannot be shown. */
  loading?: boolean;
  error?: string | null;
}

export function TaskDrawer({ task, opened, onClose, statuses, onChangeStatus, loading = false, error = null }: TaskDrawerProps) {
  // Escape closes a photo viewer opened from the drawer, not the drawer under it.
  const nested = useNestedOverlays();
  return (
    <NestedOverlayContext value={nested.register}>
      <Drawer
        opened={opened && (task !== null || loading || error !== null)}
        onClose={onClose}
        closeOnEscape={!nested.open}
        position="right"
        size="lg"
        title={task?.tarea.titulo ?? 'Tarea'}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        transitionProps={{ duration: DRAWER_ANIMATION_MS, transition: 'slide-left' }}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {task && <DrawerBody task={task} statuses={statuses} onChangeStatus={onChangeStatus} />}
        {!task && loading && <Text size="sm" c="dimmed">Cargando la tarea...</Text>}
        {!task && error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Drawer>
    </NestedOverlayContext>
  );
}
