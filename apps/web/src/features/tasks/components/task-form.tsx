/**
 * The task form of SPEC section 5 ('Nueva Tarea' / 'Editar Tarea'): rich-text
 * description, type, one of the caller's own areas, that area's users, due
 * date (today, or tomorrow from 22:00 in the company time zone) and the
 * optional schedule with its date rules. Checked with the contracts' schemas
 * before sending; server field errors appear under the fields.
 */
import { useState } from 'react';
import { ChecklistEditor, draftItem, type ChecklistDraftItem } from './checklist-editor';
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CreateTaskRequestSchema,
  DEFAULT_SELECT_PLACEHOLDER,
  INTERVAL_PRESETS,
  MESSAGES,
  MIN_INTERVAL_DAYS,
  TEXT_LIMITS,
  UpdateTaskRequestSchema,
  addDaysToCalendarDate,
  calendarDateIn,
  defaultDueDate,
  effectiveDueDate,
  todayIn,
  type CreateTaskRequestInput,
  type TaskResponse,
  type UpdateTaskRequestInput,
} from '@gestar/contracts';
import { DateField } from '../../../components/date-field';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsFromApi, fieldErrorsFromIssues, type FieldMapping } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useAreasOfUser, useAreasWithUsers, useTaskTypeOptions } from '../api/form-lookups';

const v = MESSAGES.validation;
const CUSTOM = 'custom';

type Field =
  | 'titulo'
  | 'descripcion'
  | 'tipo_tarea_uuid'
  | 'area_uuid'
  | 'usuarios_asignados'
  | 'fecha_vencimiento'
  | 'proxima_ejecucion'
  | 'intervalo_repeticion'
  | 'checklist'
  | 'form';
export type FieldErrors = Partial<Record<Field, string>>;

interface Values {
  titulo: string;
  descripcion: string;
  tipo_tarea_uuid: string | null;
  area_uuid: string | null;
  usuarios_asignados: string[];
  fecha_vencimiento: string | null;
  programar: boolean;
  proxima_ejecucion: string | null;
  preset: string;
  customInterval: number | string;
  checklist: ChecklistDraftItem[];
}

function initialValues(task: TaskResponse | null): Values {
  const schedule = task?.programaciones_tareas ?? null;
  const interval = schedule?.intervalo_repeticion ?? INTERVAL_PRESETS[0].days;
  const isPreset = INTERVAL_PRESETS.some((p) => p.days === interval);
  return {
    titulo: task?.titulo ?? '',
    descripcion: task?.descripcion ?? '',
    tipo_tarea_uuid: task?.tipo_tarea_uuid ?? null,
    area_uuid: task?.area_uuid ?? null,
    usuarios_asignados: task?.usuarios_tareas.map((u) => u.uuid) ?? [],
    fecha_vencimiento: defaultDueDate(),
    programar: schedule !== null,
    proxima_ejecucion: schedule ? calendarDateIn(schedule.proxima_ejecucion) : todayIn(),
    preset: isPreset ? String(interval) : CUSTOM,
    customInterval: isPreset ? '' : interval,
    checklist: (task?.checklist ?? []).map((c) => draftItem(c)),
  };
}

function intervalOf(values: Values): number | undefined {
  const raw = values.preset === CUSTOM ? values.customInterval : values.preset;
  if (raw === '' || raw === null) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** A schedule's fields sit in `programacion_tarea` in the body and beside the others in the form. */
const FIELD_MAPPING: FieldMapping = { nested: { programacion_tarea: 'proxima_ejecucion' }, root: 'form' };

/** Zod issues -> one message per form field (the first one wins). */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  return fieldErrorsFromIssues(issues as Parameters<typeof fieldErrorsFromIssues>[0], FIELD_MAPPING) as FieldErrors;
}

/** Field errors of a failed call (`errors: [{ path, message }]`), or its message for the whole form. */
export function serverErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return { form: MESSAGES.errors.tasksLoadFailed };
  const errors = fieldErrorsFromApi(error, FIELD_MAPPING) as FieldErrors;
  return Object.keys(errors).length > 0 ? errors : { form: error.message };
}

export interface TaskFormProps {
  /** The task being edited, or null for a new one. */
  task: TaskResponse | null;
  busy: boolean;
  /** Errors from the server's answer. */
  submitErrors: FieldErrors;
  onCancel: () => void;
  onCreate: (body: CreateTaskRequestInput) => void;
  onUpdate: (body: UpdateTaskRequestInput) => void;
}

