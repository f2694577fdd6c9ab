import { Controller, Header } from '@nestjs/common';
import { DOCS_ROUTES } from '@gestar/contracts';
import { Endpoint } from '../../common/auth/decorators';
import { DocsService } from './docs.service';

@Controller()
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  // Static path declared before any other `/docs/...` so it is never shadowed.
  @Endpoint(DOCS_ROUTES.openapi)
  openApi() {
    return this.docs.openApi();
  }

  @Endpoint(DOCS_ROUTES.page)
  @Header('Content-Type', 'text/html; charset=utf-8')
  // The page has no script, image or font: only its inline <style> and style attributes.
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
  page(): string {
    return this.docs.html();
  }
}
