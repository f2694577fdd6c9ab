import { IconBuildingCommunity } from '@tabler/icons-react';
import {
  AREAS_ROUTES,
  CreateAreaRequestSchema,
  MESSAGES,
  type AreaResponse,
  type CreateAreaRequest,
} from '@gestar/contracts';
import { CatalogPage, type CatalogScreen } from '../../../components/catalog/catalog-page';
import { CACHE_TIMES } from '../../../lib/ui-settings';

type Values = { nombre: string };

/** SPEC section 2.10: Gestión de Áreas. */
const AREAS_SCREEN: CatalogScreen<AreaResponse, Values, CreateAreaRequest> = {
  // Every cached area set (lists, pickers, areas with users) may change.
  api: { key: 'areas', routes: AREAS_ROUTES, pageSize: 12, staleTime: CACHE_TIMES.areas },
  header: {
    title: 'Gestión de Áreas',
    description: 'Áreas de la organización a las que pertenecen usuarios y tareas',
    icon: <IconBuildingCommunity size={24} />,
    helpHref: '/ayuda/areas',
    helpLabel: 'Más sobre áreas',
  },
  permissions: { create: 'create:area', update: 'update:area', delete: 'delete:area' },
  newLabel: 'Nueva Área',
  gridLabel: 'Áreas',
  emptyTitle: 'No hay áreas registradas',
  loadFailed: MESSAGES.errors.areasLoadFailed,
  card: {
    editLabel: (area) => `Editar área ${area.nombre}`,
    deleteLabel: (area) => `Eliminar área ${area.nombre}`,
  },
  form: {
    createTitle: 'Nueva Área',
    editTitle: 'Editar Área',
    fields: [{ name: 'nombre', label: 'Nombre', kind: 'text' }],
    schema: CreateAreaRequestSchema,
    initialValues: (area) => ({ nombre: area?.nombre ?? '' }),
    created: MESSAGES.success.areaCreated,
    updated: MESSAGES.success.areaUpdated,
  },
  deletion: {
    title: 'Eliminar Área',
    message: (area) => (
      <>
        ¿Está seguro de que desea eliminar el área <strong>{area.nombre}</strong>? Esta acción es permanente.
      </>
    ),
    deleted: MESSAGES.success.areaDeleted,
  },
};

export function AreasPage() {
  return <CatalogPage screen={AREAS_SCREEN} />;
}
