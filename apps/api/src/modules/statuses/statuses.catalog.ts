import { MESSAGES, STATUSES_ROUTES, type StatusResponse } from '@gestar/contracts';
import { defineCatalog } from '../../common/catalog/catalog.module';
import { sql } from '../../database/sql';

/**
 * Statuses: organisation-wide, listed by `order` (the board's column order), unique by name
 * and by order. The contract already answers `color` upper-cased. StatusesService adds the
 * category rules. In use while any assigned task, archived or not, is
 * in the status: its history must stay readable.
 */
export const STATUSES = defineCatalog<'estados', StatusResponse>('estados', {
  name: 'Statuses',
  columns: {
    nombre: sql`nombre`,
    descripcion: sql`descripcion`,
    order: sql`"order"`,
    color: sql`color`,
    categoria: sql`categoria`,
  },
  orderBy: sql`"order", lower(nombre), uuid`,
  inUse: (uuid) => sql`EXISTS (SELECT 1 FROM tareas_asignadas WHERE estado_uuid = ${uuid})`,
  unique: { estados_nombre_key: MESSAGES.errors.statusNameTaken, estados_order_key: MESSAGES.errors.statusOrderTaken },
  inUseMessage: MESSAGES.errors.statusInUse,
  goneMessage: MESSAGES.errors.statusGone,
  routes: STATUSES_ROUTES,
});
