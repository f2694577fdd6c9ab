import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { Observable } from 'rxjs';
import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@gestar/contracts';
import { badRequest, payloadTooLarge } from '../../common/http/app-exception';

/** The file field of an upload. */
export const UPLOAD_FIELD = 'archivo';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single(UPLOAD_FIELD);

/**
 * Reads a multipart upload into memory (one file, at most 10 MB): nothing reaches the disk or the
 * database until the whole request has arrived, so an interrupted upload leaves nothing behind.
 * Limits answer in Spanish: 413 over the size, 400 for anything else malformed.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => {
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return reject(payloadTooLarge(MESSAGES.errors.attachmentTooLarge));
        }
        const message = MESSAGES.validation.attachmentFileRequired;
        reject(badRequest(message, [{ path: UPLOAD_FIELD, message }]));
      });
    });
    return next.handle();
  }
}
