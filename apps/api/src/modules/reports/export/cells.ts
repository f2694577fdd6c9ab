import { calendarDateIn, checklistProgressText, onTimeText } from '@gestar/contracts';
import type { ReportRow } from '@gestar/contracts';

/** One exported row: the table's columns plus the suggestions, as plain values. */
export interface ExportRow {
  colaborador: string;
  tarea: string;
  area: string;
  estado: string;
  /** Calendar dates `YYYY-MM-DD` in the company time zone. */
  fechaCreacion: string;
  fechaVencimiento: string;
  /** The completion's company date `YYYY-MM-DD`; empty while not completed. */
  fechaFinalizacion: string;
  /** «Sí», «No», or empty while not completed. */
  aTiempo: string;
  calificacion: number | null;
  observaciones: string;
  /** Steps done of the checklist, "3 de 5" (empty without one). */
  lista: string;
  sugerencias: string;
}

/** A row's cells in the order of REPORT_EXPORT_COLUMNS, as the CSV and the PDF write them. */
export function exportCells(r: ExportRow): string[] {
  return [
    r.colaborador,
    r.tarea,
    r.area,
    r.estado,
    displayDate(r.fechaCreacion),
    displayDate(r.fechaVencimiento),
    displayDate(r.fechaFinalizacion),
    r.aTiempo,
    r.calificacion === null ? '' : String(r.calificacion),
    r.observaciones,
    r.lista,
    r.sugerencias,
  ];
}

/** Suggestions as one text: "1. first" / "2. second", one per line. */
export function suggestionsText(row: ReportRow): string {
  return row.tarea.sugerencias.map((s, i) => `${i + 1}. ${s.descripcion}`).join('\n');
}

export function toExportRow(row: ReportRow, timeZone: string): ExportRow {
  return {
    colaborador: `${row.empleado.nombre} ${row.empleado.apellido}`.trim(),
    tarea: row.tarea.titulo,
    area: row.tarea.area.nombre,
    estado: row.estado.nombre,
    fechaCreacion: calendarDateIn(new Date(row.fecha_asignacion), timeZone),
    fechaVencimiento: calendarDateIn(row.fecha_vencimiento, timeZone),
    fechaFinalizacion: row.fecha_completada ? calendarDateIn(new Date(row.fecha_completada), timeZone) : '',
    aTiempo: onTimeText(row.a_tiempo),
    calificacion: row.calificacion,
    observaciones: row.observaciones ?? '',
    lista: checklistProgressText(row.checklist_progreso),
    sugerencias: suggestionsText(row),
  };
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`, the date format of the screen's date picker (empty stays empty). */
export function displayDate(date: string): string {
  if (date === '') return '';
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
