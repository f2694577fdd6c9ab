import { Sql, sql } from '../../database/sql';

/**
 * What a report query selects. `null` scope = every area. `from` is
 * inclusive and `to` exclusive (instants of company midnights), so an end
 * date includes its whole day.
 */
export interface ReportWhere {
  scopeAreas: readonly string[] | null;
  statusUuids?: readonly string[];
  areaUuids?: readonly string[];
  employeeUuids?: readonly string[];
  /**
   * Tasks whose title contains the searched text, resolved first by
   * `tasksTitled` (where the trigram index applies); rows are kept by task.
   */
  titleTaskUuids?: readonly string[];
  from?: Date;
  to?: Date;
  /** The same range as company calendar dates (`YYYY-MM-DD`): `fromDate` inclusive, `toDate` exclusive. */
  fromDate?: string;
  toDate?: string;
  timeZone: string;
}

/** Days from Excel's epoch to a date: the serial of a real date cell, with no time-zone shift. */
export const EXCEL_EPOCH = sql`DATE '1899-12-30'`;

export const FROM = sql`FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid`;

/** The company calendar date of an instant column. */
export const companyDate = (column: Sql, tz: string) => sql`(${column} AT TIME ZONE ${tz})::date`;

/** The due date a row is judged by: its own, or the assignment day when it has none. */
export const dueDate = (tz: string) => sql`COALESCE(ta.fecha_vencimiento, ${companyDate(sql`ta.fecha_asignacion`, tz)})`;
/** Completed on or before its due date, as the stats count it; null while not completed. */
export const onTime = (tz: string) => sql`(${companyDate(sql`ta.fecha_completada`, tz)} <= ${dueDate(tz)})`;

/** The area (scope and filter), status and employee conditions, on the columns given. */
function peopleConditions(f: ReportWhere, col: { area: Sql; status: Sql; employee: Sql }): Sql[] {
  const parts: Sql[] = [];
  if (f.scopeAreas) parts.push(sql`${col.area} = ANY(${f.scopeAreas}::uuid[])`);
  if (f.areaUuids?.length) parts.push(sql`${col.area} = ANY(${f.areaUuids}::uuid[])`);
  if (f.statusUuids?.length) parts.push(sql`${col.status} = ANY(${f.statusUuids}::uuid[])`);
  if (f.employeeUuids?.length) parts.push(sql`${col.employee} = ANY(${f.employeeUuids}::uuid[])`);
  return parts;
}

export function conditionsOf(f: ReportWhere): Sql[] {
  const parts = peopleConditions(f, { area: sql`t.area_uuid`, status: sql`ta.estado_uuid`, employee: sql`ta.empleado_uuid` });
  if (f.titleTaskUuids) parts.push(sql`t.uuid = ANY(${f.titleTaskUuids}::uuid[])`);
  if (f.from) parts.push(sql`ta.fecha_asignacion >= ${f.from}`);
  if (f.to) parts.push(sql`ta.fecha_asignacion < ${f.to}`);
  return parts;
}

/** The first day of the month of `date` (`YYYY-MM-DD`), and of the month after it. */
export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
export const monthAfter = (date: string) => {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The summary rows (`resumen_asignaciones`) that add up to the filtered assignments: the months
 * wholly inside the range from its month rows, the days at either end from its day rows. Without
 * dates, every month row.
 */
export function summaryConditions(f: ReportWhere): Sql[] {
  const parts = peopleConditions(f, { area: sql`r.area_uuid`, status: sql`r.estado_uuid`, employee: sql`r.empleado_uuid` });
  const { fromDate: from, toDate: to } = f;
  if (!from && !to) return [...parts, sql`r.mensual`];
  // Whole months: from the first month start on or after `from` to the month start on or before `to`.
  const m1 = from ? (from.endsWith('-01') ? from : monthAfter(from)) : undefined;
  const m2 = to ? monthOf(to) : undefined;
  const months = !m1 || !m2 || m1 < m2;
  const inMonths = (col: Sql) =>
    sql.join([m1 ? sql`${col} >= ${m1}::date` : sql.empty, m2 ? sql`${col} < ${m2}::date` : sql.empty], ' AND ');
  const days = sql.join(
    [
      sql`NOT r.mensual`,
      from ? sql`r.fecha >= ${from}::date` : sql.empty,
      to ? sql`r.fecha < ${to}::date` : sql.empty,
      months ? sql`NOT (${inMonths(sql`r.fecha`)})` : sql.empty,
    ],
    ' AND ',
  );
  const period = months ? sql`((r.mensual AND ${inMonths(sql`r.fecha`)}) OR (${days}))` : sql`(${days})`;
  return [...parts, period];
}

/** A group's total, archived, completed, on time and rating sums, counted over its assignments. */
export const countedSums = (tz: string) => sql`count(*)::int AS total,
  count(*) FILTER (WHERE ta.archivada)::int AS archivadas,
  count(*) FILTER (WHERE ta.fecha_completada IS NOT NULL)::int AS completadas,
  count(*) FILTER (WHERE ${onTime(tz)})::int AS a_tiempo,
  COALESCE(sum(ta.calificacion), 0)::int AS suma_calificacion,
  count(ta.calificacion)::int AS calificadas`;

/** The same, added up from the summary's rows (`r`). */
export const SUMMARY_SUMS = sql`sum(r.total)::int AS total,
  COALESCE(sum(r.total) FILTER (WHERE r.archivada), 0)::int AS archivadas,
  COALESCE(sum(r.total) FILTER (WHERE r.completada), 0)::int AS completadas,
  COALESCE(sum(r.total) FILTER (WHERE r.a_tiempo), 0)::int AS a_tiempo,
  sum(r.suma_calificacion)::int AS suma_calificacion,
  sum(r.calificadas)::int AS calificadas`;
