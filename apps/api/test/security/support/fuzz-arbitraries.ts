import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries derived from the contracts' zod schemas (through
 * `z.toJSONSchema`, output side: what a valid request looks like after parsing),
 * then mutated into hostile input.
 */
type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
}

/** A plausible value for one JSON-schema node; uuids come from `uuids` (real ids reach the service). */
export function valueFor(s: JsonSchema, uuids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valueFor(a, uuids, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return uuids;
      if (s.format === 'date') return fc.constantFrom('2031-03-04', '2030-12-31');
      if (s.format === 'date-time') return fc.constant('2031-03-04T12:00:00.000Z');
      return fc.string({ minLength: 1, maxLength: Math.min(s.maxLength ?? 30, 30) });
    case 'integer':
      return fc.integer({ min: s.minimum ?? 1, max: Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1000, 1000)) });
    case 'number':
      return fc.double({ noNaN: true, min: s.minimum ?? 0, max: s.maximum ?? 1000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueFor(s.items ?? {}, uuids, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(s, uuids, depth + 1);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function objectFor(s: JsonSchema, uuids: fc.Arbitrary<string>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) record[k] = valueFor(v, uuids, depth);
  return fc.record(record, { requiredKeys: s.required?.filter((k) => k in props) ?? [] });
}

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

/** Strings an attacker or a broken client sends. */
export const EVIL_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u001f',
  "' OR '1'='1",
  "'; DROP TABLE usuarios; --",
  '1; SELECT pg_sleep(5)--',
  '" OR ""="',
  '\\',
  '%00',
  '%27%20OR%201=1',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\uD800',
  '\uDFFF\uD800',
  '🙂'.repeat(40),
  'Ñandú ÁÉÍÓÚ ü',
  '\u202Egnp.exe',
  'ا٠١٢٣٤',
  '𝕏'.repeat(300),
  'true',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '2030-02-30',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '__proto__',
  'constructor',
];

/** A hostile JSON value: wrong types, huge strings, deep nesting, prototype keys. */
export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...EVIL_STRINGS),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -2147483649,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    [],
    {},
    [null],
    ['x'],
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'A'.repeat(n)),
  fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([d, arr]) => nested(d, 'x', arr)),
  fc.constant(
    JSON.parse(
      '{"__proto__":{"isAdmin":true,"permisos":["read:all:areas"]},"constructor":{"prototype":{"polluted":true}}}',
    ),
  ),
  fc.array(fc.anything({ maxDepth: 3 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 5 }),
);

export type BodyInput = { raw: string } | { json: unknown };

/** Mutations of a plausible body into an invalid one. */
export function mutatedBody(schema: z.ZodType, uuids: fc.Arbitrary<string>): fc.Arbitrary<BodyInput> {
  const js = jsonSchemaOf(schema);
  const base = valueFor(js, uuids) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(js.properties ?? {});
  const key = keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 10 });
  return fc.oneof(
    // One field of the wrong kind.
    fc.tuple(base, key, evilValue).map(([b, k, v]) => ({ json: { ...b, [k]: v } })),
    // Every field hostile.
    fc.tuple(base, fc.array(evilValue, { minLength: keys.length, maxLength: keys.length })).map(([b, vs]) => ({
      json: Object.fromEntries(Object.keys(b).map((k, i) => [k, vs[i] ?? null])),
    })),
    // A required field dropped.
    fc.tuple(base, key).map(([b, k]) => {
      const copy = { ...b };
      delete copy[k];
      return { json: copy };
    }),
    // Prototype keys next to plausible fields (own properties, as JSON.parse makes them).
    base.map((b) => ({
      raw: JSON.stringify(b)
        .replace(/^\{/, '{"__proto__":{"activo":false,"permisos":["create:user"]},"constructor":{"prototype":{"x":1}},')
        .replace(',}', '}'),
    })),
    // Not an object at all.
    evilValue.map((v) => ({ json: v })),
    // Not JSON.
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        "{'a':1}",
        'null',
        '"texto"',
        '\u0000',
        '{"a":1}{"b":2}',
        '{"__proto__":',
        'x'.repeat(100),
      )
      .map((raw) => ({ raw })),
  );
}

/** A hostile value for a query string or a path segment. */
export const evilText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EVIL_STRINGS.filter((s) => !/[\uD800-\uDFFF]/.test(s) || s.length > 2)),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 500, max: 8000 }).map((n) => 'B'.repeat(n)),
  fc.integer().map(String),
);

/** Query keys the schema knows plus prototype and bracket keys. */
export function mutatedQuery(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, string>> {
  const keys = schema ? Object.keys(jsonSchemaOf(schema).properties ?? {}) : [];
  const names = fc.oneof(
    ...(keys.length ? [fc.constantFrom(...keys)] : []),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      '__proto__[admin]',
      'page[$gt]',
      'limit[]',
      'area_uuid[0]',
    ),
    fc.string({ minLength: 1, maxLength: 12 }),
  );
  return fc.dictionary(names, evilText, { minKeys: 1, maxKeys: 4 });
}
