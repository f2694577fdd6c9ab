import { useMemo, useState } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  companyMidnightIso,
  CreateScheduledTaskRequestSchema,
  DEBOUNCE_MS,
  formatRule,
  INTERVAL_PRESETS,
  MESSAGES,
  MIN_INTERVAL_DAYS,
  todayIn,
  type ScheduledTaskResponse,
} from '@gestar/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateScheduledTask, useUpdateScheduledTask } from '../api/save-scheduled-task';
import { useTaskSearch } from '../api/search-tasks';
import { formatCalendarDate, nextExecutionDate } from './schedule-dates';
import {
  EndAndCalendarControls,
  initialRuleValues,
  NextDates,
  REPEAT_OPTIONS,
  RuleControls,
  ruleOf,
  type RepeatMode,
  type RuleValues,
} from './rule-fields';

const CUSTOM = 'custom';
const validateBody = zodResolver(CreateScheduledTaskRequestSchema);
const INTERVAL_OPTIONS = [
  ...INTERVAL_PRESETS.map((p) => ({
    value: String(p.days),
    label: `${p.label} (${p.days} ${p.days === 1 ? 'día' : 'días'})`,
  })),
  { value: CUSTOM, label: 'Personalizado' },
];

interface Values {
  tarea_uuid: string | null;
  preset: string;
  customInterval: number | string;
  activo: boolean;
}

function initialValues(schedule: ScheduledTaskResponse | null): Values {
  const interval = schedule?.intervalo_repeticion ?? INTERVAL_PRESETS[0].days;
  const isPreset = INTERVAL_PRESETS.some((p) => p.days === interval);
  return {
    tarea_uuid: schedule?.tarea_uuid ?? null,
    preset: isPreset ? String(interval) : CUSTOM,
    customInterval: isPreset ? '' : interval,
    activo: schedule?.activo ?? true,
  };
}

export interface ScheduledTaskFormDialogProps {
  /** null: a new schedule. */
  schedule: ScheduledTaskResponse | null;
  onClose: () => void;
}

/**
 * SPEC sections 2.7 and 5: the task from a debounced search list, the interval
 * (presets or a custom number of days >= 1) and the next execution, read-only,
 * recomputed as today plus the interval. Mounted per opening.
 */
