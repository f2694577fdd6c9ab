/**
 * The repetition of a schedule beyond "every n days" (issue 19): weekdays, a day of the month,
 * the nth or last weekday of the month, a date of the year; how it ends; what happens on a
 * non-working day; and the next five dates, asked of the API as the person edits. The schedules
 * screen and the task form both use them.
 */
import { Chip, Group, List, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  describeRule,
  formatRule,
  INTERVAL_PRESETS,
  MAX_LEAD_DAYS,
  MESSAGES,
  MIN_INTERVAL_DAYS,
  MAX_REPETITIONS,
  MONTH_NAMES,
  NON_WORKING_POLICIES,
  NON_WORKING_POLICY_LABELS,
  parseRule,
  SCHEDULED_TASKS_ROUTES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type NonWorkingPolicy,
  type Rule,
  type ScheduledTaskResponse,
  type Weekday,
} from '@gestar/contracts';
import { DatePicker } from '../date-picker/date-picker';
import { apiRequest } from '../../lib/api-client';
import { dayjs } from '../../lib/dates';

const PREVIEW_KEY = ['schedule-preview'] as const;

export type RepeatMode = 'dias' | 'semana' | 'mes_dia' | 'mes_semana' | 'anio';
export type EndMode = 'nunca' | 'fecha' | 'repeticiones';

export const REPEAT_OPTIONS: { value: RepeatMode; label: string }[] = [
  { value: 'dias', label: 'Cada cierto número de días' },
  { value: 'semana', label: 'Algunos días de la semana' },
  { value: 'mes_dia', label: 'Un día de cada mes' },
  { value: 'mes_semana', label: 'Un día de la semana de cada mes' },
  { value: 'anio', label: 'Una fecha de cada año' },
];

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
export function RepeatModeSelect({ value, onChange, disabled }: { value: RepeatMode; onChange: (mode: RepeatMode) => void; disabled: boolean }) {
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
const MONTH_DAY_OPTIONS = [
  ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  { value: '-1', label: 'Último día' },
];
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
  /** The first day the series may start (rule modes). */
  desde: string;
  end: EndMode;
  fin: string | null;
  repeticiones: number | string;
  policy: NonWorkingPolicy;
  lead: number | string;
}

/** How a stored series repeats and ends (a schedule, or a task's `programaciones_tareas`). */
export type StoredSeries = Pick<ScheduledTaskResponse, 'regla' | 'fin' | 'repeticiones' | 'dias_no_laborables' | 'anticipacion_dias'>;

/** A schedule's repetition for a table or a detail: "7 días" (SPEC section 2.6), or the rule in words. */
export function repetitionText(s: Pick<ScheduledTaskResponse, 'regla' | 'regla_descripcion' | 'intervalo_repeticion'>): string {
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
    desde: today,
    end: schedule?.fin ? 'fecha' : schedule?.repeticiones ? 'repeticiones' : 'nunca',
    fin: schedule?.fin ? dayjs(schedule.fin).format('YYYY-MM-DD') : null,
    repeticiones: schedule?.repeticiones ?? '',
    policy: schedule?.dias_no_laborables ?? 'siguiente_habil',
    lead: schedule?.anticipacion_dias ?? 0,
  };
  if (!rule || rule.freq === 'DAILY') return base;
  const every = rule.interval;
  switch (rule.freq) {
    case 'WEEKLY':
      return { ...base, mode: 'semana', every, days: rule.days };
    case 'MONTHLY':
      return 'nth' in rule
        ? { ...base, mode: 'mes_semana', every, ordinal: String(rule.nth.pos), weekday: rule.nth.day }
        : { ...base, mode: 'mes_dia', every, monthDay: String(rule.monthDay) };
    case 'YEARLY':
      return { ...base, mode: 'anio', every, month: String(rule.month), monthDay: String(rule.monthDay) };
  }
}

/** The rule the controls describe (null in "every n days" mode, or while a control is incomplete). */
export function ruleOf(v: RuleValues): Rule | null {
  const interval = Number(v.every);
  if (!Number.isInteger(interval) || interval < 1) return null;
  const text = (() => {
    switch (v.mode) {
      case 'dias':
        return null;
      case 'semana':
        return v.days.length ? `FREQ=WEEKLY;INTERVAL=${interval};BYDAY=${v.days.join(',')}` : null;
      case 'mes_dia':
        return `FREQ=MONTHLY;INTERVAL=${interval};BYMONTHDAY=${v.monthDay}`;
      case 'mes_semana':
        return `FREQ=MONTHLY;INTERVAL=${interval};BYDAY=${v.ordinal}${v.weekday}`;
      case 'anio':
        return `FREQ=YEARLY;INTERVAL=${interval};BYMONTH=${v.month};BYMONTHDAY=${v.monthDay}`;
    }
  })();
  return text ? parseRule(text) : null;
}

