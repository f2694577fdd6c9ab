import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { IconProgressCheck } from '@tabler/icons-react';
import {
  CreateStatusRequestSchema,
  MESSAGES,
  MIN_STATUS_ORDER,
  STATUS_CATEGORIES,
  STATUS_CATEGORY_LABELS,
  STATUSES_ROUTES,
  type CreateStatusRequest,
  type StatusCategory,
  type StatusResponse,
} from '@gestar/contracts';
import { CatalogPage, type CatalogScreen } from '../../../components/catalog/catalog-page';
import { CACHE_TIMES } from '../../../lib/ui-settings';

const SWATCHES = ['#FAB005', '#228BE6', '#40C057', '#FA5252', '#7950F2', '#FD7E14', '#12B886', '#868E96'];

type Values = { nombre: string; descripcion: string; order: string | number; color: string; categoria: StatusCategory };

/** The category badge's border: grey not started, blue under way, green finished (its text stays dark for contrast). */
const CATEGORY_COLORS: Record<StatusCategory, string> = { pendiente: 'gray', en_curso: 'blue', terminada: 'green' };

/**
 * SPEC sections 2.9 and 5: Gestión de Estados; name, description, order (>= 1), a #RRGGBB colour
 * and the category (issue 15) that says what the status means for reports.
 */
const STATUSES_SCREEN: CatalogScreen<StatusResponse, Values, CreateStatusRequest> = {
  // Statuses are few and ordered: all on one page. The board and the task screens read them too.
  api: {
    key: 'statuses',
    routes: STATUSES_ROUTES,
    pageSize: null,
    staleTime: CACHE_TIMES.statuses,
    sort: (a, b) => a.order - b.order,
  },
  header: {
    title: 'Gestión de Estados',
    description: 'Estados por los que pasa una tarea asignada y su orden',
    icon: <IconProgressCheck size={24} />,
    helpHref: '/ayuda/estados',
    helpLabel: 'Más sobre estados',
  },
  permissions: { create: 'create:status', update: 'update:status', delete: 'delete:status' },
  newLabel: 'Nuevo Estado',
  gridLabel: 'Estados',
  skeletonCount: 3,
  emptyTitle: MESSAGES.errors.noStatuses,
  loadFailed: MESSAGES.errors.statusesLoadFailed,
  card: {
    description: (status) => status.descripcion,
    leading: (status) => <ColorSwatch color={status.color} size={18} aria-hidden style={{ flexShrink: 0 }} />,
    footer: (status) => (
      <Group gap="xs" mt="auto">
        <Badge variant="light" color="gray" tt="none">
          Orden: {status.order}
        </Badge>
        <Badge variant="outline" color={CATEGORY_COLORS[status.categoria]} c="dark.7" tt="none" data-testid="status-category">
          {STATUS_CATEGORY_LABELS[status.categoria]}
        </Badge>
        <Text size="xs" c="dimmed" ff="monospace">
          {status.color}
        </Text>
      </Group>
    ),
    editLabel: (status) => `Editar estado ${status.nombre}`,
    deleteLabel: (status) => `Eliminar estado ${status.nombre}`,
  },
  form: {
    createTitle: 'Nuevo Estado',
    editTitle: 'Editar Estado',
    fields: [
      { name: 'nombre', label: 'Nombre', kind: 'text' },
      { name: 'descripcion', label: 'Descripción', kind: 'textarea', minRows: 2, maxRows: 6 },
      { name: 'order', label: 'Orden', kind: 'number', min: MIN_STATUS_ORDER, half: true },
      { name: 'color', label: 'Color', kind: 'color', swatches: SWATCHES, half: true },
      {
        name: 'categoria',
        label: 'Categoría',
        kind: 'select',
        options: STATUS_CATEGORIES.map((c) => ({ value: c, label: STATUS_CATEGORY_LABELS[c] })),
        description: 'La primera vez que una tarea pasa a un estado Terminada cuenta como completada.',
      },
    ],
    schema: CreateStatusRequestSchema,
    // A new status is offered the order after the last one.
    initialValues: (status, listed) => ({
      nombre: status?.nombre ?? '',
      descripcion: status?.descripcion ?? '',
      order: status?.order ?? listed.reduce((max, s) => Math.max(max, s.order), 0) + 1,
      color: status?.color ?? SWATCHES[1]!,
      categoria: status?.categoria ?? 'en_curso',
    }),
    created: MESSAGES.success.statusCreated,
    updated: MESSAGES.success.statusUpdated,
  },
  deletion: {
    title: 'Eliminar Estado',
    message: (status) => (
      <>
        ¿Está seguro de que desea eliminar el estado <strong>{status.nombre}</strong>? Esta acción es permanente.
        Después deberá reorganizar el orden de los estados restantes.
      </>
    ),
    deleted: MESSAGES.success.statusDeleted,
  },
};

export function StatusesPage() {
  return <CatalogPage screen={STATUSES_SCREEN} />;
}