export function ScheduledTaskFormDialog({ schedule, onClose }: ScheduledTaskFormDialogProps) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: initialValues(schedule) });
  const values = form.getValues();
  const errors = form.errors;
  const [search, setSearch] = useState(schedule?.tarea.titulo ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [rv, setRv] = useState<RuleValues>(() => initialRuleValues(schedule, todayIn()));
  const create = useCreateScheduledTask();
  const update = useUpdateScheduledTask();
  const busy = create.isPending || update.isPending;

  const [selected, setSelected] = useState(
    schedule ? { value: schedule.tarea_uuid, label: schedule.tarea.titulo } : null,
  );
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  // The chosen task's title shown in the box is not a search: offer the whole list again.
  const query = selected && debounced === selected.label ? '' : debounced;
  const tasks = useTaskSearch(query);

  const options = useMemo(() => {
    const list = (tasks.data?.data ?? []).map((t) => {
      // One schedule per task: tasks scheduled elsewhere are shown but cannot be chosen.
      const taken = t.programaciones_tareas !== null && t.uuid !== schedule?.tarea_uuid;
      return { value: t.uuid, label: taken ? `${t.titulo} (ya programada)` : t.titulo, disabled: taken };
    });
    if (selected && !list.some((o) => o.value === selected.value)) list.unshift({ ...selected, disabled: false });
    return list;
  }, [tasks.data, schedule, selected]);

  const rawInterval = values.preset === CUSTOM ? values.customInterval : values.preset;
  const nextDate = nextExecutionDate(rawInterval);
  const daily = rv.mode === 'dias';
  const dailyDays = Number(rawInterval);
  const rule = daily
    ? Number.isInteger(dailyDays) && dailyDays >= 1
      ? ({ freq: 'DAILY', interval: dailyDays } as const)
      : null
    : ruleOf(rv);
  const ruleErrorPaths: Record<string, keyof RuleValues> = {
    regla: 'every',
    fin: 'fin',
    repeticiones: 'repeticiones',
    dias_no_laborables: 'policy',
    anticipacion_dias: 'lead',
  };
  const setRule = <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => {
    setRv((v) => ({ ...v, [field]: value }));
    for (const [path, f] of Object.entries(ruleErrorPaths)) if (f === field) form.clearFieldError(path);
    if (field === 'days') form.clearFieldError('days');
    if (field === 'desde') form.clearFieldError('proxima_ejecucion');
  };

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    form.setFieldValue(field, value as never);
    form.clearFieldError(field === 'preset' || field === 'customInterval' ? 'intervalo_repeticion' : field);
  };

  const submit = async () => {
    setServerError(null);
    // What the contract cannot say of a control still incomplete.
    const own: Record<string, string> = {};
    if (rv.mode === 'semana' && rv.days.length === 0) own.days = MESSAGES.validation.weekdaysRequired;
    else if (!daily && !rule) own.regla = MESSAGES.validation.intervalMin;
    if (rv.end === 'fecha' && !rv.fin) own.fin = MESSAGES.validation.fechaRequired;
    if (rv.end === 'repeticiones' && rv.repeticiones === '') own.repeticiones = MESSAGES.validation.repeticionesRange;
    const ends = {
      fin: rv.end === 'fecha' ? rv.fin : schedule ? null : undefined,
      repeticiones: rv.end === 'repeticiones' ? rv.repeticiones : schedule ? null : undefined,
      dias_no_laborables: rv.policy,
      anticipacion_dias: rv.lead,
    };
    const body = daily
      ? {
          tarea_uuid: values.tarea_uuid ?? '',
          intervalo_repeticion: rawInterval,
          proxima_ejecucion: companyMidnightIso(nextDate),
          activo: values.activo,
          ...ends,
        }
      : {
          tarea_uuid: values.tarea_uuid ?? '',
          regla: rule ? formatRule(rule) : '',
          proxima_ejecucion: companyMidnightIso(rv.desde),
          activo: values.activo,
          ...ends,
        };
    // The contract checks the body the form builds (the interval from a preset or a number of days).
    const found = { ...validateBody(body), ...own };
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      return;
    }
    const parsed = CreateScheduledTaskRequestSchema.parse(body);
    try {
      // Back to "every n days" drops the rule the schedule had.
      if (schedule) await update.mutateAsync({ id: schedule.uuid, body: daily ? { ...parsed, regla: null } : parsed });
      else await create.mutateAsync(parsed);
    } catch (error) {
      const message = errorMessage(error, MESSAGES.errors.internal);
      form.setErrors(fieldErrorsFromApi(error) as Record<string, string>);
      setServerError(message);
      toast.error(message);
      return;
    }
    toast.success(schedule ? MESSAGES.success.scheduleUpdated : MESSAGES.success.scheduleCreated);
    onClose();
  };

  return (
    <FormDialog
      opened
      title={schedule ? 'Editar Programación' : 'Nueva Programación'}
      submitLabel={schedule ? 'Actualizar' : 'Crear'}
      onClose={onClose}
      onSubmit={() => void submit()}
      loading={busy}
      error={serverError}
      size="lg"
    >
      <Select
        label="Tarea"
        placeholder="Buscar tarea por título"
        withAsterisk
        searchable
        leftSection={<IconSearch size={16} />}
        data={options}
        value={values.tarea_uuid}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(value, option) => {
          setSelected(value && option ? { value, label: option.label } : null);
          set('tarea_uuid', value);
        }}
        // The server filters by title; the list shows what it answered.
        filter={({ options: all }) => all}
        nothingFoundMessage={tasks.isFetching ? 'Buscando...' : 'No se encontraron resultados'}
        error={errors.tarea_uuid}
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
      <Select
        label="Repetición"
        data={REPEAT_OPTIONS}
        value={rv.mode}
        onChange={(value) => value && setRule('mode', value as RepeatMode)}
        allowDeselect={false}
        disabled={busy}
      />
      {daily ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap={6}>
          <Select
            label="Intervalo de repetición"
            withAsterisk
            data={INTERVAL_OPTIONS}
            value={values.preset}
            onChange={(value) => set('preset', value ?? String(INTERVAL_PRESETS[0].days))}
            allowDeselect={false}
            error={values.preset !== CUSTOM ? errors.intervalo_repeticion : undefined}
            disabled={busy}
          />
          {values.preset === CUSTOM && (
            <NumberInput
              label="Días entre repeticiones"
              min={MIN_INTERVAL_DAYS}
              // Not clamped: a 0 stays visible with its message instead of silently becoming 1.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              value={values.customInterval}
              onChange={(value) => set('customInterval', value)}
              error={errors.intervalo_repeticion}
              disabled={busy}
            />
          )}
        </Stack>
        <TextInput
          label="Próxima ejecución"
          description="Hoy más el intervalo"
          value={formatCalendarDate(nextDate)}
          readOnly
          variant="filled"
          error={errors.proxima_ejecucion}
        />
      </SimpleGrid>
      ) : (
        <RuleControls values={rv} set={setRule} errors={errors as Record<string, string | undefined>} disabled={busy} />
      )}
      <EndAndCalendarControls values={rv} set={setRule} errors={errors as Record<string, string | undefined>} disabled={busy} />
      <NextDates rule={rule} desde={daily ? nextDate : rv.desde} values={rv} />
      <Switch
        label="Activa"
        description="Una programación inactiva no genera tareas"
        checked={values.activo}
        onChange={(e) => set('activo', e.currentTarget.checked)}
        disabled={busy}
      />
    </FormDialog>
  );
}
