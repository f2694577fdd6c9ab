import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { MESSAGES } from '@gestar/contracts';
import { AppException, payloadTooLarge } from '../../common/http/app-exception';
import { readMultipart } from '../../common/http/multipart';

/**
 * Reads an import's multipart upload into memory before the handler; a file over the uploads'
 * own limit answers the import's 413 («supera los 5 MB»), the service refuses one over 5 MB.
 */
@Injectable()
export class ImportUploadInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    try {
      await readMultipart(http.getRequest<Request>(), http.getResponse<Response>());
    } catch (err) {
      if (err instanceof AppException && err.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE) {
        throw payloadTooLarge(MESSAGES.assets.importFileTooLarge);
      }
      throw err;
    }
    return next.handle();
  }
}
