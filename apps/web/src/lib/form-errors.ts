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

/** First message per top-level field (`usuario_areas_uuid.0` counts for `usuario_areas_uuid`). */
export function fieldErrorsFromIssues(issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key) out[key] ??= issue.message;
  }
  return out;
}

/** The per-field messages of a server validation error, or {} when it carries none. */
export function fieldErrorsFromApi(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const parsed = ErrorBodySchema.safeParse(error.body);
  if (!parsed.success || !parsed.data.errors) return {};
  return fieldErrorsFromIssues(parsed.data.errors.map((e) => ({ path: e.path.split('.'), message: e.message })));
}

/**
 * A `@mantine/form` validator from a contract schema: the form checks each rule the contract
 * declares and shows its Spanish message under the field, with no rule written twice.
 */
export function zodResolver<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : (fieldErrorsFromIssues(parsed.error.issues) as Record<string, string>);
  };
}
