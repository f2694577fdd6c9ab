import { Controller, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import {
  ASSETS_ROUTES,
  AssetCodeParam,
  AssetListQuery,
  ChangeAssetStateRequest,
  CreateAssetRequest,
  UpdateAssetRequest,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AssetsService } from './assets.service';
import { AssetPageService } from './asset-page.service';
import { AssetImportService, ImportFile } from './asset-import.service';
import { ImportUploadInterceptor } from './import-upload.interceptor';

/**
 * Machines. The labels (`GET /api/assets/labels.pdf`) have a controller of their own that is
 * registered before this one, so its static path is tried before `/api/assets/:code`; the code
 * `labels.pdf` is reserved anyway (RESERVED_ASSET_CODES).
 */
@Controller()
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly pages: AssetPageService,
    private readonly imports: AssetImportService,
  ) {}

  @Endpoint(ASSETS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: AssetListQuery) {
    return this.assets.list(user, q);
  }

  @Endpoint(ASSETS_ROUTES.importPreview)
  @UseInterceptors(ImportUploadInterceptor)
  importPreview(@CurrentUser() user: AuthUser, @Req() req: Request & { file?: ImportFile }) {
    return this.imports.preview(user, req.file);
  }

  @Endpoint(ASSETS_ROUTES.import)
  @UseInterceptors(ImportUploadInterceptor)
  import(@CurrentUser() user: AuthUser, @Req() req: Request & { file?: ImportFile }) {
    return this.imports.import(user, req.file);
  }

  @Endpoint(ASSETS_ROUTES.get)
  get(@CurrentUser() user: AuthUser, @ValidParams() p: AssetCodeParam) {
    return this.pages.page(user, p.code);
  }

  @Endpoint(ASSETS_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateAssetRequest) {
    return this.assets.create(user, body);
  }

  @Endpoint(ASSETS_ROUTES.update)
  update(@CurrentUser() user: AuthUser, @ValidParams() p: AssetCodeParam, @ValidBody() body: UpdateAssetRequest) {
    return this.assets.update(user, p.code, body);
  }

  @Endpoint(ASSETS_ROUTES.remove)
  remove(@CurrentUser() user: AuthUser, @ValidParams() p: AssetCodeParam) {
    return this.assets.remove(user, p.code);
  }

  @Endpoint(ASSETS_ROUTES.changeState)
  changeState(@CurrentUser() user: AuthUser, @ValidParams() p: AssetCodeParam, @ValidBody() body: ChangeAssetStateRequest) {
    return this.assets.changeState(user, p.code, body);
  }
}
