import { Inject, Injectable } from '@nestjs/common';
import {
  addDaysToCalendarDate,
  calendarDateIn,
  companyMidnight,
  DOWNTIME_DAILY_MAX_DAYS,
  DOWNTIME_DEFAULT_DAYS,
  downtimeFileName,
  EXPORT_CONTENT_TYPES,
  type DowntimeFigures,
  type DowntimeFilters,
  type DowntimeMachine,
  type DowntimeQuery,
  type DowntimeResponse,
  type DowntimeSort,
  todayIn,
} from '@gestar/contracts';
import { assertAllInScope, scopeAreas, scopeFor } from '../../common/access/access';
import type { AuthUser } from '../../common/auth/auth-user';
import { forbidden } from '../../common/http/app-exception';
import { APP_CONFIG, type AppConfig } from '../../config';
import { downtimeCsv } from './export/downtime-cells';
import { DowntimeRepository, type DowntimeRecord, type DowntimeWhere } from './downtime.repository';

/** The period of a downtime report as calendar dates (both inclusive) and what the queries read. */
export interface DowntimePeriod {
  desde: string;
  hasta: string;
  where: DowntimeWhere;
}

/** Every machine's figures over the whole filters, in the table's default order (exports). */
export interface DowntimeAll {
  desde: string;
  hasta: string;
  machines: (DowntimeMachine['equipo'] & DowntimeFigures)[];
}

const hours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100;
const perFailure = (h: number, failures: number): number | null =>
  failures > 0 ? Math.round((h / failures) * 100) / 100 : null;
const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** The figures of a sum of machines (or one): hours from the summed seconds, the means from the sums. */
function figuresOf(rows: readonly DowntimeRecord[]): DowntimeFigures {
  const t = {
    seg_detenido: 0,
    seg_mantenimiento: 0,
    seg_operativo: 0,
    fallas: 0,
    preventivas: 0,
    preventivas_a_tiempo: 0,
    preventivas_tarde: 0,
    preventivas_vencidas: 0,
    correctivas: 0,
  };
  for (const r of rows) {
    t.seg_detenido += r.seg_detenido;
    t.seg_mantenimiento += r.seg_mantenimiento;
    t.seg_operativo += r.seg_operativo;
    t.fallas += r.fallas;
    t.preventivas += r.preventivas;
    t.preventivas_a_tiempo += r.preventivas_a_tiempo;
    t.preventivas_tarde += r.preventivas_tarde;
    t.preventivas_vencidas += r.preventivas_vencidas;
    t.correctivas += r.correctivas;
  }
  return figuresOfSums(t);
}

/** The figures of one machine's (or a sum's) seconds and counts. */
function figuresOfSums(
  t: Omit<DowntimeRecord, 'uuid' | 'codigo' | 'nombre' | 'area_uuid' | 'area_nombre'>,
): DowntimeFigures {
  const stopped = hours(t.seg_detenido);
  const operating = hours(t.seg_operativo);
  return {
    horas_detenido: stopped,
    horas_mantenimiento: hours(t.seg_mantenimiento),
    horas_operativo: operating,
    fallas: t.fallas,
    mtbf_horas: perFailure(operating, t.fallas),
    mttr_horas: perFailure(stopped, t.fallas),
    preventivas: t.preventivas,
    preventivas_a_tiempo: t.preventivas_a_tiempo,
    preventivas_tarde: t.preventivas_tarde,
    preventivas_vencidas: t.preventivas_vencidas,
    correctivas: t.correctivas,
  };
}

type Row = DowntimeAll['machines'][number];

/** Spanish order for codes and names; one collator for every comparison (not one per call). */
const spanish = new Intl.Collator('es');

/** The table's order: by the figure asked for, nulls (no failures) last either way, ties by code. */
function compareBy(sort: DowntimeSort, order: 'asc' | 'desc'): (a: Row, b: Row) => number {
  const key = (r: Row): string | number | null =>
    sort === 'codigo' ? r.codigo : sort === 'nombre' ? r.nombre : sort === 'area' ? r.area.nombre : r[sort];
  const sign = order === 'asc' ? 1 : -1;
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    let c = 0;
    if (x === null || y === null) c = x === y ? 0 : x === null ? 1 : -1;
    else c = sign * (typeof x === 'string' ? spanish.compare(x, String(y)) : x - (y as number));
    return c || spanish.compare(a.codigo, b.codigo);
  };
}

