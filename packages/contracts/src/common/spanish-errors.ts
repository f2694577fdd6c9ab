import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';

/**
 * Spanish text for every issue a schema does not word itself (a JSON array as
 * a body, a repeated query parameter, a wrong type, an unknown option...), so
 * that zod's English never reaches a person. The API passes it to every parse
 * of a request; `installSpanishErrors()` makes it zod's global map (API and web
 * call it once at start).
 */

const v = MESSAGES.validation;

/** What a value of each zod type is called in a message ("debe ser un número"). */
const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'verdadero o falso',
  object: 'un objeto',
  array: 'una lista',
  date: 'una fecha',
  null: 'nulo',
};

type Issue = z.core.$ZodRawIssue;

function fieldOf(issue: Issue): string | null {
  const path = (issue.path ?? []).filter((p) => typeof p === 'string' || typeof p === 'number');
  return path.length === 0 ? null : path.map(String).join('.');
}

/** The Spanish message of a zod issue; the schema's own message, when it has one, wins over this. */
export function spanishIssueMessage(issue: Issue): string {
  const field = fieldOf(issue);
  const subject = field === null ? 'El valor' : `El campo «${field}»`;
  switch (issue.code) {
    case 'invalid_type': {
      if (field === null && issue.expected === 'object') return v.bodyNotObject;
      if (Array.isArray(issue.input) && issue.expected !== 'array') return `${subject} admite un solo valor`;
      if (issue.input === undefined) return `${subject} es requerido`;
      return `${subject} debe ser ${TYPE_NAMES[issue.expected] ?? 'de otro tipo'}`;
    }
    case 'invalid_value':
      return `${subject} debe ser uno de estos valores: ${issue.values.map((x) => String(x)).join(', ')}`;
    case 'too_big':
      if (issue.origin === 'string') return textTooLongMax(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} admite como máximo ${String(issue.maximum)} elementos`;
      return `${subject} debe ser menor o igual a ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return `${subject} debe tener al menos ${String(issue.minimum)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${subject} debe tener al menos ${String(issue.minimum)} elementos`;
      return `${subject} debe ser mayor o igual a ${String(issue.minimum)}`;
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return v.invalidUuid;
      if (issue.format === 'datetime' || issue.format === 'date') return v.invalidDate;
      return `${subject} no tiene un formato válido`;
    case 'not_multiple_of':
      return `${subject} debe ser múltiplo de ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `${v.unknownField}: ${issue.keys.join(', ')}`;
    default:
      return field === null ? v.invalidBody : `${subject} no es válido`;
  }
}

/** Makes `spanishIssueMessage` zod's global error map (idempotent). */
export function installSpanishErrors(): void {
  z.config({ customError: spanishIssueMessage });
}
