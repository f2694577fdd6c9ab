"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
var PdfRendererService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.PdfRendererService = void 0;
const node_os_1 = require("node:os");
const common_1 = require("@nestjs/common");
const puppeteer_core_1 = __importDefault(require("puppeteer-core"));
const config_1 = require("../../../config");
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
};
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
 */
let PdfRendererService = PdfRendererService_1 = class PdfRendererService {
    config;
    logger = new common_1.Logger(PdfRendererService_1.name);
    browser = null;
    /** Open pages of the running browser, not rendering now. */
    idle = [];
    /** One protocol session per open page, for the print and the stream reads. */
    sessions = new WeakMap();
    maxRenders = Math.max(1, (0, node_os_1.availableParallelism)());
    rendering = 0;
    queue = [];
    constructor(config) {
        this.config = config;
    }
    getBrowser() {
        this.browser ??= this.launch();
        return this.browser;
    }
    async launch() {
        try {
            const browser = await puppeteer_core_1.default.launch({
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
        }
        catch (error) {
            // A failed launch must not be cached: the next request tries again.
            this.browser = null;
            throw error;
        }
    }
    async render(html) {
        await this.turn();
        let page = null;
        try {
            page = await this.takePage();
            // The HTML fetches nothing and uses system fonts only: 'load' follows the parse at once,
            // and there is no web font to wait for.
            await page.setContent(html, { waitUntil: 'load' });
            const pdf = await this.print(page);
            this.idle.push(page);
            page = null;
            return pdf;
        }
        finally {
            // A page whose render failed is not trusted again.
            if (page)
                await page.close().catch(() => undefined);
            this.endTurn();
        }
    }
    /** The page as a PDF, read from Chromium's stream in small chunks. */
    async print(page) {
        let session = this.sessions.get(page);
        if (!session) {
            session = await page.createCDPSession();
            this.sessions.set(page, session);
        }
        const { stream } = await session.send('Page.printToPDF', PRINT_TO_PDF);
        if (!stream)
            throw new Error('Chromium no devolvió el PDF');
        const chunks = [];
        try {
            for (;;) {
                const { data, base64Encoded, eof } = await session.send('IO.read', { handle: stream, size: READ_CHUNK_BYTES });
                if (data)
                    chunks.push(Buffer.from(data, base64Encoded ? 'base64' : 'binary'));
                if (eof)
                    break;
            }
        }
        finally {
            await session.send('IO.close', { handle: stream }).catch(() => undefined);
        }
        return Buffer.concat(chunks);
    }
    /** An idle page of the running browser, or a new one. */
    async takePage() {
        const browser = await this.getBrowser();
        for (let page = this.idle.pop(); page; page = this.idle.pop()) {
            if (page.browser() === browser && !page.isClosed())
                return page;
        }
        const page = await browser.newPage();
        // The template is static: no script of the page ever runs, and nothing is fetched.
        await page.setJavaScriptEnabled(false);
        return page;
    }
    turn() {
        if (this.rendering < this.maxRenders) {
            this.rendering++;
            return Promise.resolve();
        }
        // The finishing render hands its turn over: `rendering` stays the same.
        return new Promise((resolve) => this.queue.push(resolve));
    }
    endTurn() {
        const next = this.queue.shift();
        if (next)
            next();
        else
            this.rendering--;
    }
    /** For tests of the relaunch: the running browser, if any. */
    currentBrowser() {
        return this.browser;
    }
    async onModuleDestroy() {
        const running = this.browser;
        this.browser = null;
        this.idle = [];
        if (running)
            await (await running.catch(() => null))?.close().catch(() => undefined);
    }
};
exports.PdfRendererService = PdfRendererService;
exports.PdfRendererService = PdfRendererService = PdfRendererService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [Object])
], PdfRendererService);
//# sourceMappingURL=pdf-renderer.service.js.map