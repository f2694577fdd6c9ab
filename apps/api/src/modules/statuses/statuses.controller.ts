import { Controller } from '@nestjs/common';
import {
  CreateStatusRequest,
  STATUSES_ROUTES,
  StatusListQuery,
  UpdateStatusRequest,
  UuidParam,
} from '@gestar/contracts';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import { StatusesService } from './statuses.service';

@Controller()
export class StatusesController {
  constructor(private readonly statuses: StatusesService) {}

  @Endpoint(STATUSES_ROUTES.list)
  list(@ValidQuery() q: StatusListQuery) {
    return this.statuses.list(q);
  }

  @Endpoint(STATUSES_ROUTES.create)
  create(@ValidBody() body: CreateStatusRequest) {
    return this.statuses.create(body);
  }

  @Endpoint(STATUSES_ROUTES.update)
  update(@ValidParams() p: UuidParam, @ValidBody() body: UpdateStatusRequest) {
    return this.statuses.update(p.id, body);
  }

  @Endpoint(STATUSES_ROUTES.remove)
  remove(@ValidParams() p: UuidParam) {
    return this.statuses.remove(p.id);
  }
}
