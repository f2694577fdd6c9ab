/**
 * Field errors for forms validated with the contracts' zod schemas: the
 * client's own check (zod issues) and the server's answer (`errors: [{ path,
 * message }]` of a 400) land in the same `{ field: message }` map, so both
 * show under the field they concern.
 */
import { ErrorBodySchema } from '@gestar/contracts';
import type { z } from 'zod';
import { ApiError } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

/** How issue paths map to form fields beyond "the first segment is the field". */
export interface FieldMapping {
  /**
   * Objects whose members are fields of the form (`programacion_tarea.proxima_ejecucion` shows
   * under `proxima_ejecucion`), each with the field that shows an issue on the object itself.
   */
  nested?: Readonly<Record<string, string>>;
  /** Where an issue without a path shows (a message for the whole form); dropped when absent. */
  root?: string;
}

/** First message per top-level field (`usuario_areas_uuid.0` counts for `usuario_areas_uuid`). */
export function fieldErrorsFromIssues(
  issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[],
  mapping: FieldMapping = {},
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    let key: string | undefined = path[0];
    const nested = key !== undefined ? mapping.nested?.[key] : undefined;
    if (nested !== undefined) key = path[1] ?? nested;
    key = key || mapping.root;
    if (key) out[key] ??= issue.message;
  }
  return out;
}

/** The per-field messages of a server validation error, or {} when it carries none. */
export function fieldErrorsFromApi(error: unknown, mapping: FieldMapping = {}): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const parsed = ErrorBodySchema.safeParse(error.body);
  if (!parsed.success || !parsed.data.errors) return {};
  return fieldErrorsFromIssues(
    parsed.data.errors.map((e) => ({ path: e.path.split('.'), message: e.message })),
    mapping,
  );
}

/**
 * A `@mantine/form` validator from a contract schema: the form checks each rule the contract
 * declares and shows its Spanish message under the field, with no rule written twice.
 */
export function zodResolver<Values>(schema: z.ZodType, mapping: FieldMapping = {}) {
  return (values: Values): Record<string, string> => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : (fieldErrorsFromIssues(parsed.error.issues, mapping) as Record<string, string>);
  };
}
