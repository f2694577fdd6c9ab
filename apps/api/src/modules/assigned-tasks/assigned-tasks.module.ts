import { Module } from '@nestjs/common';
import { AssignedTaskEvents } from './assigned-task-events';
import { AssignedTasksController } from './assigned-tasks.controller';
import { AssignedTasksRepository } from './assigned-tasks.repository';
import { AssignedTasksService } from './assigned-tasks.service';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';
import { OccurrencesService } from './occurrences.service';
import { OccurrenceFinishedHooks } from './occurrence-finished';
import { NotificationsModule } from '../notifications/notifications.module';
import { AttachmentQueriesModule } from '../attachments/attachment-queries.module';

@Module({
  imports: [NotificationsModule, AttachmentQueriesModule],
  controllers: [AssignedTasksController],
  providers: [
    AssignedTasksService,
    OccurrencesService,
    AssignedTasksRepository,
    CommentsRepository,
    CommentsService,
    AssignedTaskEvents,
    OccurrenceFinishedHooks,
  ],
  exports: [AssignedTasksService, OccurrencesService, AssignedTaskEvents, OccurrenceFinishedHooks],
})
export class AssignedTasksModule {}
