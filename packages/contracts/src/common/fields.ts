import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { DateInputSchema, UuidSchema } from './common.schemas';

/**
 * Field builders shared by the request schemas. Each one reports the given
 * Spanish message for a missing value too (zod's own English text never
 * reaches a user).
 */

const v = MESSAGES.validation;

/** `''` and `null` count as "not given" in forms and query strings. */
export function blankToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** Turns numeric strings (form inputs, query strings) into numbers; blanks into undefined. */
export function numericInput(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

/** Required text: trimmed, not blank, at most `max` characters. */
export function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: textTooLongMax(max) });
}

/** Optional text: trimmed, at most `max` characters; `null` is kept (clears the field). */
export function optionalText(max: number) {
  return z.string().trim().max(max, { error: textTooLongMax(max) }).nullable().optional();
}

/** Required uuid: missing or blank -> `required`; malformed -> the generic uuid message. */
export function requiredUuid(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true }).pipe(UuidSchema);
}

/** Optional uuid: `''`/`null`/missing -> undefined. */
export function optionalUuid() {
  return z.preprocess(blankToUndefined, UuidSchema.optional());
}

/** Clearable uuid: missing -> undefined (unchanged), `''`/`null` -> null (cleared). */
export function clearableUuid() {
  return z.preprocess((value) => (value === '' ? null : value), UuidSchema.nullable().optional());
}

/** Non-empty list of uuids; a missing or empty list reports `required`. */
export function requiredUuidList(required: string) {
  return z
    .array(UuidSchema, { error: required })
    .min(1, { error: required })
    .transform((list) => [...new Set(list)]);
}

/** Required integer >= `min` that also accepts numeric strings from form inputs. */
export function requiredInteger(opts: {
  required: string;
  integer: string;
  min: number;
  minMessage: string;
  max?: number;
  maxMessage?: string;
}) {
  let n = z.number({ error: opts.required }).int({ error: opts.integer }).min(opts.min, { error: opts.minMessage });
  if (opts.max !== undefined) n = n.max(opts.max, { error: opts.maxMessage ?? opts.minMessage });
  return z.preprocess(numericInput, n);
}

/** Optional text filter of a query string: trimmed, blank -> undefined. */
export function queryText(max = 200) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.preprocess(blankToUndefined, z.string().max(max, { error: textTooLongMax(max) }).optional()),
  );
}

/** Optional uuid of a query string: blank -> undefined. */
export function queryUuid() {
  return optionalUuid();
}

/** Optional boolean of a query string or body: accepts `true`/`false` and `'true'`/`'false'`. */
export function booleanInput(message: string = v.invalidBoolean) {
  return z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : blankToUndefined(value)),
    z.boolean({ error: message }).optional(),
  );
}

/** Required date (`YYYY-MM-DD` or ISO date-time): missing or blank -> `required`. */
export function requiredDate(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true }).pipe(DateInputSchema);
}

/** Optional date of a query string or body: blank -> undefined. */
export function optionalDate() {
  return z.preprocess(blankToUndefined, DateInputSchema.optional());
}
