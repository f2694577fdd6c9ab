/**
 * The repetition of a schedule beyond "every n days" (issue 19): weekdays, a day of the month,
 * the nth or last weekday of the month, a date of the year; how it ends; what happens on a
 * non-working day; and the next five dates. The schedules screen and the task form both use
 * them; their values and rules are in rule-values.ts, the next dates' query in use-next-dates.ts.
 */
import { Chip, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  INTERVAL_PRESETS,
  MAX_LEAD_DAYS,
  MIN_INTERVAL_DAYS,
  MAX_REPETITIONS,
  MONTH_NAMES,
  NON_WORKING_POLICIES,
  NON_WORKING_POLICY_LABELS,
  parseRecurrence,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type NonWorkingPolicy,
  type Weekday,
} from '@gestar/contracts';
import { DatePicker } from '../date-picker/date-picker';
import { dayjs } from '../../lib/dates';
import { CUSTOM_INTERVAL, OR_LAST, type EndMode, type IntervalChoice, type RepeatMode, type RuleValues } from './rule-values';

const REPEAT_OPTIONS: { value: RepeatMode; label: string }[] = [
  { value: 'dias', label: 'Cada cierto número de días' },
  { value: 'semana', label: 'Algunos días de la semana' },
  { value: 'mes_dia', label: 'Un día de cada mes' },
  { value: 'mes_semana', label: 'Un día de la semana de cada mes' },
  { value: 'anio', label: 'Una fecha de cada año' },
  { value: 'regla', label: 'Regla de un calendario (RRULE)' },
];

const INTERVAL_OPTIONS = [
  ...INTERVAL_PRESETS.map((p) => ({
    value: String(p.days),
    label: `${p.label} (${p.days} ${p.days === 1 ? 'día' : 'días'})`,
  })),
  { value: CUSTOM_INTERVAL, label: 'Personalizado' },
];

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
            onChange={(days) => set('days', WEEKDAYS.filter((d) => days.includes(d)))}
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
export function EndAndCalendarControls({ values, set, errors, disabled }: RuleFieldProps) {
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

export { NextDates } from './next-dates';
