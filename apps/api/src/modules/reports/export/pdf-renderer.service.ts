import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { MESSAGES } from '@gestar/contracts';
import { serviceUnavailable } from '../../../common/http/app-exception';
import { APP_CONFIG, type AppConfig } from '../../../config';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--headless'];

/** Page numbers in every page's footer (Chromium fills pageNumber/totalPages). */
const FOOTER = `<div style="font-size:8px;width:100%;text-align:center;color:#555;font-family:sans-serif">
  Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>`;

/** Inches per millimetre (the DevTools protocol measures paper and margins in inches). */
const MM = 1 / 25.4;

/**
 * `Page.printToPDF` with the options puppeteer's `page.pdf()` would send for
 * A4 landscape, backgrounds, the page-number footer and these margins.
 */
const PRINT_TO_PDF = {
  transferMode: 'ReturnAsStream',
  landscape: true,
  displayHeaderFooter: true,
  headerTemplate: '<span></span>',
  footerTemplate: FOOTER,
  printBackground: true,
  scale: 1,
  paperWidth: 8.2677,
  paperHeight: 11.6929,
  marginTop: 12 * MM,
  marginBottom: 14 * MM,
  marginLeft: 8 * MM,
  marginRight: 8 * MM,
  pageRanges: '',
  preferCSSPageSize: false,
  generateTaggedPDF: true,
  generateDocumentOutline: false,
} as const;

/**
 * Bytes per read of the PDF stream. Each read arrives as base64 inside one
 * protocol message; kept under V8's large-object threshold (128 KiB), those
 * strings die young instead of piling up in the old generation between full
 * collections (a whole 150 KB PDF in one read grew the API's RSS by about 10 %
 * over 100 renders).
 */
const READ_CHUNK_BYTES = 64 * 1024;

/**
 * HTML -> PDF with the system Chromium. One browser, launched on the first
 * request and shared by all of them (a launch costs about a second); launched
 * again if it dies; closed with the module. Its pages are kept and reused:
 * each render replaces the page's whole document, so opening and closing a
 * tab is paid once per page, not per PDF. At most one render per core runs at
 * a time (Chromium's layout and printing are CPU-bound); the rest wait.
 * Without a Chromium it can start, a PDF export answers 503 (PDF export not
 * available on this server) and the API warns once at start.
 */
@Injectable()
export class PdfRendererService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PdfRendererService.name);
  private browser: Promise<Browser> | null = null;
  /** Open pages of the running browser, not rendering now. */
  private idle: Page[] = [];
  /** One protocol session per open page, for the print and the stream reads. */
  private readonly sessions = new WeakMap<Page, CDPSession>();
  private readonly maxRenders = Math.max(1, availableParallelism());
  private rendering = 0;
  private readonly queue: (() => void)[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    if (!this.chromiumFound()) {
      this.logger.warn(
        `No se encontró Chromium en ${this.config.chromiumPath}: la exportación a PDF no está disponible (defina PUPPETEER_EXECUTABLE_PATH o CHROMIUM_PATH)`,
      );
    }
  }

  /** Whether the configured Chromium is an executable file. */
  private chromiumFound(): boolean {
    try {
      accessSync(this.config.chromiumPath, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  private getBrowser(): Promise<Browser> {
    this.browser ??= this.launch();
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    try {
      // Required on the first PDF, not at start (a quarter of a second of every start otherwise).
      const { default: puppeteer } = await import('puppeteer-core');
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
      // A failed launch must not be cached: the next request tries again. A missing Chromium was
      // warned about at start; any other launch failure is logged.
      this.browser = null;
      if (this.chromiumFound())
        this.logger.error('Chromium no pudo iniciarse', error instanceof Error ? error.stack : String(error));
      throw serviceUnavailable(MESSAGES.errors.pdfUnavailable);
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
      const pdf = await this.print(page);
      this.idle.push(page);
      page = null;
      return pdf;
    } finally {
      // A page whose render failed is not trusted again.
      if (page) await page.close().catch(() => undefined);
      this.endTurn();
    }
  }

  /** The page as a PDF, read from Chromium's stream in small chunks. */
  private async print(page: Page): Promise<Buffer> {
    let session = this.sessions.get(page);
    if (!session) {
      session = await page.createCDPSession();
      this.sessions.set(page, session);
    }
    const { stream } = await session.send('Page.printToPDF', PRINT_TO_PDF);
    if (!stream) throw new Error('Chromium no devolvió el PDF');
    const chunks: Buffer[] = [];
    try {
      for (;;) {
        const { data, base64Encoded, eof } = await session.send('IO.read', { handle: stream, size: READ_CHUNK_BYTES });
        if (data) chunks.push(Buffer.from(data, base64Encoded ? 'base64' : 'binary'));
        if (eof) break;
      }
    } finally {
      await session.send('IO.close', { handle: stream }).catch(() => undefined);
    }
    return Buffer.concat(chunks);
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
