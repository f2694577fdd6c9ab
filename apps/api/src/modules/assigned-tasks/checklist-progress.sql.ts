import { sql } from '../../database/sql';

/**
 * The checklist progress of the occurrence `ta` as `cl.hechos` and `cl.total` (both 0 without a
 * checklist): one probe of `tarea_asignada_checklist`'s (tarea_asignada_uuid, orden) key per row,
 * which carries `hecho` (an index-only scan).
 */
export const CHECKLIST_PROGRESS_JOIN = sql`
  CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE c.hecho)::int AS hechos, count(*)::int AS total
                        FROM tarea_asignada_checklist c WHERE c.tarea_asignada_uuid = ta.uuid) cl`;
