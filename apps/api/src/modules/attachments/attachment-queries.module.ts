import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { AttachmentQueries } from './attachment-queries.service';
import { AttachmentStorage, DiskAttachmentStorage } from './attachment-storage';
import { AttachmentsRepository } from './attachments.repository';

/**
 * The attachments' reads for other modules (AttachmentQueries) and the stored bytes. Apart from
 * AttachmentsModule because that one needs the assigned tasks, which read attachments through
 * this: importing it does not bring the assigned tasks back.
 */
@Module({
  providers: [
    AttachmentsRepository,
    AttachmentQueries,
    {
      provide: AttachmentStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new DiskAttachmentStorage(config.uploadsDir),
    },
  ],
  exports: [AttachmentQueries, AttachmentStorage],
})
export class AttachmentQueriesModule {}
