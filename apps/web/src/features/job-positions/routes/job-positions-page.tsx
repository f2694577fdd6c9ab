import { IconBriefcase } from '@tabler/icons-react';
import {
  CreateJobPositionRequestSchema,
  JOB_POSITIONS_ROUTES,
  MESSAGES,
  type CreateJobPositionRequest,
  type JobPositionResponse,
} from '@gestar/contracts';
import { CatalogPage, type CatalogScreen } from '../../../components/catalog/catalog-page';
import { CACHE_TIMES } from '../../../lib/ui-settings';

type Values = { nombre: string; descripcion: string };

/** SPEC section 2.11: Gestión de Puestos de Trabajo. */
const JOB_POSITIONS_SCREEN: CatalogScreen<JobPositionResponse, Values, CreateJobPositionRequest> = {
  // The user form's picker shares the key; users show their position.
  api: {
    key: 'job-positions',
    routes: JOB_POSITIONS_ROUTES,
    pageSize: 12,
    staleTime: CACHE_TIMES.jobPositions,
    alsoInvalidate: [['users']],
  },
  header: {
    title: 'Gestión de Puestos de Trabajo',
    description: 'Puestos de trabajo y la descripción de sus responsabilidades',
    icon: <IconBriefcase size={24} />,
    helpHref: '/ayuda/puestos-trabajo',
    helpLabel: 'Más sobre puestos de trabajo',
  },
  permissions: { create: 'create:job-description', update: 'update:job-description', delete: 'delete:job-description' },
  newLabel: 'Nuevo Puesto',
  gridLabel: 'Puestos de trabajo',
  emptyTitle: MESSAGES.errors.jobPositionsEmpty,
  loadFailed: MESSAGES.errors.jobPositionsLoadFailed,
  card: {
    description: (position) => position.descripcion,
    editLabel: (position) => `Editar puesto ${position.nombre}`,
    deleteLabel: (position) => `Eliminar puesto ${position.nombre}`,
  },
  form: {
    createTitle: 'Nuevo Puesto',
    editTitle: 'Editar Puesto',
    fields: [
      { name: 'nombre', label: 'Nombre', kind: 'text' },
      { name: 'descripcion', label: 'Descripción', kind: 'textarea', minRows: 3, maxRows: 8 },
    ],
    schema: CreateJobPositionRequestSchema,
    initialValues: (position) => ({ nombre: position?.nombre ?? '', descripcion: position?.descripcion ?? '' }),
    created: MESSAGES.success.jobPositionCreated,
    updated: MESSAGES.success.jobPositionUpdated,
  },
  deletion: {
    title: 'Eliminar Puesto de Trabajo',
    message: (position) => (
      <>
        ¿Está seguro de que desea eliminar el puesto de trabajo <strong>{position.nombre}</strong>? Esta acción es
        permanente.
      </>
    ),
    deleted: MESSAGES.success.jobPositionDeleted,
  },
};

export function JobPositionsPage() {
  return <CatalogPage screen={JOB_POSITIONS_SCREEN} />;
}
