import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { readMultipart } from '../../common/http/multipart';

export { UPLOAD_FIELD } from '../../common/http/multipart';

/**
 * Reads a multipart upload into memory before the handler (common/http/multipart.ts): an
 * interrupted upload leaves nothing behind.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    await readMultipart(http.getRequest<Request>(), http.getResponse<Response>());
    return next.handle();
  }
}
