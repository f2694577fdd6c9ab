import { availableParallelism } from 'node:os';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { APP_CONFIG, type AppConfig } from '../../../config';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--headless'];

/** Page numbers in every page's footer (Chromium fills pageNumber/totalPages). */
const FOOTER = `<div style="font-size:8px;width:100%;text-align:center;color:#555;font-family:sans-serif">
  Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>`;

/**
 * HTML -> PDF with the system Chromium. One browser, launched on the first
 * request and shared by all of them (a launch costs about a second); launched
 * again if it dies; closed with the module. Its pages are kept and reused:
 * each render replaces the page's whole document, so opening and closing a
 * tab is paid once per page, not per PDF. At most one render per core runs at
 * a time (Chromium's layout and printing are CPU-bound); the rest wait.
 */
@Injectable()
export class PdfRendererService implements OnModuleDestroy {
  private readonly logger = new Logger(PdfRendererService.name);
  private browser: Promise<Browser> | null = null;
  /** Open pages of the running browser, not rendering now. */
  private idle: Page[] = [];
  private readonly maxRenders = Math.max(1, availableParallelism());
  private rendering = 0;
  private readonly queue: (() => void)[] = [];

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
        this.idle = this.idle.filter((page) => page.browser() !== browser);
      });
      return browser;
    } catch (error) {
      // A failed launch must not be cached: the next request tries again.
      this.browser = null;
      throw error;
    }
  }

  async render(html: string): Promise<Buffer> {
    await this.turn();
    let page: Page | null = null;
    try {
      page = await this.takePage();
      // The HTML fetches nothing and uses system fonts only: 'load' follows the parse at once,
      // and there is no web font to wait for.
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        waitForFonts: false,
        format: 'A4',
        landscape: true,
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: FOOTER,
        margin: { top: '12mm', bottom: '14mm', left: '8mm', right: '8mm' },
      });
      this.idle.push(page);
      page = null;
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      // A page whose render failed is not trusted again.
      if (page) await page.close().catch(() => undefined);
      this.endTurn();
    }
  }

  /** An idle page of the running browser, or a new one. */
  private async takePage(): Promise<Page> {
    const browser = await this.getBrowser();
    for (let page = this.idle.pop(); page; page = this.idle.pop()) {
      if (page.browser() === browser && !page.isClosed()) return page;
    }
    const page = await browser.newPage();
    // The template is static: no script of the page ever runs, and nothing is fetched.
    await page.setJavaScriptEnabled(false);
    return page;
  }

  private turn(): Promise<void> {
    if (this.rendering < this.maxRenders) {
      this.rendering++;
      return Promise.resolve();
    }
    // The finishing render hands its turn over: `rendering` stays the same.
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private endTurn(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.rendering--;
  }

  /** For tests of the relaunch: the running browser, if any. */
  currentBrowser(): Promise<Browser> | null {
    return this.browser;
  }

  async onModuleDestroy(): Promise<void> {
    const running = this.browser;
    this.browser = null;
    this.idle = [];
    if (running) await (await running.catch(() => null))?.close().catch(() => undefined);
  }
}
