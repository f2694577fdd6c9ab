import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { PageMeta } from '@gestar/contracts';
import { conflict, notFound } from '../http/app-exception';

/** What a catalog repository (organisation-wide name + description records) offers its service. */
export interface CatalogRepository<Row, Query extends { page: number; limit: number }, Create, Update> {
  list(q: Query): Promise<{ rows: Row[]; total: number }>;
  findOne(uuid: string): Promise<Row | null>;
  insert(input: Create): Promise<Row>;
  update(uuid: string, input: Update): Promise<Row | null>;
  lock(em: EntityManager, uuid: string): Promise<boolean>;
  inUse(em: EntityManager, uuid: string): Promise<boolean>;
  delete(em: EntityManager, uuid: string): Promise<void>;
}

function isForeignKeyViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23503';
}

/**
 * The rules shared by job positions and task types: organisation-wide (no area scope),
 * paged lists, 404 for unknown ids, and a delete refused with 409 while something uses the record.
 */
export abstract class CatalogService<Row, Query extends { page: number; limit: number }, Create, Update> {
  protected constructor(
    private readonly ds: DataSource,
    private readonly repo: CatalogRepository<Row, Query, Create, Update>,
    private readonly inUseMessage: string,
  ) {}

  async list(q: Query): Promise<{ data: Row[]; meta: PageMeta }> {
    const { rows, total } = await this.repo.list(q);
    return { data: rows, meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
  }

  async get(uuid: string): Promise<Row> {
    const row = await this.repo.findOne(uuid);
    if (!row) throw notFound();
    return row;
  }

  create(input: Create): Promise<Row> {
    return this.repo.insert(input);
  }

  async update(uuid: string, input: Update): Promise<Row> {
    const row = await this.repo.update(uuid, input);
    if (!row) throw notFound();
    return row;
  }

  /** Locked while checked, so a record taken into use concurrently is not deleted under it. */
  async remove(uuid: string): Promise<{ ok: true }> {
    try {
      await this.ds.transaction(async (em) => {
        if (!(await this.repo.lock(em, uuid))) throw notFound();
        if (await this.repo.inUse(em, uuid)) throw conflict(this.inUseMessage);
        await this.repo.delete(em, uuid);
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(this.inUseMessage);
      throw err;
    }
    return { ok: true };
  }
}
