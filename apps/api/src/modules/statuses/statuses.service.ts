import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { CreateStatusRequest, MESSAGES, StatusListQuery, StatusListResponse, StatusResponse, UpdateStatusRequest } from '@gestar/contracts';
import { conflict, notFound } from '../../common/http/app-exception';
import { StatusesRepository } from './statuses.repository';

function isForeignKeyViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23503';
}

/** Statuses are organisation-wide. The contract schema already upper-cases `color`. */
@Injectable()
export class StatusesService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: StatusesRepository,
  ) {}

  async list(q: StatusListQuery): Promise<StatusListResponse> {
    const { rows, total } = await this.repo.list(q);
    return { data: rows, meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
  }

  create(input: CreateStatusRequest): Promise<StatusResponse> {
    return this.repo.insert({ ...input, color: input.color.toUpperCase() });
  }

  async update(uuid: string, input: UpdateStatusRequest): Promise<StatusResponse> {
    const row = await this.repo.update(uuid, { ...input, color: input.color.toUpperCase() });
    if (!row) throw notFound();
    return row;
  }

  /** Refused (409) while any assigned task uses the status: its history must stay readable. */
  async remove(uuid: string): Promise<{ ok: true }> {
    try {
      await this.ds.transaction(async (em) => {
        if (!(await this.repo.lock(em, uuid))) throw notFound();
        if (await this.repo.inUse(em, uuid)) throw conflict(MESSAGES.errors.statusInUse);
        await this.repo.delete(em, uuid);
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(MESSAGES.errors.statusInUse);
      throw err;
    }
    return { ok: true };
  }
}
