import type { ReactNode } from 'react';
import { Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { isDescriptionEmpty, type TaskResponse } from '@gestar/contracts';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { formatDate } from '../../../lib/dates';
import { repetitionText } from '../../../components/schedule-rule/rule-values';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** SPEC section 2.6 'Detalles de la Tarea'. */
export function TaskDetailsDialog({ task, onClose }: { task: TaskResponse | null; onClose: () => void }) {
  const schedule = task?.programaciones_tareas ?? null;
  return (
    <Modal opened={task !== null} onClose={onClose} title="Detalles de la Tarea" size="lg" centered>
      {task && (
        <Stack gap="sm">
          <Row label="Título">{task.titulo}</Row>
          <Row label="Descripción">
            {isDescriptionEmpty(task.descripcion) ? (
              <Text size="sm" c="dimmed">
                No hay descripción disponible para esta tarea.
              </Text>
            ) : (
              <RichTextView value={task.descripcion} />
            )}
          </Row>
          <Group grow align="flex-start">
            <Row label="Estado">
              <Badge color={task.activo ? 'green' : 'gray'} variant="light" tt="none">
                {task.activo ? 'Activo' : 'Inactivo'}
              </Badge>
            </Row>
            <Row label="Tipo de Tarea">{task.tipo_tarea.nombre}</Row>
            <Row label="Área">{task.area.nombre}</Row>
          </Group>
          <Group grow align="flex-start">
            <Row label="Creado por">
              {task.creado_por.nombre} {task.creado_por.apellido}
            </Row>
            <Row label="Fecha de Creación">{formatDate(task.fecha_creacion)}</Row>
          </Group>
          <Row label="Usuarios Asignados">
            {task.usuarios_tareas.length === 0
              ? 'Sin usuarios asignados'
              : task.usuarios_tareas.map((u) => `${u.nombre} ${u.apellido}`).join(', ')}
          </Row>
          {schedule && (
            <>
              <Divider />
              <Title order={3} fz="md">
                Programación
              </Title>
              <Group grow align="flex-start">
                <Row label={schedule.regla.startsWith('FREQ=DAILY') ? 'Intervalo' : 'Repetición'}>{repetitionText(schedule)}</Row>
                <Row label="Próxima ejecución">{formatDate(schedule.proxima_ejecucion)}</Row>
                <Row label="Estado">
                  <Badge color={schedule.activo ? 'green' : 'gray'} variant="light" tt="none">
                    {schedule.activo ? 'Activa' : 'Inactiva'}
                  </Badge>
                </Row>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
