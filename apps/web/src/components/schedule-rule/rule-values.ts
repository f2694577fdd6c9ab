/**
 * The values behind the schedule rule's controls (issue 19), apart from the controls: what a stored
 * series shows as, the rule the controls describe, what is still incomplete, the body a save sends
 * and the query of the next dates. Pure: unit-tested in rule-values.test.ts.
 */
import {
  formatRecurrence,
  INTERVAL_PRESETS,
  MESSAGES,
  parseRecurrence,
  parseRule,
  recurrenceOfRule,
  WEEKDAYS,
  type NonWorkingPolicy,
  type Recurrence,
  type Rule,
  type ScheduledTaskResponse,
  type Weekday,
} from '@gestar/contracts';
import { dayjs } from '../../lib/dates';

export type RepeatMode = 'dias' | 'semana' | 'mes_dia' | 'mes_semana' | 'anio' | 'regla';
export type EndMode = 'nunca' | 'fecha' | 'repeticiones';

/** The rule of "every n days". */
export const dailyRule = (interval: number): Recurrence => recurrenceOfRule({ freq: 'DAILY', interval });

/** "Every n days": a preset of SPEC section 9 or a number of days of one's own. */
export const CUSTOM_INTERVAL = 'custom';

export interface IntervalChoice {
  preset: string;
  customInterval: number | string;
}

/** How a stored interval shows: its preset, or "Personalizado" with the number (default: the first preset). */
export function intervalChoice(interval: number | undefined): IntervalChoice {
  const days = interval ?? INTERVAL_PRESETS[0].days;
  const isPreset = INTERVAL_PRESETS.some((p) => p.days === days);
  return { preset: isPreset ? String(days) : CUSTOM_INTERVAL, customInterval: isPreset ? '' : days };
}

/** The interval as chosen: a preset's days, or the custom number as typed. */
export function chosenInterval(c: IntervalChoice): number | string {
  return c.preset === CUSTOM_INTERVAL ? c.customInterval : c.preset;
}

/** A month day 29 to 31 "or the last day of shorter months" is an option of its own (`31u`). */
export const OR_LAST = 'u';

export interface RuleValues {
  mode: RepeatMode;
  /** "Cada n semanas / meses / años". */
  every: number | string;
  days: Weekday[];
  monthDay: string;
  ordinal: string;
  weekday: Weekday;
  month: string;
  /** The RRULE as a calendar application writes it ("regla" mode). */
  text: string;
  /** The first day the series may start (rule modes). */
  desde: string;
  end: EndMode;
  fin: string | null;
  repeticiones: number | string;
  policy: NonWorkingPolicy;
  lead: number | string;
}

/** How a stored series repeats and ends (a schedule, or a task's `programaciones_tareas`). */
export type StoredSeries = Pick<
  ScheduledTaskResponse,
  'regla' | 'fin' | 'repeticiones' | 'dias_no_laborables' | 'anticipacion_dias'
>;

/** A schedule's repetition for a table or a detail: "7 días" (SPEC section 2.6), or the rule in words. */
export function repetitionText(
  s: Pick<ScheduledTaskResponse, 'regla' | 'regla_descripcion' | 'intervalo_repeticion'>,
): string {
  if (!s.regla.startsWith('FREQ=DAILY')) return s.regla_descripcion;
  return `${s.intervalo_repeticion} ${s.intervalo_repeticion === 1 ? 'día' : 'días'}`;
}

/** The controls' values for a schedule (or a new one starting on `today`). */
export function initialRuleValues(schedule: StoredSeries | null, today: string): RuleValues {
  const rule = schedule ? parseRule(schedule.regla) : null;
  const base: RuleValues = {
    mode: 'dias',
    every: 1,
    days: [WEEKDAYS[(dayjs(today).day() + 6) % 7]!],
    monthDay: String(Number(today.slice(8, 10))),
    ordinal: '1',
    weekday: 'MO',
    month: String(Number(today.slice(5, 7))),
    text: '',
    desde: today,
    end: schedule?.fin ? 'fecha' : schedule?.repeticiones ? 'repeticiones' : 'nunca',
    fin: schedule?.fin ? dayjs(schedule.fin).format('YYYY-MM-DD') : null,
    repeticiones: schedule?.repeticiones ?? '',
    policy: schedule?.dias_no_laborables ?? 'siguiente_habil',
    lead: schedule?.anticipacion_dias ?? 0,
  };
  // A rule the controls cannot show (written by a calendar application) stays as its text.
  if (!rule && schedule && !/^FREQ=DAILY;INTERVAL=\d+$/.test(schedule.regla))
    return { ...base, mode: 'regla', text: schedule.regla };
  if (!rule || rule.freq === 'DAILY') return base;
  const every = rule.interval;
  switch (rule.freq) {
    case 'WEEKLY':
      return { ...base, mode: 'semana', every, days: rule.days };
    case 'MONTHLY':
      return 'nth' in rule
        ? { ...base, mode: 'mes_semana', every, ordinal: String(rule.nth.pos), weekday: rule.nth.day }
        : { ...base, mode: 'mes_dia', every, monthDay: `${rule.monthDay}${rule.orLast ? OR_LAST : ''}` };
    case 'YEARLY':
      return {
        ...base,
        mode: 'anio',
        every,
        month: String(rule.month),
        monthDay: `${rule.monthDay}${rule.orLast ? OR_LAST : ''}`,
      };
  }
}

