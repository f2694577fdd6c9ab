import { Controller, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ATTACHMENTS_ROUTES, UploadAttachmentRequest, UuidParam } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AttachmentsService, UploadedFile } from './attachments.service';
import { UploadInterceptor } from './upload.interceptor';

@Controller()
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  @Endpoint(ATTACHMENTS_ROUTES.upload)
  @UseInterceptors(UploadInterceptor)
  upload(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: UuidParam,
    @ValidBody() body: UploadAttachmentRequest,
    @Req() req: Request & { file?: UploadedFile },
  ) {
    return this.attachments.upload(user, p.id, body, req.file);
  }

  @Endpoint(ATTACHMENTS_ROUTES.uploadImage)
  @UseInterceptors(UploadInterceptor)
  uploadImage(@CurrentUser() user: AuthUser, @Req() req: Request & { file?: UploadedFile }) {
    return this.attachments.uploadDescriptionImage(user, req.file);
  }

  @Endpoint(ATTACHMENTS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.attachments.list(user, p.id);
  }

  @Endpoint(ATTACHMENTS_ROUTES.download)
  download(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @Res({ passthrough: true }) res: Response) {
    return this.send(user, p.id, false, res);
  }

  @Endpoint(ATTACHMENTS_ROUTES.thumbnail)
  thumbnail(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @Res({ passthrough: true }) res: Response) {
    return this.send(user, p.id, true, res);
  }

  @Endpoint(ATTACHMENTS_ROUTES.remove)
  remove(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.attachments.remove(user, p.id);
  }

  private async send(user: AuthUser, id: string, thumbnail: boolean, res: Response): Promise<StreamableFile> {
    const file = await this.attachments.download(user, id, thumbnail);
    // A file never changes under its uuid; only this user's browser may keep it.
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(file.stream, { type: file.type, disposition: file.disposition, length: file.size });
  }
}
