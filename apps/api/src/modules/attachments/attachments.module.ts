import { Module } from '@nestjs/common';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { AttachmentsController } from './attachments.controller';
import { AttachmentsService } from './attachments.service';
import { AttachmentsCoreModule } from './attachments-core.module';
import { ImagePool } from './image-pool';
import { UploadInterceptor } from './upload.interceptor';

@Module({
  imports: [AssignedTasksModule, AttachmentsCoreModule],
  controllers: [AttachmentsController],
  providers: [AttachmentsService, ImagePool, UploadInterceptor],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
