import type { z } from 'zod';

export type FlatIssue = { path: string; message: string };

/** The issues of a failed parse as `{ path: 'a.b', message }`; [] when it passes. */
export function issuesOf(schema: z.ZodType, input: unknown): FlatIssue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export type InvalidCase = { name: string; input: unknown; path: string; message: string };

/** Runs the standard table: valid inputs parse, each invalid one reports its message at its path. */
export function describeSchema(
  title: string,
  schema: z.ZodType,
  valid: Array<{ name: string; input: unknown }>,
  invalid: InvalidCase[],
): void {
  describe(title, () => {
    it.each(valid)('accepts $name', ({ input }) => {
      expect(issuesOf(schema, input)).toEqual([]);
    });
    if (invalid.length === 0) return;
    it.each(invalid)('rejects $name', ({ input, path, message }) => {
      expect(issuesOf(schema, input)).toContainEqual({ path, message });
    });
  });
}

export const U1 = '0b6f7c1e-6a4d-4f7b-9c1e-2d3a4b5c6d7e';
export const U2 = '1c7a8d2f-7b5e-4a8c-8d2f-3e4b5c6d7e8f';
export const U3 = '2d8b9e3a-8c6f-4b9d-9e3a-4f5c6d7e8f90';
