import { Db } from '../../database/db';
import { likePattern, paginate, type PageRequest, Sql, sql } from '../../database/sql';

/** A catalog record: its uuid and the columns it is written and answered with. */
export type CatalogRow = { uuid: string };
export type CatalogWrite<Row extends CatalogRow> = Omit<Row, 'uuid'>;

/**
 * How one catalog table is read and written. Every fragment is a literal `sql` template
 * written here in code; request values only ever reach a statement as parameters.
 */
export interface CatalogTable<Row extends CatalogRow> {
  table: Sql;
  /** Each field of the record (the API speaks the column names) and its column. */
  columns: { [K in keyof CatalogWrite<Row>]-?: Sql };
  orderBy: Sql;
  /** A condition that is true while something uses the record `uuid`: its delete is refused. */
  inUse: (uuid: string) => Sql;
  /**
   * The table's unique indexes (by name) and the 409 text a write answers when it would
   * break one, naming the field (`Ya existe un estado con ese nombre`).
   */
  unique: Record<string, string>;
}

export interface CatalogListQuery extends PageRequest {
  /** Part of the name, case and accent insensitive. */
  nombre?: string;
  /** Only these records (an area scope); null or absent = all. */
  scope?: readonly string[] | null;
}

/** The queries of one catalog table (areas, statuses, task types, job positions). */
export class CatalogRepository<Row extends CatalogRow> {
  private readonly fields: (keyof CatalogWrite<Row> & string)[];
  private readonly select: Sql;

  constructor(
    private readonly db: Db,
    private readonly t: CatalogTable<Row>,
  ) {
    this.fields = Object.keys(t.columns) as (keyof CatalogWrite<Row> & string)[];
    this.select = sql.join([sql`uuid`, ...this.fields.map((f) => this.column(f))]);
  }

  private column(field: keyof CatalogWrite<Row>): Sql {
    return this.t.columns[field];
  }

  async list(q: CatalogListQuery): Promise<{ rows: Row[]; total: number }> {
    const where = sql.where([
      q.scope ? sql`uuid = ANY(${q.scope}::uuid[])` : sql.empty,
      q.nombre ? sql`lower(f_unaccent(nombre)) LIKE lower(f_unaccent(${likePattern(q.nombre)}))` : sql.empty,
    ]);
    const [counted] = await this.db.query<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM ${this.t.table} ${where}`,
    );
    const rows = await this.db.query<Row>(
      sql`SELECT ${this.select} FROM ${this.t.table} ${where} ORDER BY ${this.t.orderBy} ${paginate(q)}`,
    );
    return { rows, total: counted?.total ?? 0 };
  }

  findOne(uuid: string): Promise<Row | null> {
    return this.db.one<Row>(sql`SELECT ${this.select} FROM ${this.t.table} WHERE uuid = ${uuid}`);
  }

  async insert(input: CatalogWrite<Row>): Promise<Row> {
    const columns = sql.join(this.fields.map((f) => this.column(f)));
    const values = sql.join(this.fields.map((f) => sql`${input[f]}`));
    const row = await this.db.one<Row>(
      sql`INSERT INTO ${this.t.table} (${columns}) VALUES (${values}) RETURNING ${this.select}`,
    );
    return row!;
  }

  update(uuid: string, input: CatalogWrite<Row>): Promise<Row | null> {
    const set = sql.join(this.fields.map((f) => sql`${this.column(f)} = ${input[f]}`));
    return this.db.one<Row>(
      sql`UPDATE ${this.t.table} SET ${set}, updated_at = now() WHERE uuid = ${uuid} RETURNING ${this.select}`,
    );
  }

  /** Locks the record for the rest of the transaction; false when it does not exist. */
  async lock(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM ${this.t.table} WHERE uuid = ${uuid} FOR UPDATE`)) !== null;
  }

  async inUse(uuid: string): Promise<boolean> {
    const row = await this.db.one<{ used: boolean }>(sql`SELECT (${this.t.inUse(uuid)}) AS used`);
    return row?.used === true;
  }

  async delete(uuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${this.t.table} WHERE uuid = ${uuid}`);
  }
}
