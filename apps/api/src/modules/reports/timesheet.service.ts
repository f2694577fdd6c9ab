import { Inject, Injectable } from '@nestjs/common';
import {
  addDaysToCalendarDate,
  calendarDateIn,
  EXPORT_CONTENT_TYPES,
  hoursText,
  MESSAGES,
  TIMESHEET_DAY_NAMES,
  timesheetFileName,
  todayIn,
  type TimesheetQuery,
  type TimesheetResponse,
  type TimesheetRow,
} from '@gestar/contracts';
import { areaScope, assertUsersInScope } from '../../common/access/access';
import { AccessRepository } from '../../common/access/access.repository';
import type { AuthUser } from '../../common/auth/auth-user';
import { forbidden, notFound } from '../../common/http/app-exception';
import { neutralizeFormula } from '../../common/text/formula';
import { loadXlsx } from '../../common/xlsx';
import { APP_CONFIG, type AppConfig } from '../../config';
import { displayDate } from './export/cells';
import { CSV_BOM, csvLine } from './export/csv-writer';
import { TimesheetRepository } from './timesheet.repository';

function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDaysToCalendarDate(date, -weekday);
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

@Injectable()
export class TimesheetService {
  constructor(
    private readonly repo: TimesheetRepository,
    private readonly access: AccessRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One's own week; someone else's only with `manage:time-entries` and that person in the
   * caller's areas (every area with `read:all:areas`).
   */
  private async target(user: AuthUser, uuid: string | undefined) {
    const who = uuid ?? user.uuid;
    if (who !== user.uuid) {
      if (!user.permisos.includes('manage:time-entries')) throw forbidden(MESSAGES.errors.noAccessUser);
      await assertUsersInScope(this.access, areaScope(user), user.uuid, [who]);
    }
    const person = await this.repo.person(who);
    if (!person) throw notFound(MESSAGES.errors.userGone);
    return person;
  }

  async week(user: AuthUser, q: TimesheetQuery, now: Date = new Date()): Promise<TimesheetResponse & { username: string }> {
    const person = await this.target(user, q.usuario_uuid);
    const tz = this.config.timezone;
    const monday = mondayOf(q.fecha ? calendarDateIn(q.fecha, tz) : todayIn(tz, now));
    const [records, sinConfirmar] = await Promise.all([
      this.repo.week(person.uuid, monday, tz, now),
      this.repo.unconfirmed(person.uuid, monday, tz),
    ]);
    const rows = new Map<string, TimesheetRow>();
    for (const r of records) {
      let row = rows.get(r.tarea_asignada_uuid);
      if (!row) {
        row = { tarea_asignada_uuid: r.tarea_asignada_uuid, titulo: r.titulo, area: r.area, segundos_por_dia: [0, 0, 0, 0, 0, 0, 0], segundos: 0 };
        rows.set(r.tarea_asignada_uuid, row);
      }
      row.segundos_por_dia[r.dia] = Math.max(0, r.segundos);
      row.segundos += Math.max(0, r.segundos);
    }
    const filas = [...rows.values()].sort((a, b) => b.segundos - a.segundos || a.titulo.localeCompare(b.titulo, 'es'));
    const totalPorDia = [0, 1, 2, 3, 4, 5, 6].map((d) => filas.reduce((n, f) => n + f.segundos_por_dia[d]!, 0));
    return {
      usuario: { uuid: person.uuid, nombre: person.nombre, apellido: person.apellido },
      username: person.username,
      desde: monday,
      hasta: addDaysToCalendarDate(monday, 6),
      dias: [0, 1, 2, 3, 4, 5, 6].map((d) => addDaysToCalendarDate(monday, d)),
      filas,
      total_por_dia: totalPorDia,
      total_segundos: totalPorDia.reduce((n, s) => n + s, 0),
      sin_confirmar: sinConfirmar,
    };
  }

  /** The week as CSV or XLSX: a row per task, hours per day and in all, then the day totals. */
  async export(user: AuthUser, format: 'csv' | 'xlsx', q: TimesheetQuery) {
    const { username, ...w } = await this.week(user, q);
    const header = ['Tarea', 'Área', ...w.dias.map((d, i) => `${TIMESHEET_DAY_NAMES[i]} ${displayDate(d)}`), 'Total'];
    const body: (string | number)[][] = [
      ...w.filas.map((f) => [f.titulo, f.area, ...f.segundos_por_dia.map(hours), hours(f.segundos)]),
      ['Total', '', ...w.total_por_dia.map(hours), hours(w.total_segundos)],
    ];
    const fileName = timesheetFileName(w.desde, username, format);
    if (format === 'csv') {
      const text = CSV_BOM + csvLine(header) + body.map((r) => csvLine(r.map((c) => (typeof c === 'number' ? hoursText(c) : c)))).join('');
      return { fileName, contentType: `${EXPORT_CONTENT_TYPES.csv}; charset=utf-8`, body: Buffer.from(text, 'utf8') };
    }
    const xlsx = await loadXlsx();
    const title = `Horas de ${w.usuario.nombre} ${w.usuario.apellido}`.trim();
    const sheet = xlsx.utils.aoa_to_sheet([
      [neutralizeFormula(title)],
      [`Semana del ${displayDate(w.desde)} al ${displayDate(w.hasta)} (horas)`],
      [],
      header,
      ...body.map((r) => r.map((c) => (typeof c === 'string' ? neutralizeFormula(c) : c))),
    ]);
    sheet['!cols'] = [{ wch: 36 }, { wch: 18 }, ...Array.from({ length: 8 }, () => ({ wch: 14 }))];
    const book = xlsx.utils.book_new();
    xlsx.utils.book_append_sheet(book, sheet, 'Semana');
    const buffer = xlsx.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    return { fileName, contentType: EXPORT_CONTENT_TYPES.xlsx, body: buffer };
  }
}