@Injectable()
export class DowntimeService {
  constructor(
    private readonly repo: DowntimeRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The period and scope, as the other reports: `generate:report` sees every area,
   * `generate:area-report` its own, and naming a foreign area is refused (403).
   */
  period(user: AuthUser, f: DowntimeFilters, now: Date = new Date()): DowntimePeriod {
    const scope = scopeFor(user, ['generate:report'], ['generate:area-report']);
    if (scope.kind === 'none') throw forbidden();
    if (f.area_uuids?.length) assertAllInScope(scope, f.area_uuids);
    const tz = this.config.timezone;
    const today = todayIn(tz, now);
    const span = DOWNTIME_DEFAULT_DAYS - 1;
    const start = f.start_date ? calendarDateIn(f.start_date, tz) : undefined;
    const endDate = f.end_date ? calendarDateIn(f.end_date, tz) : undefined;
    const hasta = endDate ?? (start ? addDaysToCalendarDate(start, span) : today);
    const desde = start ?? addDaysToCalendarDate(hasta, -span);
    const from = companyMidnight(desde, tz);
    const to = companyMidnight(addDaysToCalendarDate(hasta, 1), tz);
    const end = new Date(Math.max(from.getTime(), Math.min(to.getTime(), now.getTime())));
    return {
      desde,
      hasta,
      where: { scopeAreas: scopeAreas(scope), areaUuids: f.area_uuids, from, to, end, today, timeZone: tz },
    };
  }

  /** Every machine in the filters with its figures, most hours stopped first (the exports). */
  async all(user: AuthUser, f: DowntimeFilters): Promise<DowntimeAll> {
    const p = this.period(user, f);
    const records = await this.repo.machines(p.where);
    return { desde: p.desde, hasta: p.hasta, machines: records.map(toRow).sort(compareBy('horas_detenido', 'desc')) };
  }

  /** The downtime table of every machine as CSV (`Paradas-YYYY-MM-DD.csv`). */
  async csv(user: AuthUser, f: DowntimeFilters): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const all = await this.all(user, f);
    return {
      fileName: downtimeFileName(todayIn(this.config.timezone)),
      contentType: `${EXPORT_CONTENT_TYPES.csv}; charset=utf-8`,
      body: Buffer.from(downtimeCsv(all), 'utf8'),
    };
  }

  async report(user: AuthUser, q: DowntimeQuery): Promise<DowntimeResponse> {
    const p = this.period(user, q);
    const records = await this.repo.machines(p.where);
    const rows = records.map(toRow).sort(compareBy(q.sort, q.order));
    const page = rows.slice((q.page - 1) * q.limit, q.page * q.limit);

    const days = daysBetween(p.desde, p.hasta) + 1;
    const daily = days <= DOWNTIME_DAILY_MAX_DAYS;
    const starts = bucketStarts(p.desde, p.hasta, daily);
    const step = daily ? 1 : 7;
    const buckets = await this.repo.buckets(
      p.where,
      page.map((r) => r.uuid),
      starts,
      step,
    );
    const seconds = new Map(buckets.map((b) => [`${b.equipo_uuid} ${b.desde}`, b.segundos]));

    const areas = new Map<string, DowntimeRecord[]>();
    for (const r of records) {
      const list = areas.get(r.area_uuid);
      if (list) list.push(r);
      else areas.set(r.area_uuid, [r]);
    }
    const totalPages = Math.ceil(rows.length / q.limit);
    return {
      desde: p.desde,
      hasta: p.hasta,
      granularidad: daily ? 'dia' : 'semana',
      total: { equipos: records.length, ...figuresOf(records) },
      por_area: [...areas.values()]
        .map((list) => ({
          area_uuid: list[0]!.area_uuid,
          nombre: list[0]!.area_nombre,
          equipos: list.length,
          ...figuresOf(list),
        }))
        .sort((a, b) => spanish.compare(a.nombre, b.nombre)),
      data: page.map(({ uuid, codigo, nombre, area, ...figures }) => ({
        equipo: { uuid, codigo, nombre, area },
        ...figures,
        serie: starts.map((desde) => ({ desde, horas_detenido: hours(seconds.get(`${uuid} ${desde}`) ?? 0) })),
      })),
      meta: { totalItems: rows.length, currentPage: q.page, limit: q.limit, totalPages },
    };
  }
}

function toRow(r: DowntimeRecord): Row {
  return {
    uuid: r.uuid,
    codigo: r.codigo,
    nombre: r.nombre,
    area: { uuid: r.area_uuid, nombre: r.area_nombre },
    ...figuresOfSums(r),
  };
}

/** The first day of each bucket: every day, or every Monday from the one on or before `desde`. */
function bucketStarts(desde: string, hasta: string, daily: boolean): string[] {
  let d = desde;
  if (!daily) {
    const weekday = (new Date(`${desde}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    d = addDaysToCalendarDate(desde, -weekday);
  }
  const out: string[] = [];
  for (; d <= hasta; d = addDaysToCalendarDate(d, daily ? 1 : 7)) out.push(d);
  return out;
}
