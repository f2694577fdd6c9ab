import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller';
import { DocsService } from './docs.service';

/** OpenAPI document and HTML reference generated from the contracts (GET /api/docs). */
@Module({ controllers: [DocsController], providers: [DocsService] })
export class DocsModule {}