/** The rule the controls describe (null in "every n days" mode, or while a control is incomplete). */
export function ruleOf(v: RuleValues): Recurrence | null {
  if (v.mode === 'regla') {
    const parsed = parseRecurrence(v.text);
    return parsed.ok ? parsed.rule : null;
  }
  const interval = Number(v.every);
  if (!Number.isInteger(interval) || interval < 1) return null;
  const orLast = v.monthDay.endsWith(OR_LAST);
  const monthDay = Number(orLast ? v.monthDay.slice(0, -1) : v.monthDay);
  const rule = ((): Rule | null => {
    switch (v.mode) {
      case 'dias':
        return null;
      case 'semana':
        return v.days.length ? { freq: 'WEEKLY', interval, days: v.days } : null;
      case 'mes_dia':
        return { freq: 'MONTHLY', interval, monthDay, orLast };
      case 'mes_semana':
        return { freq: 'MONTHLY', interval, nth: { pos: Number(v.ordinal) as 1 | 2 | 3 | 4 | -1, day: v.weekday } };
      case 'anio':
        return { freq: 'YEARLY', interval, month: Number(v.month), monthDay, orLast };
    }
  })();
  // What the controls built is checked as any rule (31 of February is none).
  return rule && parseRule(formatRecurrence(recurrenceOfRule(rule))) ? recurrenceOfRule(rule) : null;
}

/** What the contract cannot say of a control still incomplete, under the control's error key. */
export function incompleteRuleErrors(v: RuleValues, rule: Recurrence | null): Record<string, string> {
  const own: Record<string, string> = {};
  if (v.mode === 'regla') {
    const parsed = parseRecurrence(v.text);
    if (!parsed.ok) own.regla = parsed.message;
  } else if (v.mode === 'semana' && v.days.length === 0) own.days = MESSAGES.validation.weekdaysRequired;
  else if (v.mode !== 'dias' && !rule) own.regla = MESSAGES.validation.intervalMin;
  if (v.end === 'fecha' && !v.fin) own.fin = MESSAGES.validation.fechaRequired;
  if (v.end === 'repeticiones' && v.repeticiones === '') own.repeticiones = MESSAGES.validation.repeticionesRange;
  return own;
}

/** How the series ends and meets the calendar, as a body sends it (an edit clears an end it drops). */
export function seriesEndBody(v: RuleValues, editing: boolean) {
  return {
    fin: v.end === 'fecha' ? v.fin : editing ? null : undefined,
    repeticiones: v.end === 'repeticiones' ? v.repeticiones : editing ? null : undefined,
    dias_no_laborables: v.policy,
    anticipacion_dias: v.lead,
  };
}

/** The series' error keys -> the control that clears them when edited. */
export const RULE_ERROR_FIELDS: Record<string, keyof RuleValues> = {
  regla: 'every',
  days: 'days',
  fin: 'fin',
  repeticiones: 'repeticiones',
  dias_no_laborables: 'policy',
  anticipacion_dias: 'lead',
};

/** What the next dates are asked with: the rule, its start, the calendar policy, the lead and the end. */
export interface NextDatesParams {
  regla: string;
  desde: string;
  dias_no_laborables: NonWorkingPolicy;
  anticipacion_dias?: number;
  n: number;
  fin?: string;
  repeticiones?: number;
}

/** The next five dates' query for a rule from `desde` (null without a rule: nothing is asked). */
export function nextDatesParams(rule: Recurrence | null, desde: string, values: RuleValues): NextDatesParams | null {
  if (!rule) return null;
  return {
    regla: formatRecurrence(rule),
    desde,
    dias_no_laborables: values.policy,
    ...(Number.isInteger(Number(values.lead)) && Number(values.lead) > 0 ? { anticipacion_dias: Number(values.lead) } : {}),
    n: 5,
    ...(values.end === 'fecha' && values.fin ? { fin: values.fin } : {}),
    ...(values.end === 'repeticiones' && Number(values.repeticiones) >= 1
      ? { repeticiones: Number(values.repeticiones) }
      : {}),
  };
}
