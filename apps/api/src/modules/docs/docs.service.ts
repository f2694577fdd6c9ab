import { Injectable } from '@nestjs/common';
import type { OpenApiDocument } from '@gestar/contracts';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi';

/** The contracts are fixed for the life of the process: build the document and its page once. */
@Injectable()
export class DocsService {
  private document?: OpenApiDocument;
  private page?: string;

  openApi(): OpenApiDocument {
    this.document ??= buildOpenApiDocument();
    return this.document;
  }

  html(): string {
    this.page ??= renderDocsPage(this.openApi());
    return this.page;
  }
}
