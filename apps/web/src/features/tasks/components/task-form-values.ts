/** The task form's values, the body's checks and the server's field errors (see task-form.tsx). */
import { MESSAGES, CreateTaskRequestSchema, UpdateTaskRequestSchema, calendarDateIn, defaultDueDate, todayIn, type CreateTaskRequestInput, type TaskResponse, type UpdateTaskRequestInput } from '@gestar/contracts';
import { chosenInterval, intervalChoice } from '../../../components/schedule-rule/rule-values';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver, type FieldMapping } from '../../../lib/form-errors';
import { draftItem, type ChecklistDraftItem } from './checklist-editor';

export type Field =
  | 'titulo'
  | 'descripcion'
  | 'tipo_tarea_uuid'
  | 'area_uuid'
  | 'usuarios_asignados'
  | 'equipo_uuid'
  | 'fecha_vencimiento'
  | 'proxima_ejecucion'
  | 'intervalo_repeticion'
  | 'regla'
  | 'days'
  | 'fin'
  | 'repeticiones'
  | 'dias_no_laborables'
  | 'anticipacion_dias'
  | 'checklist'
  | 'minutos_estimados'
  | 'form';
export type FieldErrors = Partial<Record<Field, string>>;

export interface Values {
  titulo: string;
  descripcion: string;
  tipo_tarea_uuid: string | null;
  area_uuid: string | null;
  usuarios_asignados: string[];
  equipo_uuid: string | null;
  fecha_vencimiento: string | null;
  programar: boolean;
  proxima_ejecucion: string | null;
  preset: string;
  customInterval: number | string;
  checklist: ChecklistDraftItem[];
  /** Estimated minutes of one occurrence; '' for none. */
  minutos_estimados: number | string;
}

export function initialValues(task: TaskResponse | null): Values {
  const schedule = task?.programaciones_tareas ?? null;
  return {
    titulo: task?.titulo ?? '',
    descripcion: task?.descripcion ?? '',
    tipo_tarea_uuid: task?.tipo_tarea_uuid ?? null,
    area_uuid: task?.area_uuid ?? null,
    usuarios_asignados: task?.usuarios_tareas.map((u) => u.uuid) ?? [],
    equipo_uuid: task?.equipo?.uuid ?? null,
    fecha_vencimiento: defaultDueDate(),
    programar: schedule !== null,
    proxima_ejecucion: schedule ? calendarDateIn(schedule.proxima_ejecucion) : todayIn(),
    ...intervalChoice(schedule?.intervalo_repeticion),
    checklist: (task?.checklist ?? []).map((c) => draftItem({ ...c, minutos_estimados: c.minutos_estimados ?? '' })),
    minutos_estimados: task?.minutos_estimados ?? '',
  };
}

/** An estimate as the body takes it: null clears it (and leaves it empty on a new task). */
export function estimateOf(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function intervalOf(values: Values): number | undefined {
  const raw = chosenInterval(values);
  if (raw === '' || raw === null) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** A schedule's fields sit in `programacion_tarea` in the body and beside the others in the form. */
const FIELD_MAPPING: FieldMapping = { nested: { programacion_tarea: 'proxima_ejecucion' }, root: 'form' };

/** The contracts check the body the form builds; their messages show under the fields. */
export const validateCreate = zodResolver<CreateTaskRequestInput>(CreateTaskRequestSchema, FIELD_MAPPING);
export const validateUpdate = zodResolver<UpdateTaskRequestInput>(UpdateTaskRequestSchema, FIELD_MAPPING);

/** Field errors of a failed call (`errors: [{ path, message }]`), or its message for the whole form. */
export function serverErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return { form: MESSAGES.errors.tasksLoadFailed };
  const errors = fieldErrorsFromApi(error, FIELD_MAPPING) as FieldErrors;
  return Object.keys(errors).length > 0 ? errors : { form: error.message };
}

