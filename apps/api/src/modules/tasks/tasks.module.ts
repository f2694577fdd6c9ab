import { Module } from '@nestjs/common';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { AssetsModule } from '../assets/assets.module';
import { ScheduledTasksModule } from '../scheduled-tasks/scheduled-tasks.module';
import { SuggestionsService } from './suggestions.service';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';
import { TasksService } from './tasks.service';

@Module({
  imports: [AssignedTasksModule, ScheduledTasksModule, AssetsModule],
  controllers: [TasksController],
  providers: [TasksService, TasksRepository, SuggestionsService],
  exports: [TasksService],
})
export class TasksModule {}
