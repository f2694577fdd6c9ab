// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { TimeEntryResponse } from '@gestar/contracts';
import { applyTimerEvents, runningFromServer, type RunningTimer } from './time-entries';
import { groupByDay, timesheetCsv, weekStart } from './timesheet';

const A = 'a0a0a0a0-0000-4000-8000-000000000001';
const B = 'b0b0b0b0-0000-4000-8000-000000000002';
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const event = (kind: string, task: string, at: number, title = task === A ? 'Mesa' : 'Silla') => ({
  kind: kind as never,
  task,
  body: { tarea_asignada_uuid: task, en: iso(at) },
  title,
  createdAt: at,
});

function entry(over: Partial<TimeEntryResponse>): TimeEntryResponse {
  return {
    uuid: 'e0e0e0e0-0000-4000-8000-000000000001',
    tarea_asignada_uuid: A,
    titulo: 'Mesa de roble',
    usuario: { uuid: 'f0f0f0f0-0000-4000-8000-000000000001', nombre: 'Valeria', apellido: 'Prueba' },
    inicio: iso(T0),
    fin: iso(T0 + 3_600_000),
    segundos: 3600,
    en_marcha: false,
    origen: 'cronometro',
    pausa_automatica: null,
    confirmado: true,
    motivo: null,
    inicio_dispositivo: null,
    inicio_desfase_ms: null,
    fin_dispositivo: null,
    fin_desfase_ms: null,
    corregido_por: null,
    corregido_en: null,
    creado_en: iso(T0),
    ...over,
  };
}

describe('the running timer: the server state with the waiting events on top', () => {
  it('counts a running interval from this device: its seconds at reception', () => {
    const running = runningFromServer({ intervalo: entry({ fin: null, en_marcha: true, segundos: 90 }), recibido_en: T0 });
    expect(running).toEqual({ task: A, titulo: 'Mesa de roble', since: T0 - 90_000, pending: false });
    expect(runningFromServer({ intervalo: entry({}), recibido_en: T0 })).toBeNull();
    expect(runningFromServer(undefined)).toBeNull();
  });

  it('a start offline runs from its tap; a pause of it stops it', () => {
    expect(applyTimerEvents(null, [event('cronometro_iniciar', A, T0)])).toEqual({ task: A, titulo: 'Mesa', since: T0, pending: true });
    expect(applyTimerEvents(null, [event('cronometro_iniciar', A, T0), event('cronometro_pausar', A, T0 + 3_600_000)])).toBeNull();
  });

  it('one timer: a start on another task replaces the running one, whose later pause changes nothing', () => {
    const base: RunningTimer = { task: A, titulo: 'Mesa', since: T0 - 60_000, pending: false };
    const after = applyTimerEvents(base, [event('cronometro_reanudar', B, T0), event('cronometro_pausar', A, T0 + 1000)]);
    expect(after).toEqual({ task: B, titulo: 'Silla', since: T0, pending: true });
  });

  it('a finish stops only its own task; other kinds are ignored', () => {
    const base: RunningTimer = { task: A, titulo: 'Mesa', since: T0, pending: false };
    expect(applyTimerEvents(base, [event('cronometro_finalizar', B, T0 + 1)])).toBe(base);
    expect(applyTimerEvents(base, [event('comentario', A, T0 + 1)])).toBe(base);
    expect(applyTimerEvents(base, [event('cronometro_finalizar', A, T0 + 1)])).toBeNull();
  });
});

describe('the week', () => {
  it('starts on Monday at 00:00 local, and moves by whole weeks', () => {
    const friday = new Date(2026, 10, 27, 15, 30); // Friday 27/11/2026
    expect(weekStart(friday).toString()).toBe(new Date(2026, 10, 23, 0, 0).toString());
    expect(weekStart(new Date(2026, 10, 29, 23, 0)).toString()).toBe(new Date(2026, 10, 23).toString()); // Sunday
    expect(weekStart(friday, -1).toString()).toBe(new Date(2026, 10, 16).toString());
  });

  it('groups intervals by the local day they start, with the day totals', () => {
    const monday = new Date(2026, 10, 23);
    const days = groupByDay(monday, [
      entry({ uuid: 'e0e0e0e0-0000-4000-8000-000000000002', inicio: new Date(2026, 10, 24, 9).toISOString(), segundos: 1800 }),
      entry({ inicio: new Date(2026, 10, 24, 7).toISOString(), segundos: 3600 }),
      entry({ inicio: new Date(2026, 10, 30, 7).toISOString(), segundos: 60 }), // the next Monday: not this week
    ]);
    expect(days.map((d) => [d.day, d.entries.length, d.seconds])).toEqual([
      ['2026-11-23', 0, 0],
      ['2026-11-24', 2, 5400],
      ['2026-11-25', 0, 0],
      ['2026-11-26', 0, 0],
      ['2026-11-27', 0, 0],
      ['2026-11-28', 0, 0],
      ['2026-11-29', 0, 0],
    ]);
    expect(days[1]!.entries[0]!.segundos).toBe(3600);
  });

  it('exports a CSV a Spanish spreadsheet opens: BOM, semicolons, decimal commas, quoted texts, the total', () => {
    const csv = timesheetCsv([
      entry({ titulo: 'Lijar; "fino"', inicio: new Date(2026, 10, 24, 7, 5).toISOString(), fin: new Date(2026, 10, 24, 8, 35).toISOString(), segundos: 5400 }),
      entry({ origen: 'pausa_automatica', confirmado: false, motivo: 'Olvidado', inicio: new Date(2026, 10, 23, 16).toISOString(), fin: new Date(2026, 10, 23, 18).toISOString(), segundos: 7200 }),
    ]);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Fecha;Tarea;Inicio;Fin;Horas;Origen;Confirmado;Motivo',
      '23/11/2026;Mesa de roble;16:00;18:00;2,00;Pausado automáticamente;No;Olvidado',
      '24/11/2026;"Lijar; ""fino""";07:05;08:35;1,50;Cronómetro;Sí;',
      'Total;;;;3,50;;;',
      '',
    ]);
  });
});
