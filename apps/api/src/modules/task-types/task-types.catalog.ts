import { MESSAGES, TASK_TYPES_ROUTES, type TaskTypeResponse } from '@gestar/contracts';
import { defineCatalog } from '../../common/catalog/catalog.module';
import { sql } from '../../database/sql';

/** Task types: organisation-wide; in use (delete refused) while any task, active or not, is of the type. */
export const TASK_TYPES = defineCatalog<'tipos_tarea', TaskTypeResponse>('tipos_tarea', {
  name: 'TaskTypes',
  columns: { nombre: sql`nombre`, descripcion: sql`descripcion` },
  orderBy: sql`lower(nombre), uuid`,
  inUse: (uuid) => sql`EXISTS (SELECT 1 FROM tareas WHERE tipo_tarea_uuid = ${uuid})`,
  unique: { tipos_tarea_nombre_key: MESSAGES.errors.taskTypeNameTaken },
  inUseMessage: MESSAGES.errors.taskTypeInUse,
  goneMessage: MESSAGES.errors.taskTypeGone,
  routes: TASK_TYPES_ROUTES,
});
