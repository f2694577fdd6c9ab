import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import puppeteer, { type Browser } from 'puppeteer-core';
import { APP_CONFIG, type AppConfig } from '../../../config';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--headless'];

/** Page numbers in every page's footer (Chromium fills pageNumber/totalPages). */
const FOOTER = `<div style="font-size:8px;width:100%;text-align:center;color:#555;font-family:sans-serif">
  Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>`;

/**
 * HTML -> PDF with the system Chromium. One browser, launched on the first
 * request and shared by all of them (a launch costs about a second); launched
 * again if it dies; closed with the module.
 */
@Injectable()
export class PdfRendererService implements OnModuleDestroy {
  private readonly logger = new Logger(PdfRendererService.name);
  private browser: Promise<Browser> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private getBrowser(): Promise<Browser> {
    this.browser ??= this.launch();
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    try {
      const browser = await puppeteer.launch({
        executablePath: this.config.chromiumPath,
        args: CHROMIUM_ARGS,
        headless: true,
      });
      browser.on('disconnected', () => {
        this.logger.warn('Chromium se desconectó; se relanzará en el próximo PDF');
        this.browser = null;
      });
      return browser;
    } catch (error) {
      // A failed launch must not be cached: the next request tries again.
      this.browser = null;
      throw error;
    }
  }

  async render(html: string): Promise<Buffer> {
    const browser = await this.getBrowser();
    const page = await browser.newPage();
    try {
      // The template is static: no script of the page ever runs, and nothing is fetched.
      await page.setJavaScriptEnabled(false);
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'A4',
        landscape: true,
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: FOOTER,
        margin: { top: '12mm', bottom: '14mm', left: '8mm', right: '8mm' },
      });
      return Buffer.from(pdf);
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  /** For tests of the relaunch: the running browser, if any. */
  currentBrowser(): Promise<Browser> | null {
    return this.browser;
  }

  async onModuleDestroy(): Promise<void> {
    const running = this.browser;
    this.browser = null;
    if (running) await (await running.catch(() => null))?.close().catch(() => undefined);
  }
}
