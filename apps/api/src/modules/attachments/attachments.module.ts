import { Module } from '@nestjs/common';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { AssetsModule } from '../assets/assets.module';
import { AttachmentsController } from './attachments.controller';
import { AssetAttachmentsController } from './asset-attachments.controller';
import { AssetAttachmentsService } from './asset-attachments.service';
import { AssetFilesAccess } from './asset-files-access';
import { AttachmentsService } from './attachments.service';
import { AttachmentQueriesModule } from './attachment-queries.module';
import { AttachmentsRepository } from './attachments.repository';
import { ImagePool } from './image-pool';
import { UploadInterceptor } from './upload.interceptor';

@Module({
  imports: [AssignedTasksModule, AttachmentQueriesModule, AssetsModule],
  controllers: [AttachmentsController, AssetAttachmentsController],
  providers: [AttachmentsService, AttachmentsRepository, ImagePool, UploadInterceptor, AssetAttachmentsService, AssetFilesAccess],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
