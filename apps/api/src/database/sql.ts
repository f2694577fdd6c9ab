import type { PageMeta } from '@gestar/contracts';

/**
 * The one way SQL is written in the API (docs/DECISIONS.md, "Data layer").
 *
 *   sql`SELECT uuid FROM areas WHERE nombre = ${nombre} AND ${condition}`
 *
 * An interpolated value becomes a `$n` parameter; an interpolated `Sql` fragment is spliced in
 * with its own parameters renumbered, so fragments compose. Nothing else reaches the text:
 * identifiers that are not literal in the template come from `sql.ident` and its whitelist.
 */
export class Sql {
  /** @internal use the `sql` tag, `sql.join`, `sql.ident` or `sql.empty`. */
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** The statement text with `$1..$n` placeholders and its parameters, in order. */
  toQuery(): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const text = this.render(values);
    return { text, values };
  }

  private render(values: unknown[]): string {
    let text = this.strings[0];
    for (let i = 0; i < this.values.length; i++) {
      const v = this.values[i];
      if (v instanceof Sql) text += v.render(values);
      else {
        values.push(v);
        text += `$${values.length}`;
      }
      text += this.strings[i + 1];
    }
    return text;
  }

  /** True for `sql.empty` and any fragment without text. */
  get isEmpty(): boolean {
    return this.values.length === 0 && this.strings.every((s) => s.trim() === '');
  }
}

function tag(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql([...strings], values);
}

/** Fragments joined by `separator` (default `, `); empty fragments are skipped. */
function join(parts: readonly Sql[], separator: Sql | string = ', '): Sql {
  const sep = typeof separator === 'string' ? new Sql([separator], []) : separator;
  const kept = parts.filter((p) => !p.isEmpty);
  if (kept.length === 0) return EMPTY;
  const values: unknown[] = [];
  for (let i = 0; i < kept.length; i++) {
    if (i > 0) values.push(sep);
    values.push(kept[i]);
  }
  return new Sql(['', ...values.map(() => '')], values);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

/**
 * An identifier (table, column, `alias.column`) chosen at run time, only from `allowed`.
 * Anything else is a programming error and throws.
 */
function ident<T extends string>(name: T, allowed: readonly T[]): Sql {
  if (!allowed.includes(name) || !IDENTIFIER.test(name)) throw new Error(`identifier not allowed: ${name}`);
  return new Sql([name], []);
}

/**
 * An integer written into the text, for the few places PostgreSQL takes no parameter
 * (`FETCH n`). Anything but a safe integer throws.
 */
function int(n: number): Sql {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return new Sql([String(n)], []);
}

const EMPTY = new Sql([''], []);

/** `WHERE a AND b ...`, or nothing when no condition is given. */
function where(conditions: readonly Sql[]): Sql {
  const kept = conditions.filter((c) => !c.isEmpty);
  return kept.length ? tag`WHERE ${join(kept, ' AND ')}` : EMPTY;
}

export const sql = Object.assign(tag, { join, ident, int, where, empty: EMPTY });

/** What a list query needs of its page request. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** `LIMIT $n OFFSET $m` for a 1-based page. */
export function paginate(q: PageRequest): Sql {
  return sql`LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
}

/** The `meta` of a paged response. */
export function pageMeta(q: PageRequest, totalItems: number): PageMeta {
  return { totalItems, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(totalItems / q.limit) };
}

/** `%term%` for LIKE / ILIKE, with the term's own `%`, `_` and `\` escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL error codes the API answers on its own. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** The SQLSTATE of a database error (TypeORM wraps the driver's error), or undefined. */
export function pgErrorCode(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.driverError?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
