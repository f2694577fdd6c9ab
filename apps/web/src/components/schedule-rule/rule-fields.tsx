/**
 * The repetition of a schedule beyond "every n days" (issue 19): weekdays, a day of the month,
 * the nth or last weekday of the month, a date of the year; how it ends; what happens on a
 * non-working day; and the next five dates, asked of the API as the person edits. The schedules
 * screen and the task form both use them.
 */
import { Chip, Group, List, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  describeRecurrence,
  formatRecurrence,
  INTERVAL_PRESETS,
  MAX_LEAD_DAYS,
  MESSAGES,
  MIN_INTERVAL_DAYS,
  MAX_REPETITIONS,
  MONTH_NAMES,
  NON_WORKING_POLICIES,
  NON_WORKING_POLICY_LABELS,
  parseRecurrence,
  parseRule,
  recurrenceOfRule,
  SCHEDULED_TASKS_ROUTES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type NonWorkingPolicy,
  type Recurrence,
  type Rule,
  type ScheduledTaskResponse,
  type Weekday,
} from '@gestar/contracts';
import { DatePicker } from '../date-picker/date-picker';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { dayjs } from '../../lib/dates';

const PREVIEW_KEY = ['schedule-preview'] as const;

export type RepeatMode = 'dias' | 'semana' | 'mes_dia' | 'mes_semana' | 'anio' | 'regla';
export type EndMode = 'nunca' | 'fecha' | 'repeticiones';

export const REPEAT_OPTIONS: { value: RepeatMode; label: string }[] = [
  { value: 'dias', label: 'Cada cierto número de días' },
  { value: 'semana', label: 'Algunos días de la semana' },
  { value: 'mes_dia', label: 'Un día de cada mes' },
  { value: 'mes_semana', label: 'Un día de la semana de cada mes' },
  { value: 'anio', label: 'Una fecha de cada año' },
  { value: 'regla', label: 'Regla de un calendario (RRULE)' },
];

/** The rule of "every n days". */
export const dailyRule = (interval: number): Recurrence => recurrenceOfRule({ freq: 'DAILY', interval });

/** "Every n days": a preset of SPEC section 9 or a number of days of one's own. */
export const CUSTOM_INTERVAL = 'custom';

const INTERVAL_OPTIONS = [
  ...INTERVAL_PRESETS.map((p) => ({
    value: String(p.days),
    label: `${p.label} (${p.days} ${p.days === 1 ? 'día' : 'días'})`,
  })),
  { value: CUSTOM_INTERVAL, label: 'Personalizado' },
];

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

/** The preset list and, for "Personalizado", the number of days (not clamped: a 0 stays visible with its message). */
export function IntervalControls({
  choice,
  onChange,
  error,
  disabled,
}: {
  choice: IntervalChoice;
  onChange: (choice: IntervalChoice) => void;
  error?: string;
  disabled: boolean;
}) {
  const custom = choice.preset === CUSTOM_INTERVAL;
  return (
    <Stack gap={6}>
      <Select
        label="Intervalo de repetición"
        withAsterisk
        data={INTERVAL_OPTIONS}
        value={choice.preset}
        onChange={(value) => onChange({ ...choice, preset: value ?? String(INTERVAL_PRESETS[0].days) })}
        allowDeselect={false}
        error={custom ? undefined : error}
        disabled={disabled}
      />
      {custom && (
        <NumberInput
          label="Días entre repeticiones"
          min={MIN_INTERVAL_DAYS}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          value={choice.customInterval}
          onChange={(value) => onChange({ ...choice, customInterval: value })}
          error={error}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}

/** How the series repeats: every n days or one of the rules. */
export function RepeatModeSelect({
  value,
  onChange,
  disabled,
}: {
  value: RepeatMode;
  onChange: (mode: RepeatMode) => void;
  disabled: boolean;
}) {
  return (
    <Select
      label="Repetición"
      data={REPEAT_OPTIONS}
      value={value}
      onChange={(x) => x && onChange(x as RepeatMode)}
      allowDeselect={false}
      disabled={disabled}
    />
  );
}

const END_OPTIONS: { value: EndMode; label: string }[] = [
  { value: 'nunca', label: 'Nunca' },
  { value: 'fecha', label: 'En una fecha' },
  { value: 'repeticiones', label: 'Después de una cantidad de veces' },
];

const ORDINAL_OPTIONS = [
  { value: '1', label: 'Primer' },
  { value: '2', label: 'Segundo' },
  { value: '3', label: 'Tercer' },
  { value: '4', label: 'Cuarto' },
  { value: '-1', label: 'Último' },
];

const WEEKDAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_NAMES[d] }));
const MONTH_OPTIONS = MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }));
/** A month day 29 to 31 "or the last day of shorter months" is an option of its own (`31u`). */
const OR_LAST = 'u';
const OR_LAST_OPTIONS = [29, 30, 31].map((d) => ({
  value: `${d}${OR_LAST}`,
  label: `${d}, o el último día de los meses más cortos`,
}));
const MONTH_DAY_OPTIONS = [
  ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  ...OR_LAST_OPTIONS,
  { value: '-1', label: 'Último día' },
];
const YEAR_DAY_OPTIONS = [...MONTH_DAY_OPTIONS.slice(0, 31), ...OR_LAST_OPTIONS];
const POLICY_OPTIONS = NON_WORKING_POLICIES.map((p) => ({ value: p, label: NON_WORKING_POLICY_LABELS[p] }));

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

