import { IconCategory } from '@tabler/icons-react';
import {
  CreateTaskTypeRequestSchema,
  MESSAGES,
  TASK_TYPES_ROUTES,
  type CreateTaskTypeRequest,
  type TaskTypeResponse,
} from '@gestar/contracts';
import { CatalogPage, type CatalogScreen } from '../../../components/catalog/catalog-page';
import { CACHE_TIMES } from '../../../lib/ui-settings';

type Values = { nombre: string; descripcion: string };

/** SPEC section 2.12: Gestión de Tipos de Tareas. */
const TASK_TYPES_SCREEN: CatalogScreen<TaskTypeResponse, Values, CreateTaskTypeRequest> = {
  // Tasks embed their type's name.
  api: {
    key: 'task-types',
    routes: TASK_TYPES_ROUTES,
    pageSize: 12,
    staleTime: CACHE_TIMES.taskTypes,
    alsoInvalidate: [['tasks']],
  },
  header: {
    title: 'Gestión de Tipos de Tareas',
    description: 'Categorías con las que se clasifican las tareas',
    icon: <IconCategory size={24} />,
    helpHref: '/ayuda/tipo-tarea',
    helpLabel: 'Más sobre tipos de tarea',
  },
  permissions: { create: 'create:task-type', update: 'update:task-type', delete: 'delete:task-type' },
  newLabel: 'Nuevo Tipo de Tarea',
  gridLabel: 'Tipos de tarea',
  emptyTitle: 'No hay tipos de tarea registrados',
  loadFailed: MESSAGES.errors.taskTypesLoadFailed,
  card: {
    description: (type) => type.descripcion,
    editLabel: (type) => `Editar tipo de tarea ${type.nombre}`,
    deleteLabel: (type) => `Eliminar tipo de tarea ${type.nombre}`,
  },
  form: {
    createTitle: 'Nuevo Tipo de tarea',
    editTitle: 'Editar Tipo de tarea',
    fields: [
      { name: 'nombre', label: 'Nombre', kind: 'text' },
      { name: 'descripcion', label: 'Descripción', kind: 'textarea', minRows: 3, maxRows: 8 },
    ],
    schema: CreateTaskTypeRequestSchema,
    initialValues: (type) => ({ nombre: type?.nombre ?? '', descripcion: type?.descripcion ?? '' }),
    created: MESSAGES.success.taskTypeCreated,
    updated: MESSAGES.success.taskTypeUpdated,
  },
  deletion: {
    title: 'Confirmar eliminación',
    message: (type) => (
      <>
        ¿Está seguro de que desea eliminar el tipo de tarea <strong>{type.nombre}</strong>? Esta acción no se puede
        deshacer.
      </>
    ),
    confirmLabel: 'Eliminar',
    deleted: MESSAGES.success.taskTypeDeleted,
  },
};

export function TaskTypesPage() {
  return <CatalogPage screen={TASK_TYPES_SCREEN} />;
}
