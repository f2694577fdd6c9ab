import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  CreateStatusRequest,
  MESSAGES,
  StatusListQuery,
  StatusListResponse,
  StatusCategory,
  StatusResponse,
  UpdateStatusRequest,
} from '@gestar/contracts';
import { InjectCatalog } from '../../common/catalog/catalog.module';
import type { CatalogService } from '../../common/catalog/catalog.service';
import { conflict, notFound } from '../../common/http/app-exception';
import { AssignedTasksService } from '../assigned-tasks/assigned-tasks.service';
import { STATUSES } from './statuses.catalog';
import { StatusesRepository } from './statuses.repository';

/**
 * The catalog's CRUD plus the category rules: a status created without a category is `en_curso`,
 * one updated without it keeps its own; at least one `terminada` status always exists; and a
 * change into or out of `terminada` moves the completion of the status's tasks with it, in the
 * same transaction.
 */
@Injectable()
export class StatusesService {
  constructor(
    @InjectCatalog(STATUSES) private readonly catalog: CatalogService<StatusResponse>,
    private readonly repo: StatusesRepository,
    private readonly assignedTasks: AssignedTasksService,
  ) {}

  list(q: StatusListQuery): Promise<StatusListResponse> {
    return this.catalog.list({ page: q.page, limit: q.limit });
  }

  create(input: CreateStatusRequest): Promise<StatusResponse> {
    return this.catalog.create({ ...input, categoria: input.categoria ?? 'en_curso' });
  }

  @Transactional()
  async update(uuid: string, input: UpdateStatusRequest): Promise<StatusResponse> {
    const current = await this.lockCategory(uuid, input.categoria !== undefined && input.categoria !== 'terminada');
    const categoria = input.categoria ?? current;
    const row = await this.catalog.update(uuid, { ...input, categoria });
    if ((current === 'terminada') !== (categoria === 'terminada')) {
      await this.assignedTasks.statusCategoryChanged(uuid, categoria === 'terminada');
    }
    return row;
  }

  /** A status in use answers that first (the more useful reason); an unused last `terminada` one, its own 409. */
  @Transactional()
  async remove(uuid: string): Promise<{ ok: true }> {
    const rows = await this.repo.lockWithFinished(uuid);
    if (!rows.some((r) => r.uuid === uuid)) throw notFound(MESSAGES.errors.statusGone);
    if (isLastFinished(rows, uuid)) {
      if (await this.repo.inUse(uuid)) throw conflict(MESSAGES.errors.statusInUse);
      throw conflict(MESSAGES.errors.lastFinishedStatus);
    }
    return this.catalog.remove(uuid);
  }

  /**
   * The status's category, with it and every `terminada` status locked; when `leaving`, 409 if
   * it is the last `terminada` one.
   */
  private async lockCategory(uuid: string, leaving: boolean): Promise<StatusCategory> {
    const rows = await this.repo.lockWithFinished(uuid);
    const self = rows.find((r) => r.uuid === uuid);
    if (!self) throw notFound(MESSAGES.errors.statusGone);
    if (leaving && isLastFinished(rows, uuid)) throw conflict(MESSAGES.errors.lastFinishedStatus);
    return self.categoria;
  }
}

function isLastFinished(rows: readonly { uuid: string; categoria: StatusCategory }[], uuid: string): boolean {
  const finished = rows.filter((r) => r.categoria === 'terminada');
  return finished.length === 1 && finished[0]!.uuid === uuid;
}
