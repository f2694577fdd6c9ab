import { Module } from '@nestjs/common';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { AttachmentsController } from './attachments.controller';
import { AttachmentsService } from './attachments.service';
import { AttachmentQueriesModule } from './attachment-queries.module';
import { AttachmentsRepository } from './attachments.repository';
import { ImagePool } from './image-pool';
import { UploadInterceptor } from './upload.interceptor';

@Module({
  imports: [AssignedTasksModule, AttachmentQueriesModule],
  controllers: [AttachmentsController],
  providers: [AttachmentsService, AttachmentsRepository, ImagePool, UploadInterceptor],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
