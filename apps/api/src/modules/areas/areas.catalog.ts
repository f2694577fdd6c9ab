import { AREAS_ROUTES, MESSAGES, type AreaResponse } from '@gestar/contracts';
import { defineCatalog } from '../../common/catalog/catalog.module';
import { sql } from '../../database/sql';

/**
 * Areas: listed and read within the caller's area scope (AreasService). In use while a user
 * (active or not) or a task belongs to the area: deleting it must not orphan anything.
 */
export const AREAS = defineCatalog<'areas', AreaResponse>('areas', {
  name: 'Areas',
  columns: { nombre: sql`nombre` },
  orderBy: sql`lower(nombre), uuid`,
  inUse: (uuid) =>
    sql`EXISTS (SELECT 1 FROM usuario_areas WHERE area_uuid = ${uuid}) OR EXISTS (SELECT 1 FROM tareas WHERE area_uuid = ${uuid})`,
  unique: { areas_nombre_key: MESSAGES.errors.areaNameTaken },
  inUseMessage: MESSAGES.errors.areaInUse,
  goneMessage: MESSAGES.errors.areaGone,
  routes: AREAS_ROUTES,
});
