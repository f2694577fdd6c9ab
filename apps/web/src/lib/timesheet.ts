/**
 * A person's week of time (issue 35, "a person's own week on their profile, exportable"): the
 * week's bounds, its intervals by day, and the CSV a spreadsheet opens in Spanish (semicolons,
 * decimal commas, a BOM so accents survive).
 */
import type { TimeEntryResponse } from '@gestar/contracts';
import { TIME_ENTRY_SOURCE_LABELS } from '@gestar/contracts';
import { dayjs } from './dates';
import { decimalHours } from './elapsed';

/** The Monday 00:00 (this browser's time zone) of the week `offset` weeks from the one holding `today`. */
export function weekStart(today: Date, offset = 0): Date {
  const d = new Date(today);
  d.setHours(0, 0, 0, 0);
  const back = (d.getDay() + 6) % 7; // Monday = 0
  d.setDate(d.getDate() - back + offset * 7);
  return d;
}

export function addDays(d: Date, days: number): Date {
  const next = new Date(d);
  next.setDate(next.getDate() + days);
  return next;
}

export interface TimesheetDay {
  /** YYYY-MM-DD, local. */
  day: string;
  entries: TimeEntryResponse[];
  seconds: number;
}

/** The week's seven days, Monday first, each with its intervals (by their start) oldest first. */
export function groupByDay(monday: Date, entries: readonly TimeEntryResponse[]): TimesheetDay[] {
  const days: TimesheetDay[] = Array.from({ length: 7 }, (_, i) => ({
    day: dayjs(addDays(monday, i)).format('YYYY-MM-DD'),
    entries: [],
    seconds: 0,
  }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  for (const e of [...entries].sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))) {
    const d = byDay.get(dayjs.utc(e.inicio).local().format('YYYY-MM-DD'));
    if (!d) continue;
    d.entries.push(e);
    d.seconds += e.segundos;
  }
  return days;
}

function cell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The week as CSV: one line per interval, then the total. */
export function timesheetCsv(entries: readonly TimeEntryResponse[]): string {
  const rows: string[][] = [['Fecha', 'Tarea', 'Inicio', 'Fin', 'Horas', 'Origen', 'Confirmado', 'Motivo']];
  let total = 0;
  for (const e of [...entries].sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))) {
    const start = dayjs.utc(e.inicio).local();
    total += e.segundos;
    rows.push([
      start.format('DD/MM/YYYY'),
      e.titulo,
      start.format('HH:mm'),
      e.fin ? dayjs.utc(e.fin).local().format('HH:mm') : 'en marcha',
      decimalHours(e.segundos * 1000),
      TIME_ENTRY_SOURCE_LABELS[e.origen],
      e.confirmado ? 'Sí' : 'No',
      e.motivo ?? '',
    ]);
  }
  rows.push(['Total', '', '', '', decimalHours(total * 1000), '', '', '']);
  return '\ufeff' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n';
}
