/**
 * The machine page's lists: open work, done work (checklist, photos, rating and who did it) and
 * problem reports. A task opens in the board's drawer (`/?tarea=<uuid>`), with its checklist,
 * photos and comments.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconChecklist, IconStar, IconUser } from '@tabler/icons-react';
import {
  NO_RATING_LABEL,
  RATING_LABELS,
  type AssetDoneWork,
  type AssetOpenWork,
  type AssetProblemReport,
  type Rating,
} from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { readableOnTint } from '../../../lib/contrast';

const REPORT_STATES: Record<AssetProblemReport['estado'], { label: string; color: string }> = {
  pendiente: { label: 'Pendiente', color: 'yellow' },
  aceptada: { label: 'Aceptada', color: 'blue' },
  fusionada: { label: 'Fusionada', color: 'gray' },
  rechazada: { label: 'Rechazada', color: 'red' },
  resuelta: { label: 'Resuelta', color: 'green' },
};
const URGENCY: Record<AssetProblemReport['urgencia'], string> = {
  baja: 'Urgencia baja',
  media: 'Urgencia media',
  alta: 'Urgencia alta',
};

function Item({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Paper>
  );
}

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

function TaskLink({ uuid, titulo }: { uuid: string; titulo: string }) {
  return (
    <Anchor component={Link} to={`/?tarea=${uuid}`} fw={600}>
      {titulo}
    </Anchor>
  );
}

function StatusBadge({ nombre, color }: { nombre: string; color: string }) {
  return (
    <Badge color={color} c={readableOnTint(color)} variant="light" tt="none">
      {nombre}
    </Badge>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

export function OpenWorkList({ items }: { items: AssetOpenWork[] }) {
  if (items.length === 0) return <Empty>No hay trabajo abierto en este equipo.</Empty>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Trabajo abierto">
      {items.map((w) => (
        <Item key={w.uuid} label={w.titulo}>
          <Group justify="space-between" gap="xs">
            <TaskLink uuid={w.uuid} titulo={w.titulo} />
            <StatusBadge nombre={w.estado.nombre} color={w.estado.color} />
          </Group>
          <Group gap="md" mt={4}>
            <Meta icon={<IconUser size={14} aria-hidden />}>
              {w.asignado.nombre} {w.asignado.apellido}
            </Meta>
            <Text size="sm" c="dimmed">
              Vencimiento: {formatDate(w.fecha_vencimiento)}
            </Text>
          </Group>
        </Item>
      ))}
    </Stack>
  );
}

export function DoneWorkList({ items }: { items: AssetDoneWork[] }) {
  if (items.length === 0) return <Empty>Todavía no hay trabajo terminado en este equipo.</Empty>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Trabajo hecho">
      {items.map((w) => (
        <Item key={w.uuid} label={w.titulo}>
          <Group justify="space-between" gap="xs">
            <TaskLink uuid={w.uuid} titulo={w.titulo} />
            <Text size="sm">Terminada el {formatDate(w.terminada_en, 'DD/MM/YYYY HH:mm')}</Text>
          </Group>
          <Group gap="md" mt={4}>
            <Meta icon={<IconUser size={14} aria-hidden />}>
              {w.asignado.nombre} {w.asignado.apellido}
            </Meta>
            {w.checklist.total > 0 && (
              <Meta icon={<IconChecklist size={14} aria-hidden />}>
                Lista: {w.checklist.hechos} de {w.checklist.total}
              </Meta>
            )}
            <Meta icon={<IconCamera size={14} aria-hidden />}>{w.fotos === 1 ? '1 foto' : `${w.fotos} fotos`}</Meta>
            <Meta icon={<IconStar size={14} aria-hidden />}>
              {w.calificacion === null
                ? NO_RATING_LABEL
                : `${w.calificacion} · ${RATING_LABELS[w.calificacion as Rating] ?? ''}`}
            </Meta>
          </Group>
        </Item>
      ))}
    </Stack>
  );
}

export function ReportsList({ items }: { items: AssetProblemReport[] }) {
  if (items.length === 0) return <Empty>No hay solicitudes sobre este equipo.</Empty>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Solicitudes">
      {items.map((r) => (
        <Item key={r.uuid} label={`Solicitud ${r.numero}`}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>Solicitud #{r.numero}</Text>
            <Group gap={6}>
              {r.equipo_detenido && (
                <Badge color="red" variant="light" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                  Equipo detenido
                </Badge>
              )}
              <Badge color={REPORT_STATES[r.estado].color} variant="light" tt="none">
                {REPORT_STATES[r.estado].label}
              </Badge>
            </Group>
          </Group>
          <Text size="sm" mt={4} lineClamp={3}>
            {r.descripcion}
          </Text>
          <Group gap="md" mt={4}>
            <Meta icon={<IconUser size={14} aria-hidden />}>
              {r.reportada_por.nombre} {r.reportada_por.apellido}
            </Meta>
            <Text size="sm" c="dimmed">
              {formatDate(r.creado_en, 'DD/MM/YYYY HH:mm')} · {URGENCY[r.urgencia]}
            </Text>
          </Group>
        </Item>
      ))}
    </Stack>
  );
}