export function TaskForm({ task, busy, submitErrors, onCancel, onCreate, onUpdate }: TaskFormProps) {
  const { user } = useSession();
  const editing = task !== null;
  const [values, setValues] = useState<Values>(() => initialValues(task));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const [shownServerErrors, setShownServerErrors] = useState(submitErrors);
  if (shownServerErrors !== submitErrors) {
    setShownServerErrors(submitErrors);
    setLocalErrors(submitErrors);
  }
  const errors = localErrors;

  const taskTypes = useTaskTypeOptions();
  const ownAreas = useAreasOfUser(user?.uuid);
  const areasWithUsers = useAreasWithUsers();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setLocalErrors((prev) => ({ ...prev, [key]: undefined, form: undefined }));
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
  const interval = intervalOf(values);
  const dueMin = values.programar && values.proxima_ejecucion ? values.proxima_ejecucion : defaultDueDate();
  const dueMax =
    values.programar && values.proxima_ejecucion && interval && interval >= MIN_INTERVAL_DAYS
      ? addDaysToCalendarDate(values.proxima_ejecucion, interval)
      : undefined;

  const onAreaChange = (area: string | null) => {
    const usersOfArea = new Set(areasWithUsers.data?.find((a) => a.uuid === area)?.usuarios.map((u) => u.uuid) ?? []);
    setValues((prev) => ({
      ...prev,
      area_uuid: area,
      usuarios_asignados: prev.usuarios_asignados.filter((u) => usersOfArea.has(u)),
    }));
    setLocalErrors((prev) => ({ ...prev, area_uuid: undefined, usuarios_asignados: undefined }));
  };

  const onExecutionChange = (date: string | null) => {
    setValues((prev) => ({
      ...prev,
      proxima_ejecucion: date,
      // A later execution date drags the due date along (SPEC section 5).
      fecha_vencimiento:
        date && prev.fecha_vencimiento && date > prev.fecha_vencimiento ? date : prev.fecha_vencimiento,
    }));
    setLocalErrors((prev) => ({ ...prev, proxima_ejecucion: undefined, fecha_vencimiento: undefined }));
  };

  const submit = () => {
    const schedule = values.programar
      ? { proxima_ejecucion: values.proxima_ejecucion ?? '', intervalo_repeticion: interval ?? '' }
      : undefined;
    const extra: FieldErrors = {};
    if (values.programar && values.proxima_ejecucion && values.proxima_ejecucion < today) {
      extra.proxima_ejecucion = v.executionDateNotPast;
    }
    if (values.programar && values.preset === CUSTOM && interval !== undefined && interval < MIN_INTERVAL_DAYS) {
      extra.intervalo_repeticion = v.scheduleIntervalMin;
    }
    const common = {
      titulo: values.titulo,
      descripcion: values.descripcion,
      tipo_tarea_uuid: values.tipo_tarea_uuid ?? '',
      area_uuid: values.area_uuid ?? '',
      usuarios_asignados: values.usuarios_asignados,
      checklist: values.checklist.map(({ texto, requiere_foto, requiere_nota }) => ({ texto, requiere_foto, requiere_nota })),
    };
    if (editing) {
      const body = {
        ...common,
        programacion_tarea: schedule ?? (task.programaciones_tareas ? null : undefined),
      } as UpdateTaskRequestInput;
      const parsed = UpdateTaskRequestSchema.safeParse(body);
      const found = { ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)), ...extra };
      setLocalErrors(found);
      if (Object.keys(found).length === 0) onUpdate(body);
      return;
    }
    const body = {
      ...common,
      fecha_vencimiento: values.fecha_vencimiento ? effectiveDueDate(values.fecha_vencimiento) : '',
      ...(schedule ? { programacion_tarea: schedule } : {}),
    } as CreateTaskRequestInput;
    const parsed = CreateTaskRequestSchema.safeParse(body);
    const found = { ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)), ...extra };
    setLocalErrors(found);
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
        {!editing && (
          <DateField
            label="Fecha de vencimiento"
            withAsterisk
            value={values.fecha_vencimiento}
            onChange={(value) => set('fecha_vencimiento', value)}
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField
              label="Fecha de ejecución"
              withAsterisk
              value={values.proxima_ejecucion}
              onChange={onExecutionChange}
              minDate={today}
              error={errors.proxima_ejecucion}
              disabled={busy}
            />
            <Stack gap={6}>
              <Select
                label="Intervalo de repetición"
                withAsterisk
                data={[
                  ...INTERVAL_PRESETS.map((p) => ({
                    value: String(p.days),
                    label: `${p.label} (${p.days} ${p.days === 1 ? 'día' : 'días'})`,
                  })),
                  { value: CUSTOM, label: 'Personalizado' },
                ]}
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
                  allowDecimal={false}
                  value={values.customInterval}
                  onChange={(value) => set('customInterval', value)}
                  error={errors.intervalo_repeticion}
                  disabled={busy}
                />
              )}
            </Stack>
          </SimpleGrid>
        )}
        <ChecklistEditor
          items={values.checklist}
          onChange={(items) => set('checklist', items)}
          error={errors.checklist}
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
