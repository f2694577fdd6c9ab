/**
 * The task form of SPEC section 5 ('Nueva Tarea' / 'Editar Tarea'): rich-text
 * description, type, one of the caller's own areas, that area's users, an
 * optional machine of that area, due date (today, or tomorrow from 22:00 in
 * the company time zone) and the optional schedule: every n days or a rule (weekdays, a day of the month, ...)
 * with how it ends and meets the company calendar, and its next dates. Checked
 * with the contracts' schemas before sending; server field errors appear
 * under the fields.
 */
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_SELECT_PLACEHOLDER,
  MESSAGES,
  MIN_INTERVAL_DAYS,
  TEXT_LIMITS,
  addDaysToCalendarDate,
  defaultDueDate,
  formatRecurrence,
  effectiveDueDate,
  todayIn,
  type CreateTaskRequestInput,
  type TaskResponse,
  type UpdateTaskRequestInput,
} from '@gestar/contracts';
import { DateField } from '../../../components/date-field';
import {
  EndAndCalendarControls,
  IntervalControls,
  NextDates,
  RepeatModeSelect,
  RuleControls,
} from '../../../components/schedule-rule/rule-fields';
import {
  CUSTOM_INTERVAL,
  dailyRule,
  incompleteRuleErrors,
  initialRuleValues,
  RULE_ERROR_FIELDS,
  ruleOf,
  seriesEndBody,
  type RuleValues,
} from '../../../components/schedule-rule/rule-values';
import { useNextDates, type NextDatesSource } from '../../../components/schedule-rule/use-next-dates';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { useSession } from '../../../lib/session';
import { useAreasOfUser, useAreasWithUsers, useTaskTypeOptions } from '../api/form-lookups';
import { AssetField } from './asset-field';
import { ChecklistEditor } from './checklist-editor';
import { formatDuration } from '../../../lib/elapsed';
import {
  estimateOf,
  initialValues,
  intervalOf,
  validateCreate,
  validateUpdate,
  type Field,
  type FieldErrors,
  type Values,
} from './task-form-values';

export { serverErrors, type FieldErrors } from './task-form-values';

const v = MESSAGES.validation;

export interface TaskFormProps {
  /** The task being edited, or null for a new one. */
  task: TaskResponse | null;
  busy: boolean;
  /** Errors from the server's answer. */
  submitErrors: FieldErrors;
  onCancel: () => void;
  onCreate: (body: CreateTaskRequestInput) => void;
  onUpdate: (body: UpdateTaskRequestInput) => void;
  /** Where the schedule's next dates come from (the scheduled-tasks feature's, given by `app/`). */
  nextDates: NextDatesSource;
}