/** What the contract cannot say of a control still incomplete, under the control's error key. */
export function incompleteRuleErrors(v: RuleValues, rule: Rule | null): Record<string, string> {
  const own: Record<string, string> = {};
  if (v.mode === 'semana' && v.days.length === 0) own.days = MESSAGES.validation.weekdaysRequired;
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
  semana: 'Cada cuántas semanas',
  mes_dia: 'Cada cuántos meses',
  mes_semana: 'Cada cuántos meses',
  anio: 'Cada cuántos años',
};

/** The rule's own controls (not shown in "every n days" mode); `withStart`: its own "Desde" date. */
export function RuleControls({
  values,
  set,
  errors,
  disabled,
  withStart = true,
}: {
  values: RuleValues;
  set: <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => void;
  errors: Record<string, string | undefined>;
  disabled: boolean;
  withStart?: boolean;
}) {
  if (values.mode === 'dias') return null;
  return (
    <Stack gap="sm">
      {values.mode === 'semana' && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dias-semana">
            Días de la semana
          </Text>
          <Chip.Group multiple value={values.days} onChange={(days) => set('days', WEEKDAYS.filter((d) => days.includes(d)))}>
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
            <Select label="Cuál" data={ORDINAL_OPTIONS} value={values.ordinal} onChange={(x) => x && set('ordinal', x)} allowDeselect={false} disabled={disabled} />
            <Select label="Día de la semana" data={WEEKDAY_OPTIONS} value={values.weekday} onChange={(x) => x && set('weekday', x as Weekday)} allowDeselect={false} disabled={disabled} />
          </>
        )}
        {values.mode === 'anio' && (
          <Select label="Mes" data={MONTH_OPTIONS} value={values.month} onChange={(x) => x && set('month', x)} allowDeselect={false} disabled={disabled} />
        )}
        {(values.mode === 'mes_dia' || values.mode === 'anio') && (
          <Select
            label="Día del mes"
            data={values.mode === 'anio' ? MONTH_DAY_OPTIONS.slice(0, 31) : MONTH_DAY_OPTIONS}
            value={values.monthDay}
            onChange={(x) => x && set('monthDay', x)}
            allowDeselect={false}
            disabled={disabled}
            description={Number(values.monthDay) > 28 ? 'Si el mes no lo tiene, su último día' : undefined}
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
        {withStart && (
          <DatePicker label="Desde" value={values.desde} onChange={(x) => x && set('desde', x)} minDate={dayjs().format('YYYY-MM-DD')} clearable={false} disabled={disabled} error={errors.proxima_ejecucion} />
        )}
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
        <Select label="Termina" data={END_OPTIONS} value={values.end} onChange={(x) => x && set('end', x as EndMode)} allowDeselect={false} disabled={disabled} />
        {values.end === 'fecha' && (
          <DatePicker label="Fecha de fin" value={values.fin} onChange={(x) => set('fin', x)} minDate={dayjs().format('YYYY-MM-DD')} disabled={disabled} error={errors.fin} />
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
export function useNextDates(rule: Rule | null, desde: string, values: RuleValues) {
  const params = rule
    ? {
        regla: formatRule(rule),
        desde,
        dias_no_laborables: values.policy,
        n: 5,
        ...(values.end === 'fecha' && values.fin ? { fin: values.fin } : {}),
        ...(values.end === 'repeticiones' && Number(values.repeticiones) >= 1 ? { repeticiones: Number(values.repeticiones) } : {}),
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
export function NextDates({ rule, preview }: { rule: Rule | null; preview: ReturnType<typeof useNextDates> }) {
  if (!rule) return null;
  const dates = preview.data?.fechas ?? [];
  return (
    <Stack gap={4} data-testid="next-dates">
      <Text size="sm" fw={500}>
        {describeRule(rule)}
      </Text>
      <Text size="sm" c="dimmed" id="proximas-fechas">
        Próximas fechas
      </Text>
      {preview.isError ? (
        <Text size="sm" c="red">
          No se pudieron calcular las próximas fechas.
        </Text>
      ) : dates.length === 0 && preview.isSuccess ? (
        <Text size="sm" c="dimmed">
          La programación no tiene fechas con este final.
        </Text>
      ) : (
        <List size="sm" aria-label="Próximas fechas" spacing={2}>
          {dates.map((d) => (
            <List.Item key={d}>
              <time dateTime={d}>{dayjs(d).format('ddd D MMM YYYY')}</time>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
