import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { AttachmentStorage, DiskAttachmentStorage } from './attachment-storage';
import { AttachmentsRepository } from './attachments.repository';

/** The rows and the stored bytes of attachments, shared with the assigned tasks' detail. */
@Module({
  providers: [
    AttachmentsRepository,
    {
      provide: AttachmentStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new DiskAttachmentStorage(config.uploadsDir),
    },
  ],
  exports: [AttachmentsRepository, AttachmentStorage],
})
export class AttachmentsCoreModule {}
