import { Transactional } from '@nestjs-cls/transactional';
import type { PageMeta } from '@gestar/contracts';
import { PG, pageMeta, pgErrorCode } from '../../database/sql';
import { conflict, notFound } from '../http/app-exception';
import type { CatalogListQuery, CatalogRepository, CatalogRow, CatalogWrite } from './catalog.repository';

/**
 * The rules every catalog shares (areas, statuses, task types, job positions): paged lists,
 * 404 for an unknown id, a write refused with 409 when its name (or a status's order) is taken,
 * and a delete refused with 409 while something uses the record.
 */
/** The unique index a unique violation names (TypeORM wraps the driver's error). */
function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; driverError?: { constraint?: unknown } };
  const name = typeof e.constraint === 'string' ? e.constraint : e.driverError?.constraint;
  return typeof name === 'string' ? name : undefined;
}

export class CatalogService<Row extends CatalogRow> {
  constructor(
    private readonly repo: CatalogRepository<Row>,
    private readonly inUseMessage: string,
    private readonly unique: Readonly<Record<string, string>> = {},
    private readonly goneMessage?: string,
  ) {}

  async list(q: CatalogListQuery): Promise<{ data: Row[]; meta: PageMeta }> {
    const { rows, total } = await this.repo.list(q);
    return { data: rows, meta: pageMeta(q, total) };
  }

  async get(uuid: string): Promise<Row> {
    const row = await this.repo.findOne(uuid);
    if (!row) throw notFound(this.goneMessage);
    return row;
  }

  create(input: CatalogWrite<Row>): Promise<Row> {
    return this.uniquely(() => this.repo.insert(input));
  }

  async update(uuid: string, input: CatalogWrite<Row>): Promise<Row> {
    const row = await this.uniquely(() => this.repo.update(uuid, input));
    if (!row) throw notFound(this.goneMessage);
    return row;
  }

  /** A write that would break one of the table's unique indexes answers 409 with that index's text. */
  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      const message = pgErrorCode(err) === PG.uniqueViolation ? this.unique[pgConstraint(err) ?? ''] : undefined;
      if (message) throw conflict(message);
      throw err;
    }
  }

  /**
   * Locked while checked, so a record taken into use concurrently is not deleted under it;
   * the foreign keys answer the same 409 if the check ever misses a reference.
   */
  @Transactional()
  async remove(uuid: string): Promise<{ ok: true }> {
    if (!(await this.repo.lock(uuid))) throw notFound(this.goneMessage);
    if (await this.repo.inUse(uuid)) throw conflict(this.inUseMessage);
    try {
      await this.repo.delete(uuid);
    } catch (err) {
      if (pgErrorCode(err) === PG.foreignKeyViolation) throw conflict(this.inUseMessage);
      throw err;
    }
    return { ok: true };
  }
}
