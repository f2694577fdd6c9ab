import { Module } from '@nestjs/common';
import { AssetsController } from './assets.controller';
import { AssetsRepository } from './assets.repository';
import { AssetsService } from './assets.service';
import { AssetPageRepository } from './asset-page.repository';
import { AssetPageService } from './asset-page.service';
import { AssetImportPool } from './asset-import-pool';
import { AssetImportRepository } from './asset-import.repository';
import { AssetImportService } from './asset-import.service';
import { ImportUploadInterceptor } from './import-upload.interceptor';

/**
 * Machines («Equipos»). AssetsService is exported: problem reports change a machine's state
 * through `setState`, tasks check a task's machine through `findByUuid`.
 */
@Module({
  controllers: [AssetsController],
  providers: [
    AssetsService,
    AssetsRepository,
    AssetPageService,
    AssetPageRepository,
    AssetImportService,
    AssetImportRepository,
    AssetImportPool,
    ImportUploadInterceptor,
  ],
  exports: [AssetsService],
})
export class AssetsModule {}
