import { ZodError, ZodType } from 'zod';
import { MESSAGES, spanishIssueMessage } from '@gestar/contracts';
import { badRequest, FieldError } from './app-exception';

/** Issue list as `{ path, message }`; messages are Spanish (the schemas' own, else the contracts' error map). */
export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Parses a value with a contract schema; a failure is a 400 with the Spanish messages. */
export function parseOrThrow<T extends ZodType>(schema: T, value: unknown): ReturnType<T['parse']> {
  const r = schema.safeParse(value, { error: spanishIssueMessage });
  if (!r.success) {
    const errors = zodFieldErrors(r.error);
    throw badRequest(errors[0]?.message ?? MESSAGES.validation.invalidBody, errors);
  }
  return r.data as ReturnType<T['parse']>;
}