export function TaskForm({ task, busy, submitErrors, onCancel, onCreate, onUpdate, nextDates }: TaskFormProps) {
  const { user } = useSession();
  const editing = task !== null;
  const form = useForm<Values>({ mode: 'controlled', initialValues: initialValues(task) });
  const values = form.getValues();
  const [rv, setRv] = useState<RuleValues>(() => initialRuleValues(task?.programaciones_tareas ?? null, todayIn()));
  const [shownServerErrors, setShownServerErrors] = useState(submitErrors);
  if (shownServerErrors !== submitErrors) {
    setShownServerErrors(submitErrors);
    form.setErrors(submitErrors);
  }
  const errors = form.errors as FieldErrors;
  const clearErrors = (...fields: Field[]) => {
    for (const field of [...fields, 'form' as const]) form.clearFieldError(field);
  };

  const taskTypes = useTaskTypeOptions();
  const ownAreas = useAreasOfUser(user?.uuid);
  const areasWithUsers = useAreasWithUsers();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    form.setFieldValue(key, value as never);
    clearErrors(key as Field);
  };

  const areaOptions = (ownAreas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }));
  // Editing a task of an area the caller no longer belongs to must still show it.
  if (task && !areaOptions.some((o) => o.value === task.area_uuid)) {
    areaOptions.push({ value: task.area_uuid, label: task.area.nombre });
  }
  const areaUsers = areasWithUsers.data?.find((a) => a.uuid === values.area_uuid)?.usuarios ?? [];
  const userOptions = areaUsers.map((u) => ({ value: u.uuid, label: `${u.nombre} ${u.apellido}` }));
  if (task && values.area_uuid === task.area_uuid) {
    for (const u of task.usuarios_tareas) {
      if (!userOptions.some((o) => o.value === u.uuid))
        userOptions.push({ value: u.uuid, label: `${u.nombre} ${u.apellido}` });
    }
  }

  const today = todayIn();
  // A step's estimate out of bounds shows under the step (the contract's message).
  const stepErrors: Record<number, string> = {};
  values.checklist.forEach((c, i) => {
    const n = estimateOf(c.minutos_estimados);
    if (n !== null && (!Number.isInteger(n) || n < 1 || n > 100_000)) stepErrors[i] = MESSAGES.timeEntries.minutosInvalid;
  });
  const interval = intervalOf(values);
  const daily = rv.mode === 'dias';
  const rule = daily
    ? interval !== undefined && Number.isInteger(interval) && interval >= MIN_INTERVAL_DAYS
      ? dailyRule(interval)
      : null
    : ruleOf(rv);
  const start = values.proxima_ejecucion ?? today;
  const preview = useNextDates(nextDates, values.programar ? rule : null, start, rv);
  // Every n days: from the execution date to that plus the interval (SPEC section 5). A rule:
  // from its first date to the next one, after the company calendar (the API checks the same).
  const [firstDate, secondDate] = !daily && preview.data && !preview.isPlaceholderData ? preview.data.fechas : [];
  const dueMin = !values.programar || !values.proxima_ejecucion ? defaultDueDate() : daily ? values.proxima_ejecucion : (firstDate ?? values.proxima_ejecucion);
  const dueMax = !values.programar || !values.proxima_ejecucion
    ? undefined
    : daily
      ? interval && interval >= MIN_INTERVAL_DAYS
        ? addDaysToCalendarDate(values.proxima_ejecucion, interval)
        : undefined
      : secondDate;
  // A due date the person has not picked follows a rule's first date; one picked before it is dragged along.
  const [dueTouched, setDueTouched] = useState(false);
  const [seenFirst, setSeenFirst] = useState(firstDate);
  if (firstDate !== seenFirst) {
    setSeenFirst(firstDate);
    if (!editing && firstDate && (!dueTouched || !values.fecha_vencimiento || values.fecha_vencimiento < firstDate)) {
      form.setFieldValue('fecha_vencimiento', firstDate);
    }
  }

  const setRule = <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => {
    setRv((prev) => ({ ...prev, [field]: value }));
    const cleared = Object.entries(RULE_ERROR_FIELDS).flatMap(([key, f]) => (f === field ? [key as Field] : []));
    clearErrors(...cleared, ...(field === 'mode' ? (['intervalo_repeticion', 'regla', 'days'] as const) : []), 'fecha_vencimiento');
  };

  const onAreaChange = (area: string | null) => {
    const usersOfArea = new Set(areasWithUsers.data?.find((a) => a.uuid === area)?.usuarios.map((u) => u.uuid) ?? []);
    form.setValues((prev) => ({
      area_uuid: area,
      usuarios_asignados: (prev.usuarios_asignados ?? []).filter((u) => usersOfArea.has(u)),
      // A machine belongs to one area.
      equipo_uuid: area === prev.area_uuid ? prev.equipo_uuid : null,
    }));
    clearErrors('area_uuid', 'usuarios_asignados', 'equipo_uuid');
  };

  const onExecutionChange = (date: string | null) => {
    const due = values.fecha_vencimiento;
    // A later execution date drags the due date along (SPEC section 5).
    form.setValues({ proxima_ejecucion: date, fecha_vencimiento: date && due && date > due ? date : due });
    clearErrors('proxima_ejecucion', 'fecha_vencimiento');
  };

  const submit = () => {
    const schedule = !values.programar
      ? undefined
      : daily
        ? {
            proxima_ejecucion: values.proxima_ejecucion ?? '',
            intervalo_repeticion: interval ?? '',
            // "Every n days" drops a rule the schedule had.
            regla: null,
            ...seriesEndBody(rv, editing),
          }
        : { proxima_ejecucion: values.proxima_ejecucion ?? '', regla: rule ? formatRecurrence(rule) : '', ...seriesEndBody(rv, editing) };
    const extra: FieldErrors = values.programar ? incompleteRuleErrors(rv, rule) : {};
    if (values.programar && values.proxima_ejecucion && values.proxima_ejecucion < today) {
      extra.proxima_ejecucion = v.executionDateNotPast;
    }
    if (values.programar && daily && values.preset === CUSTOM_INTERVAL && interval !== undefined && interval < MIN_INTERVAL_DAYS) {
      extra.intervalo_repeticion = v.scheduleIntervalMin;
    }
    if (!editing && values.programar && !daily && values.fecha_vencimiento) {
      const due = values.fecha_vencimiento;
      if (firstDate && due < firstDate) extra.fecha_vencimiento = v.dueDateBeforeFirstDate;
      else if (secondDate && due > secondDate) extra.fecha_vencimiento = v.dueDateAfterNextDate;
    }
    const common = {
      titulo: values.titulo,
      descripcion: values.descripcion,
      tipo_tarea_uuid: values.tipo_tarea_uuid ?? '',
      area_uuid: values.area_uuid ?? '',
      usuarios_asignados: values.usuarios_asignados,
      equipo_uuid: values.equipo_uuid,
      checklist: values.checklist.map(({ texto, requiere_foto, requiere_nota, minutos_estimados }) => ({
        texto,
        requiere_foto,
        requiere_nota,
        minutos_estimados: estimateOf(minutos_estimados),
      })),
      minutos_estimados: estimateOf(values.minutos_estimados),
    };
    if (editing) {
      const body = {
        ...common,
        programacion_tarea: schedule ?? (task.programaciones_tareas ? null : undefined),
      } as UpdateTaskRequestInput;
      const found = { ...validateUpdate(body), ...extra };
      form.setErrors(found);
      if (Object.keys(found).length === 0) onUpdate(body);
      return;
    }
    const body = {
      ...common,
      fecha_vencimiento: values.fecha_vencimiento ? effectiveDueDate(values.fecha_vencimiento) : '',
      ...(schedule ? { programacion_tarea: schedule } : {}),
    } as CreateTaskRequestInput;
    const found = { ...validateCreate(body), ...extra };
    form.setErrors(found);
    if (Object.keys(found).length === 0) onCreate(body);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Título"
          withAsterisk
          value={values.titulo}
          maxLength={TEXT_LIMITS.title}
          onChange={(e) => set('titulo', e.currentTarget.value)}
          error={errors.titulo}
          disabled={busy}
        />
        <RichTextEditor
          label="Descripción"
          withAsterisk
          initialValue={task?.descripcion}
          onChange={(value) => set('descripcion', value)}
          error={errors.descripcion}
          disabled={busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Tipo de tarea"
            withAsterisk
            placeholder={DEFAULT_SELECT_PLACEHOLDER}
            data={(taskTypes.data ?? []).map((t) => ({ value: t.uuid, label: t.nombre }))}
            value={values.tipo_tarea_uuid}
            onChange={(value) => set('tipo_tarea_uuid', value)}
            error={errors.tipo_tarea_uuid}
            searchable
            disabled={busy}
            nothingFoundMessage="No se encontraron resultados"
          />
          <Select
            label="Área"
            withAsterisk
            placeholder={DEFAULT_SELECT_PLACEHOLDER}
            data={areaOptions}
            value={values.area_uuid}
            onChange={onAreaChange}
            error={errors.area_uuid}
            disabled={busy}
          />
        </SimpleGrid>
        <MultiSelect
          label="Usuarios asignados"
          withAsterisk
          placeholder={
            values.area_uuid
              ? values.usuarios_asignados.length
                ? undefined
                : DEFAULT_SELECT_PLACEHOLDER
              : v.selectAreaFirst
          }
          data={userOptions}
          value={values.usuarios_asignados}
          onChange={(value) => set('usuarios_asignados', value)}
          error={errors.usuarios_asignados}
          disabled={busy || !values.area_uuid}
          searchable
          nothingFoundMessage="No se encontraron resultados"
        />
        <AssetField
          area={values.area_uuid}
          value={values.equipo_uuid}
          onChange={(value) => set('equipo_uuid', value)}
          current={task?.equipo ?? null}
          error={errors.equipo_uuid}
          disabled={busy}
        />
        {!editing && (
          <DateField
            label="Fecha de vencimiento"
            withAsterisk
            value={values.fecha_vencimiento}
            onChange={(value) => {
              setDueTouched(true);
              set('fecha_vencimiento', value);
            }}
            minDate={dueMin}
            maxDate={dueMax}
            error={errors.fecha_vencimiento}
            description={v.dueDateHint}
            disabled={busy}
          />
        )}
        <Switch
          label="Programar tarea"
          checked={values.programar}
          onChange={(e) => set('programar', e.currentTarget.checked)}
          disabled={busy}
        />
        {values.programar && (
          <Stack gap="sm">
            <RepeatModeSelect value={rv.mode} onChange={(mode) => setRule('mode', mode)} disabled={busy} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DateField
                label={daily ? 'Fecha de ejecución' : 'Desde'}
                description={daily ? undefined : 'La primera fecha de la repetición a partir de este día'}
                withAsterisk
                value={values.proxima_ejecucion}
                onChange={onExecutionChange}
                minDate={today}
                error={errors.proxima_ejecucion}
                disabled={busy}
              />
              {daily && (
                <IntervalControls
                  choice={values}
                  onChange={(choice) => {
                    form.setValues(choice);
                    clearErrors('intervalo_repeticion');
                  }}
                  error={errors.intervalo_repeticion}
                  disabled={busy}
                />
              )}
            </SimpleGrid>
            <RuleControls values={rv} set={setRule} errors={errors} disabled={busy} withStart={false} />
            <EndAndCalendarControls values={rv} set={setRule} errors={errors} disabled={busy} />
            <NextDates rule={rule} preview={preview} />
          </Stack>
        )}
        <NumberInput
          label="Tiempo estimado"
          description={
            estimateOf(values.minutos_estimados)
              ? `Por cada vez que se hace: ${formatDuration(Number(values.minutos_estimados) * 60_000)}`
              : 'Opcional: minutos que lleva hacerla una vez'
          }
          placeholder="Minutos"
          suffix=" min"
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          value={values.minutos_estimados}
          onChange={(value) => set('minutos_estimados', value)}
          error={errors.minutos_estimados}
          disabled={busy}
          w={{ base: '100%', xs: 260 }}
        />
        <ChecklistEditor
          items={values.checklist}
          onChange={(items) => set('checklist', items)}
          error={errors.checklist}
          itemErrors={stepErrors}
          disabled={busy}
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy}>
            {editing ? (busy ? 'Guardando...' : 'Guardar') : busy ? 'Creando...' : 'Crear'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
