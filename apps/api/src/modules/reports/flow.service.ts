import { Injectable } from '@nestjs/common';
import {
  FLOW_BUCKET_HOURS,
  flowBucketLabel,
  type FlowDistribution,
  type FlowGroup,
  type FlowResponse,
  type TimeReportFilters,
} from '@gestar/contracts';
import { assertUsersInScope, scopeFor } from '../../common/access/access';
import { AccessRepository } from '../../common/access/access.repository';
import type { AuthUser } from '../../common/auth/auth-user';
import { DowntimeService } from './downtime.service';
import { FlowRepository, type FlowRecord, type TimeWhere } from './flow.repository';

/** The period as calendar dates (both inclusive) and what the time queries read. */
export interface TimePeriod {
  desde: string;
  hasta: string;
  /** The period clipped to now (an open timer counts until now). */
  end: Date;
  daily: boolean;
  where: TimeWhere;
}

const round2 = (n: number | null | undefined): number => Math.max(0, Math.round((n ?? 0) * 100) / 100);

function distribution(v: readonly (number | null)[] | null): FlowDistribution {
  const [promedio, p25, mediana, p75, p90, maximo] = v ?? [];
  return {
    promedio: round2(promedio),
    p25: round2(p25),
    mediana: round2(mediana),
    p75: round2(p75),
    p90: round2(p90),
    maximo: round2(maximo),
  };
}

function figures(r: FlowRecord | undefined) {
  return {
    ocurrencias: r?.ocurrencias ?? 0,
    espera: distribution(r?.espera ?? null),
    en_curso: distribution(r?.en_curso ?? null),
    total: distribution(r?.total ?? null),
  };
}

const group = (r: FlowRecord): FlowGroup => ({ uuid: r.uuid!, nombre: r.nombre ?? '', ...figures(r) });
const byCount = (a: FlowGroup, b: FlowGroup) => b.ocurrencias - a.ocurrencias || a.nombre.localeCompare(b.nombre, 'es');

@Injectable()
export class FlowService {
  constructor(
    private readonly repo: FlowRepository,
    private readonly downtime: DowntimeService,
    private readonly access: AccessRepository,
  ) {}

  /**
   * The period and scope of a time report, as the downtime figures: `generate:report` sees every
   * area, `generate:area-report` its own; a foreign area or a person of no area of the caller's is
   * refused (403), never silently dropped.
   */
  async period(user: AuthUser, f: TimeReportFilters, now: Date = new Date()): Promise<TimePeriod> {
    const p = this.downtime.period(user, f, now);
    const scope = scopeFor(user, ['generate:report'], ['generate:area-report']);
    if (f.employee_uuids?.length) await assertUsersInScope(this.access, scope, user.uuid, f.employee_uuids);
    const days = Math.round((Date.parse(p.hasta) - Date.parse(p.desde)) / 86_400_000) + 1;
    return {
      desde: p.desde,
      hasta: p.hasta,
      end: p.where.end,
      daily: days <= 62,
      where: {
        scopeAreas: p.where.scopeAreas,
        areaUuids: f.area_uuids,
        employeeUuids: f.employee_uuids,
        from: p.where.from,
        to: p.where.to,
      },
    };
  }

  async report(user: AuthUser, f: TimeReportFilters): Promise<FlowResponse> {
    const p = await this.period(user, f);
    return this.of(p);
  }

  async of(p: Pick<TimePeriod, 'desde' | 'hasta' | 'where'>): Promise<FlowResponse> {
    const rows = await this.repo.flow(p.where);
    const general = rows.find((r) => r.kind === 'general');
    const bounds = FLOW_BUCKET_HOURS as readonly number[];
    return {
      desde: p.desde,
      hasta: p.hasta,
      general: figures(general),
      por_tipo: rows.filter((r) => r.kind === 'tipo').map(group).sort(byCount),
      por_area: rows.filter((r) => r.kind === 'area').map(group).sort(byCount),
      histograma: bounds.map((from, k) => {
        const to = bounds[k + 1] ?? null;
        return {
          desde_horas: from,
          hasta_horas: to,
          etiqueta: flowBucketLabel(from, to),
          total: general?.por_total[k] ?? 0,
          en_curso: general?.por_en_curso[k] ?? 0,
        };
      }),
    };
  }
}
