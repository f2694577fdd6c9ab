import { Module } from '@nestjs/common';
import { catalogProvider } from '../../common/catalog/catalog.module';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { STATUSES } from './statuses.catalog';
import { StatusesController } from './statuses.controller';
import { StatusesRepository } from './statuses.repository';
import { StatusesService } from './statuses.service';

@Module({
  imports: [AssignedTasksModule],
  controllers: [StatusesController],
  providers: [catalogProvider(STATUSES), StatusesService, StatusesRepository],
})
export class StatusesModule {}
