import type { Selectable } from 'kysely';
import type { DB } from '../../generated/schema';

/**
 * The rows of each table as a SELECT answers them, from the migrated schema
 * (`generated/schema.d.ts`, outside `src`: it is written by a script, never by hand; issue 32 §4). A repository declares a row that is a table's columns as
 * `Columns<'table', 'a' | 'b'>` and its computed fields (joins, aggregates, aliases) apart, so a
 * column renamed or retyped by a migration fails the typecheck of every repository that names it.
 */
export type Tables = { [T in keyof DB]: Selectable<DB[T]> };

/** Columns `C` of table `T`, with the types the database gives them. */
export type Columns<T extends keyof DB, C extends keyof Tables[T]> = Pick<Tables[T], C>;

/** One column's type: for a field that carries a column under another name (an alias). */
export type Column<T extends keyof DB, C extends keyof Tables[T]> = Tables[T][C];

/**
 * A column read as text (`to_char(...)`, `::text`, or inside `json_build_object`): a date column
 * answers a string there; other types are kept.
 */
export type AsText<T> = T extends Date ? string : T;

/**
 * A column the schema types only loosely (a JSON document) given the type `T` the code knows it
 * holds: naming the column (`Column<…>`) still makes a rename fail the typecheck.
 */
export type Holding<Col, T> = [Col] extends [unknown] ? T : never;
