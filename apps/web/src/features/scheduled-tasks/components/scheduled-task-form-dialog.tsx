import { useMemo, useState } from 'react';
import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  companyMidnightIso,
  CreateScheduledTaskRequestSchema,
  DEBOUNCE_MS,
  formatRecurrence,
  MESSAGES,
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
  IntervalControls,
  NextDates,
  RepeatModeSelect,
  RuleControls,
} from '../../../components/schedule-rule/rule-fields';
import {
  chosenInterval,
  dailyRule,
  incompleteRuleErrors,
  initialRuleValues,
  intervalChoice,
  RULE_ERROR_FIELDS,
  ruleOf,
  seriesEndBody,
  type RuleValues,
} from '../../../components/schedule-rule/rule-values';
import { useNextDates } from '../../../components/schedule-rule/use-next-dates';
import { nextDatesQuery } from '../api/next-dates';

const validateBody = zodResolver(CreateScheduledTaskRequestSchema);

interface Values {
  tarea_uuid: string | null;
  preset: string;
  customInterval: number | string;
  activo: boolean;
}

function initialValues(schedule: ScheduledTaskResponse | null): Values {
  return {
    tarea_uuid: schedule?.tarea_uuid ?? null,
    ...intervalChoice(schedule?.intervalo_repeticion),
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

  const rawInterval = chosenInterval(values);
  const nextDate = nextExecutionDate(rawInterval);
  const daily = rv.mode === 'dias';
  const dailyDays = Number(rawInterval);
  const rule = daily
    ? Number.isInteger(dailyDays) && dailyDays >= 1
      ? dailyRule(dailyDays)
      : null
    : ruleOf(rv);
  const preview = useNextDates(nextDatesQuery, rule, daily ? nextDate : rv.desde, rv);
  const setRule = <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => {
    setRv((v) => ({ ...v, [field]: value }));
    for (const [path, f] of Object.entries(RULE_ERROR_FIELDS)) if (f === field) form.clearFieldError(path);
    if (field === 'desde') form.clearFieldError('proxima_ejecucion');
  };

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    form.setFieldValue(field, value as never);
    form.clearFieldError(field === 'preset' || field === 'customInterval' ? 'intervalo_repeticion' : field);
  };

  const submit = async () => {
    setServerError(null);
    const own = incompleteRuleErrors(rv, rule);
    const ends = seriesEndBody(rv, schedule !== null);
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
          regla: rule ? formatRecurrence(rule) : '',
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
      <RepeatModeSelect value={rv.mode} onChange={(mode) => setRule('mode', mode)} disabled={busy} />
      {daily ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <IntervalControls
          choice={values}
          onChange={(choice) => {
            form.setValues({ preset: choice.preset, customInterval: choice.customInterval });
            form.clearFieldError('intervalo_repeticion');
          }}
          error={errors.intervalo_repeticion as string | undefined}
          disabled={busy}
        />
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
      <NextDates rule={rule} preview={preview} />
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
