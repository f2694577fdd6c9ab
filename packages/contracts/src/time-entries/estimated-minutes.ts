import { z } from 'zod';
import { MESSAGES } from '../messages';

const m = MESSAGES.timeEntries;

/** Estimated minutes of a task or a checklist step: a whole number 1..100 000; `null` clears it. */
export const EstimatedMinutesSchema = z.preprocess(
  (value) => (value === '' ? null : typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: m.minutosInvalid })
    .int({ error: m.minutosInvalid })
    .min(1, { error: m.minutosInvalid })
    .max(100_000, { error: m.minutosInvalid })
    .nullable()
    .optional(),
);
