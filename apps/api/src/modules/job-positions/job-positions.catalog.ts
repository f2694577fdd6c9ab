import { JOB_POSITIONS_ROUTES, MESSAGES, type JobPositionResponse } from '@gestar/contracts';
import { defineCatalog } from '../../common/catalog/catalog.module';
import { sql } from '../../database/sql';

/**
 * Job positions (table `descripciones_puesto`, public path `/api/job-descriptions`):
 * organisation-wide; in use while any user, active or not, holds the position.
 */
export const JOB_POSITIONS = defineCatalog<'descripciones_puesto', JobPositionResponse>('descripciones_puesto', {
  name: 'JobPositions',
  columns: { nombre: sql`nombre`, descripcion: sql`descripcion` },
  orderBy: sql`lower(nombre), uuid`,
  inUse: (uuid) => sql`EXISTS (SELECT 1 FROM usuarios WHERE descripcion_puesto_uuid = ${uuid})`,
  unique: { descripciones_puesto_nombre_key: MESSAGES.errors.jobPositionNameTaken },
  inUseMessage: MESSAGES.errors.jobPositionInUse,
  goneMessage: MESSAGES.errors.jobPositionGone,
  routes: JOB_POSITIONS_ROUTES,
});
