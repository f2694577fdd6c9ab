import { Module } from '@nestjs/common';
import { AssetLabelsController } from './asset-labels.controller';
import { AssetLabelsRepository } from './asset-labels.repository';
import { AssetLabelsService } from './asset-labels.service';
import { LabelPool } from './label-pool';

/**
 * Machine labels (QR code, name, code, area) as a PDF sheet or one PNG. Registered before the
 * assets module, so `GET /api/assets/labels.pdf` is routed here and not to `/api/assets/:code`.
 */
@Module({
  controllers: [AssetLabelsController],
  providers: [AssetLabelsService, AssetLabelsRepository, LabelPool],
})
export class AssetLabelsModule {}
