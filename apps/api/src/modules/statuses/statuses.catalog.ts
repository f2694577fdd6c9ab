import { MESSAGES, STATUSES_ROUTES, type StatusResponse } from '@gestar/contracts';
import { defineCatalog } from '../../common/catalog/catalog.module';
import { sql } from '../../database/sql';

/**
 * Statuses: organisation-wide, listed by `order` (the board's column order). The contract
 * already answers `color` upper-cased. In use while any assigned task, archived or not, is
 * in the status: its history must stay readable.
 */
export const STATUSES = defineCatalog<StatusResponse>({
  name: 'Statuses',
  table: sql`estados`,
  columns: { nombre: sql`nombre`, descripcion: sql`descripcion`, order: sql`"order"`, color: sql`color` },
  orderBy: sql`"order", lower(nombre), uuid`,
  inUse: (uuid) => sql`EXISTS (SELECT 1 FROM tareas_asignadas WHERE estado_uuid = ${uuid})`,
  inUseMessage: MESSAGES.errors.statusInUse,
  routes: STATUSES_ROUTES,
});
