import { Inject, Injectable } from '@nestjs/common';
import {
  addDaysToCalendarDate,
  AUDIT_ACTION_LABELS,
  AUDIT_RESOURCE_LABELS,
  auditFileName,
  AuditEntry,
  AuditField,
  AuditFilters,
  AuditListResponse,
  AuditQuery,
  calendarDateIn,
  companyMidnight,
  todayIn,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { AuditRepository, AuditRow, AuditWhere } from '../../common/audit/audit.repository';
import { neutralizeFormula } from '../../common/text/formula';
import { loadXlsx } from '../../common/xlsx';
import { pageMeta } from '../../database/sql';
import { AuditNames } from './audit-names';
import { AuditReader, wantedBy } from './audit-readable';

/** The export holds at most this many entries (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

function toEntry(r: AuditRow, reader: AuditReader): AuditEntry {
  return {
    id: r.id,
    en: r.en.toISOString(),
    actor:
      r.actor_uuid && r.actor_username
        ? { uuid: r.actor_uuid, nombre: r.actor_nombre ?? '', apellido: r.actor_apellido ?? '', username: r.actor_username }
        : null,
    accion: r.accion,
    recurso: r.recurso,
    recurso_uuid: r.recurso_uuid,
    registro: reader.subject(r),
    campos: reader.fields(r),
    dispositivo: reader.device(r),
    detalle: r.detalle ?? {},
    ip: r.ip,
    veces: r.veces,
    ultima_en: r.ultima_en ? r.ultima_en.toISOString() : null,
    terminal: r.terminal_uuid ? { uuid: r.terminal_uuid, nombre: r.terminal_nombre ?? '' } : null,
  };
}

/** «Rol: Operario → Supervisor», «Nombre: Lustre». */
export function fieldLine(f: AuditField): string {
  if (f.antes !== null && f.despues !== null) return `${f.etiqueta}: ${f.antes} → ${f.despues}`;
  return `${f.etiqueta}: ${f.despues ?? f.antes ?? '—'}`;
}

@Injectable()
export class AuditQueryService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly names: AuditNames,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private where(f: AuditFilters): AuditWhere {
    const tz = this.config.timezone;
    return {
      actorUuid: f.actor_uuid,
      accion: f.accion,
      recurso: f.recurso,
      recursoUuid: f.recurso_uuid,
      from: f.desde ? companyMidnight(calendarDateIn(f.desde, tz), tz) : undefined,
      to: f.hasta ? companyMidnight(addDaysToCalendarDate(calendarDateIn(f.hasta, tz), 1), tz) : undefined,
    };
  }

  async list(q: AuditQuery): Promise<AuditListResponse> {
    const { rows, total } = await this.repo.page(this.where(q), q);
    const reader = await this.reader(rows);
    return { data: rows.map((r) => toEntry(r, reader)), meta: pageMeta(q, total) };
  }

  /** Reads the rows with the names of every record they point to (one query per kind). */
  private async reader(rows: readonly AuditRow[]): Promise<AuditReader> {
    return new AuditReader(await this.names.resolve(wantedBy(rows)), this.config.timezone);
  }

  async export(f: AuditFilters): Promise<{ fileName: string; body: Buffer }> {
    const rows = await this.repo.all(this.where(f), AUDIT_EXPORT_MAX_ROWS);
    const reader = await this.reader(rows);
    const tz = this.config.timezone;
    const when = new Intl.DateTimeFormat('es-AR', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
    const text = (s: string) => neutralizeFormula(s);
    const XLSX = await loadXlsx();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Fecha y hora', 'Usuario', 'Acción', 'Recurso', 'Registro', 'Detalle', 'Dispositivo', 'Dirección', 'Veces', 'Última vez'],
      ...rows.map((r) => [
        when.format(r.en),
        text(
          r.actor_username
            ? `${r.actor_nombre ?? ''} ${r.actor_apellido ?? ''} (${r.actor_username})`.trim()
            : r.accion === 'ingreso_fallido'
              ? 'Sin identificar'
              : 'Sistema',
        ),
        AUDIT_ACTION_LABELS[r.accion] ?? r.accion,
        AUDIT_RESOURCE_LABELS[r.recurso] ?? r.recurso,
        text(reader.subject(r)?.nombre ?? ''),
        text(reader.fields(r).map(fieldLine).join('\n')),
        [reader.device(r), r.terminal_nombre ? `Terminal ${r.terminal_nombre}` : null].filter(Boolean).join(' · '),
        r.ip ?? '',
        r.veces,
        r.ultima_en ? when.format(r.ultima_en) : '',
      ]),
    ]);
    sheet['!cols'] = [{ wch: 20 }, { wch: 30 }, { wch: 24 }, { wch: 18 }, { wch: 38 }, { wch: 80 }, { wch: 22 }, { wch: 16 }, { wch: 8 }, { wch: 20 }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Auditoría');
    const body = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    return { fileName: auditFileName(todayIn(tz)), body };
  }
}
