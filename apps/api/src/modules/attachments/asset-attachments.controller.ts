import { Controller, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { ASSETS_ROUTES, AssetCodeDocumentParam, AssetCodeParam, UploadAssetAttachmentRequest } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import type { UploadedFile } from './attachments.service';
import { AssetAttachmentsService } from './asset-attachments.service';
import { UploadInterceptor } from './upload.interceptor';

/** A machine's photo and documents: here, because only this module writes `adjuntos`. */
@Controller()
export class AssetAttachmentsController {
  constructor(private readonly files: AssetAttachmentsService) {}

  @Endpoint(ASSETS_ROUTES.uploadAttachment)
  @UseInterceptors(UploadInterceptor)
  upload(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: AssetCodeParam,
    @ValidBody() body: UploadAssetAttachmentRequest,
    @Req() req: Request & { file?: UploadedFile },
  ) {
    return this.files.upload(user, p.code, body, req.file);
  }

  @Endpoint(ASSETS_ROUTES.removeAttachment)
  remove(@CurrentUser() user: AuthUser, @ValidParams() p: AssetCodeDocumentParam) {
    return this.files.remove(user, p.code, p.documentId);
  }
}
