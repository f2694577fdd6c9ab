/**
 * The detail drawer (SPEC section 2.5): title, status badge, due date,
 * description with 'Leer más' / 'Mostrar menos', Detalles, Usuario Asignado,
 * Programación (when scheduled), Comentarios (open by default) and Historial.
 * Closes with a 300 ms animation.
 */
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Button, Collapse, Divider, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { descriptionToPlainText, parseDescription, type AssignedTaskResponse } from '@gestar/contracts';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { formatDate } from '../../../lib/dates';
import { CommentsSection } from './comments-section';
import { DueDateLabel } from './task-card';
import { HistoryList } from './history-list';
import { SuggestionsSection } from './suggestions-section';
import { DRAWER_ANIMATION_MS } from '../../../lib/ui-settings';

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

function DrawerBody({ task }: { task: AssignedTaskResponse }) {
  const schedule = task.tarea.programaciones_tareas;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={task.estado.color} variant="filled" tt="none">
          {task.estado.nombre}
        </Badge>
        <DueDateLabel date={task.fecha_vencimiento} />
      </Group>
      <Description key={task.uuid} value={task.tarea.descripcion} />
      <Divider />
      <Section title="Detalles">
        <Stack gap={4}>
          <Field label="Tipo de tarea" value={task.tarea.tipo_tarea.nombre} />
          <Field label="Área" value={task.tarea.area.nombre} />
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
            <Field label="Repetir cada" value={`${schedule.intervalo_repeticion} ${schedule.intervalo_repeticion === 1 ? 'día' : 'días'}`} />
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
        <SuggestionsSection taskId={task.tarea.uuid} />
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
}

export function TaskDrawer({ task, opened, onClose }: TaskDrawerProps) {
  return (
    <Drawer
      opened={opened && task !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={task?.tarea.titulo}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      transitionProps={{ duration: DRAWER_ANIMATION_MS, transition: 'slide-left' }}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {task && <DrawerBody task={task} />}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cerrar
        </Button>
      </Group>
    </Drawer>
  );
}
