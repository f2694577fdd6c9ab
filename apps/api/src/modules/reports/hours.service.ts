import { Inject, Injectable } from '@nestjs/common';
import {
  addDaysToCalendarDate,
  calendarDateIn,
  companyMidnight,
  EXPORT_CONTENT_TYPES,
  HOURS_LIST_MAX,
  hoursFileName,
  todayIn,
  type HoursEstimate,
  type HoursGroup,
  type HoursResponse,
  type TimeReportFilters,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../config';
import { hoursCsv } from './export/time-cells';
import { FlowService, type TimePeriod } from './flow.service';
import { HoursRepository, type HoursRecord, type HoursWhere } from './hours.repository';

/** How many occurrences finished without time the screen lists. */
const UNTRACKED_SHOWN = 10;

const hours = (seconds: number): number => Math.max(0, Math.round((seconds / 3600) * 100) / 100);

/** The Monday on or before a calendar date. */
function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDaysToCalendarDate(date, -weekday);
}

/** Every grouping in full (the exports), and the figures the screen shows. */
export type HoursAll = Omit<HoursResponse, 'por_persona' | 'por_tarea' | 'por_tipo' | 'por_equipo' | 'por_area'> & {
  grupos: Record<'persona' | 'tarea' | 'tipo' | 'equipo' | 'area', HoursGroup[]>;
};

@Injectable()
export class HoursService {
  constructor(
    private readonly repo: HoursRepository,
    private readonly flow: FlowService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(user: AuthUser, f: TimeReportFilters): Promise<HoursResponse> {
    const { grupos, ...rest } = await this.all(user, f, HOURS_LIST_MAX);
    const top = (list: HoursGroup[]) => list.slice(0, HOURS_LIST_MAX);
    return {
      ...rest,
      por_persona: top(grupos.persona),
      por_tarea: top(grupos.tarea),
      por_tipo: top(grupos.tipo),
      por_equipo: top(grupos.equipo),
      por_area: top(grupos.area),
    };
  }

  /** The report; with `top`, each grouping holds at least its `top` groups of most hours (not all). */
  async all(user: AuthUser, f: TimeReportFilters, top?: number): Promise<HoursAll> {
    return this.of(await this.flow.period(user, f), top);
  }

  async of(p: TimePeriod, top?: number): Promise<HoursAll> {
    const firstDay = p.daily ? p.desde : mondayOf(p.desde);
    const step = p.daily ? 1 : 7;
    const starts: string[] = [];
    for (let d = firstDay; d <= p.hasta; d = addDaysToCalendarDate(d, step)) starts.push(d);
    // The summary's days run through the one holding the instant before `end` (the part of their
    // closed intervals after `end` is taken off from the intervals), never before the period.
    const lastDay = calendarDateIn(new Date(p.end.getTime() - 1), this.config.timezone);
    const afterLast = addDaysToCalendarDate(lastDay, 1);
    const summaryEndDay = afterLast > p.desde ? afterLast : p.desde;
    const where: HoursWhere = {
      ...p.where,
      end: p.end,
      fromDate: p.desde,
      timeZone: this.config.timezone,
      step,
      firstDay,
      bounds: starts.slice(1).map((d) => companyMidnight(d, this.config.timezone)),
      summaryEndDay,
      summaryEnd: companyMidnight(summaryEndDay, this.config.timezone),
    };
    const [records, estimates, untracked] = await Promise.all([
      this.repo.hours(where, top),
      this.repo.estimates(where),
      this.repo.untracked(where, UNTRACKED_SHOWN),
    ]);
    const of = (kind: HoursRecord['kind']) =>
      records
        .filter((r) => r.kind === kind)
        .map(
          (r): HoursGroup => ({
            uuid: r.uuid,
            nombre:
              kind === 'persona'
                ? `${r.nombre ?? ''} ${r.apellido ?? ''}`.trim()
                : kind === 'equipo' && r.uuid === null
                  ? 'Sin equipo'
                  : (r.nombre ?? ''),
            horas: hours(r.segundos),
            ocurrencias: r.ocurrencias,
          }),
        )
        .sort((a, b) => b.horas - a.horas || a.nombre.localeCompare(b.nombre, 'es'));
    const total = records.find((r) => r.kind === 'total');
    const perBucket = new Map(records.filter((r) => r.kind === 'periodo').map((r) => [r.bucket, r.segundos]));
    const allEstimates = estimates.find((e) => e.kind === 'total');
    return {
      desde: p.desde,
      hasta: p.hasta,
      granularidad: p.daily ? 'dia' : 'semana',
      total: {
        horas: hours(total?.segundos ?? 0),
        ocurrencias: total?.ocurrencias ?? 0,
        personas: total?.personas ?? 0,
        estimadas_ocurrencias: allEstimates?.estimadas ?? 0,
        horas_estimadas: hours(allEstimates?.segundos_estimados ?? 0),
        horas_reales_estimadas: hours(allEstimates?.segundos_reales ?? 0),
        terminadas: allEstimates?.terminadas ?? 0,
        terminadas_sin_tiempo: allEstimates?.sin_tiempo ?? 0,
      },
      grupos: { persona: of('persona'), tarea: of('tarea'), tipo: of('tipo'), equipo: of('equipo'), area: of('area') },
      por_periodo: starts.map((desde, k) => ({ desde, horas: hours(perBucket.get(k) ?? 0) })),
      estimado_por_tipo: estimates
        .filter((e) => e.kind === 'tipo' && e.estimadas > 0)
        .map(
          (e): HoursEstimate => ({
            uuid: e.uuid!,
            nombre: e.nombre ?? '',
            ocurrencias: e.estimadas,
            horas_estimadas: hours(e.segundos_estimados),
            horas_reales: hours(e.segundos_reales),
          }),
        )
        .sort((a, b) => b.horas_estimadas - a.horas_estimadas || a.nombre.localeCompare(b.nombre, 'es')),
      sin_tiempo: untracked.map((u) => ({
        tarea_asignada_uuid: u.tarea_asignada_uuid,
        titulo: u.titulo,
        area: u.area,
        empleado: `${u.nombre} ${u.apellido}`.trim(),
        completada: u.completada.toISOString(),
      })),
    };
  }

  /** Every group of every grouping as CSV (`Horas-YYYY-MM-DD.csv`). */
  async csv(user: AuthUser, f: TimeReportFilters): Promise<{ fileName: string; contentType: string; body: Buffer }> {
    const all = await this.all(user, f);
    return {
      fileName: hoursFileName(todayIn(this.config.timezone)),
      contentType: `${EXPORT_CONTENT_TYPES.csv}; charset=utf-8`,
      body: Buffer.from(hoursCsv(all), 'utf8'),
    };
  }
}