const EVERY_LABEL: Record<Exclude<RepeatMode, 'dias'>, string> = {
  regla: '',
  semana: 'Cada cuántas semanas',
  mes_dia: 'Cada cuántos meses',
  mes_semana: 'Cada cuántos meses',
  anio: 'Cada cuántos años',
};

type RuleFieldProps = {
  values: RuleValues;
  set: <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => void;
  errors: Record<string, string | undefined>;
  disabled: boolean;
};

/** The series' first date, from today on. */
function StartField({ values, set, errors, disabled }: RuleFieldProps) {
  return (
    <DatePicker
      label="Desde"
      value={values.desde}
      onChange={(x) => x && set('desde', x)}
      minDate={dayjs().format('YYYY-MM-DD')}
      clearable={false}
      disabled={disabled}
      error={errors.proxima_ejecucion}
    />
  );
}

/** The rule's own controls (not shown in "every n days" mode); `withStart`: its own "Desde" date. */
export function RuleControls({
  values,
  set,
  errors,
  disabled,
  withStart = true,
}: RuleFieldProps & { withStart?: boolean }) {
  if (values.mode === 'dias') return null;
  if (values.mode === 'regla') {
    return (
      <SimpleGrid cols={{ base: 1, sm: withStart ? 2 : 1 }} spacing="sm">
        <TextInput
          label="Regla (RRULE)"
          description="Como la escribe una aplicación de calendario, por ejemplo FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
          value={values.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          disabled={disabled}
          // The refusal of a text since corrected is not shown against the new one.
          error={errors.regla && !parseRecurrence(values.text).ok ? errors.regla : undefined}
        />
        {withStart && <StartField values={values} set={set} disabled={disabled} errors={errors} />}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm">
      {values.mode === 'semana' && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dias-semana">
            Días de la semana
          </Text>
          <Chip.Group
            multiple
            value={values.days}
            onChange={(days) =>
              set(
                'days',
                WEEKDAYS.filter((d) => days.includes(d)),
              )
            }
          >
            <Group gap={6} role="group" aria-labelledby="dias-semana">
              {WEEKDAYS.map((d) => (
                <Chip key={d} value={d} size="xs" disabled={disabled}>
                  {WEEKDAY_NAMES[d]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {(errors.days || errors.regla) && (
            <Text size="xs" c="red" role="alert">
              {errors.days ?? errors.regla}
            </Text>
          )}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {values.mode === 'mes_semana' && (
          <>
            <Select
              label="Cuál"
              data={ORDINAL_OPTIONS}
              value={values.ordinal}
              onChange={(x) => x && set('ordinal', x)}
              allowDeselect={false}
              disabled={disabled}
            />
            <Select
              label="Día de la semana"
              data={WEEKDAY_OPTIONS}
              value={values.weekday}
              onChange={(x) => x && set('weekday', x as Weekday)}
              allowDeselect={false}
              disabled={disabled}
            />
          </>
        )}
        {values.mode === 'anio' && (
          <Select
            label="Mes"
            data={MONTH_OPTIONS}
            value={values.month}
            onChange={(x) => x && set('month', x)}
            allowDeselect={false}
            disabled={disabled}
          />
        )}
        {(values.mode === 'mes_dia' || values.mode === 'anio') && (
          <Select
            label="Día del mes"
            data={values.mode === 'anio' ? YEAR_DAY_OPTIONS : MONTH_DAY_OPTIONS}
            value={values.monthDay}
            onChange={(x) => x && set('monthDay', x)}
            allowDeselect={false}
            disabled={disabled}
            description={
              /^(29|30|31)$/.test(values.monthDay) ? 'Los meses que no lo tienen no tienen fecha' : undefined
            }
            error={values.mode === 'anio' ? errors.regla : undefined}
          />
        )}
        <NumberInput
          label={EVERY_LABEL[values.mode]}
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={values.every}
          onChange={(x) => set('every', x)}
          disabled={disabled}
          error={values.mode !== 'semana' && values.mode !== 'anio' ? errors.regla : undefined}
        />
        {withStart && <StartField values={values} set={set} disabled={disabled} errors={errors} />}
      </SimpleGrid>
    </Stack>
  );
}

/** How the series ends, what happens on a non-working day, and the lead. */
export function EndAndCalendarControls({
  values,
  set,
  errors,
  disabled,
}: {
  values: RuleValues;
  set: <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => void;
  errors: Record<string, string | undefined>;
  disabled: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Stack gap={6}>
        <Select
          label="Termina"
          data={END_OPTIONS}
          value={values.end}
          onChange={(x) => x && set('end', x as EndMode)}
          allowDeselect={false}
          disabled={disabled}
        />
        {values.end === 'fecha' && (
          <DatePicker
            label="Fecha de fin"
            value={values.fin}
            onChange={(x) => set('fin', x)}
            minDate={dayjs().format('YYYY-MM-DD')}
            disabled={disabled}
            error={errors.fin}
          />
        )}
        {values.end === 'repeticiones' && (
          <NumberInput
            label="Cantidad de veces"
            min={1}
            max={MAX_REPETITIONS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={values.repeticiones}
            onChange={(x) => set('repeticiones', x)}
            disabled={disabled}
            error={errors.repeticiones}
          />
        )}
      </Stack>
      <Stack gap={6}>
        <Select
          label="En un día no laborable"
          data={POLICY_OPTIONS}
          value={values.policy}
          onChange={(x) => x && set('policy', x as NonWorkingPolicy)}
          allowDeselect={false}
          disabled={disabled}
          error={errors.dias_no_laborables}
        />
        <NumberInput
          label="Crear con anticipación (días)"
          description="La tarea aparece en el tablero esos días antes de su fecha"
          min={0}
          max={MAX_LEAD_DAYS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={values.lead}
          onChange={(x) => set('lead', x)}
          disabled={disabled}
          error={errors.anticipacion_dias}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** The next five dates of a rule (after the company calendar) from `desde`, asked as the person edits. */
export function useNextDates(rule: Recurrence | null, desde: string, values: RuleValues) {
  const params = rule
    ? {
        regla: formatRecurrence(rule),
        desde,
        dias_no_laborables: values.policy,
        ...(Number.isInteger(Number(values.lead)) && Number(values.lead) > 0
          ? { anticipacion_dias: Number(values.lead) }
          : {}),
        n: 5,
        ...(values.end === 'fecha' && values.fin ? { fin: values.fin } : {}),
        ...(values.end === 'repeticiones' && Number(values.repeticiones) >= 1
          ? { repeticiones: Number(values.repeticiones) }
          : {}),
      }
    : null;
  const [debounced] = useDebouncedValue(params, 300);
  return useQuery({
    queryKey: [...PREVIEW_KEY, debounced],
    queryFn: () => apiRequest(SCHEDULED_TASKS_ROUTES.preview, { query: debounced! }),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    // Always asked again: the company calendar may have changed since.
    staleTime: 0,
  });
}

/** The rule in words and its next dates (from `useNextDates`). */
export function NextDates({ rule, preview }: { rule: Recurrence | null; preview: ReturnType<typeof useNextDates> }) {
  if (!rule) return null;
  const dates = preview.data?.ocurrencias ?? [];
  return (
    <Stack gap={4} data-testid="next-dates">
      <Text size="sm" fw={500}>
        {describeRecurrence(rule)}
      </Text>
      <Text size="sm" c="dimmed" id="proximas-fechas">
        Próximas fechas
      </Text>
      {preview.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(preview.error, 'No se pudieron calcular las próximas fechas.')}
        </Text>
      ) : dates.length === 0 && preview.isSuccess ? (
        <Text size="sm" c="dimmed">
          La programación no tiene fechas con este final.
        </Text>
      ) : (
        <List size="sm" aria-label="Próximas fechas" spacing={2}>
          {dates.map((o) => (
            <List.Item key={o.fecha}>
              <time dateTime={o.fecha}>{dayjs(o.fecha).format('ddd D MMM YYYY')}</time>
              {o.movida_desde && (
                // A date the calendar moved: the day it avoided, and why.
                <Text span size="xs" fw={600} c="#9a3412" data-testid="moved-date">
                  {' '}
                  · movida del <time dateTime={o.movida_desde}>{dayjs(o.movida_desde).format('ddd D MMM')}</time>
                  {o.motivo ? `: ${o.motivo}` : ''}
                </Text>
              )}
              {o.aparece !== o.fecha && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · aparece en el tablero el <time dateTime={o.aparece}>{dayjs(o.aparece).format('D MMM')}</time>
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
