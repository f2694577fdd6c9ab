import { Controller, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { ASSET_LABELS_ROUTES, type LabelParams, type LabelQuery, type LabelsSheetQuery } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AssetLabelsService, type LabelFile } from './asset-labels.service';

function download(res: Response, file: LabelFile, disposition: 'attachment' | 'inline'): StreamableFile {
  res.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(file.body, {
    type: file.contentType,
    length: file.body.length,
    disposition: `${disposition}; filename="${file.fileName}"`,
  });
}

@Controller()
export class AssetLabelsController {
  constructor(private readonly labels: AssetLabelsService) {}

  @Endpoint(ASSET_LABELS_ROUTES.sheet)
  async sheet(
    @CurrentUser() user: AuthUser,
    @ValidQuery() q: LabelsSheetQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return download(res, await this.labels.sheet(user, q.codes, q.tamano), 'attachment');
  }

  @Endpoint(ASSET_LABELS_ROUTES.one)
  async one(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: LabelParams,
    @ValidQuery() q: LabelQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    return download(res, await this.labels.one(user, p.code, q.tamano), 'inline');
  }
}
