import { Badge } from '@mantine/core';
import {
  PROBLEM_REPORT_STATE_LABELS,
  PROBLEM_REPORT_URGENCY_LABELS,
  type ProblemReportResponse,
  type ProblemReportState,
  type ProblemReportUrgency,
} from '@gestar/contracts';

const STATE_COLORS: Record<ProblemReportState, string> = {
  pendiente: 'orange',
  aceptada: 'blue',
  fusionada: 'gray',
  rechazada: 'red',
  resuelta: 'green',
};
const URGENCY_COLORS: Record<ProblemReportUrgency, string> = { alta: 'red', media: 'yellow', baja: 'gray' };

export function StateBadge({ report }: { report: ProblemReportResponse }) {
  if (report.estado === 'aceptada' && report.tarea_terminada) {
    return (
      <Badge color="teal" variant="light">
        Falta confirmar
      </Badge>
    );
  }
  return (
    <Badge color={STATE_COLORS[report.estado]} variant="light">
      {PROBLEM_REPORT_STATE_LABELS[report.estado]}
    </Badge>
  );
}

export function UrgencyBadge({ urgencia }: { urgencia: ProblemReportUrgency }) {
  return (
    <Badge color={URGENCY_COLORS[urgencia]} variant={urgencia === 'alta' ? 'filled' : 'light'}>
      Urgencia {PROBLEM_REPORT_URGENCY_LABELS[urgencia].toLowerCase()}
    </Badge>
  );
}

/** «SIE-01 · Sierra circular», or the area when the report names no machine. */
export function placeOf(r: ProblemReportResponse): string {
  return r.equipo ? `${r.equipo.codigo} · ${r.equipo.nombre}` : `Sin equipo · ${r.area.nombre}`;
}

export const when = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
