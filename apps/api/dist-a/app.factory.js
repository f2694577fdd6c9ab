"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.createApp = createApp;
exports.prepareDatabase = prepareDatabase;
require("reflect-metadata");
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const express_1 = __importDefault(require("express"));
const helmet_1 = __importDefault(require("helmet"));
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const app_module_1 = require("./app.module");
const error_filter_1 = require("./common/http/error.filter");
const migrate_1 = require("./database/migrate");
const seed_1 = require("./database/seeds/seed");
/** Firebase hosts web push needs (DECISIONS section 6), and nothing else outside 'self'. */
const FIREBASE_CONNECT = [
    'https://fcmregistrations.googleapis.com',
    'https://firebaseinstallations.googleapis.com',
    'https://fcm.googleapis.com',
];
const isApiPath = (req) => req.path === '/api' || req.path.startsWith('/api/');
/**
 * Security headers. Documents (the web client) get the full helmet set with the CSP of
 * DECISIONS section 6. API answers are data, never rendered as a page: they get the OWASP
 * REST set (a CSP that allows nothing, no framing, nosniff, no referrer), which keeps each
 * JSON answer about 700 bytes lighter. A route that answers HTML sets its own CSP.
 */
function securityHeaders(config) {
    const hsts = config.nodeEnv === 'production';
    const documents = (0, helmet_1.default)({
        contentSecurityPolicy: {
            useDefaults: false,
            directives: {
                'default-src': ["'self'"],
                'script-src': ["'self'"],
                'style-src': ["'self'", "'unsafe-inline'"],
                'img-src': ["'self'", 'data:', 'https:'],
                'font-src': ["'self'", 'data:'],
                'connect-src': ["'self'", ...FIREBASE_CONNECT],
                'worker-src': ["'self'"],
                'manifest-src': ["'self'"],
                'object-src': ["'none'"],
                'base-uri': ["'self'"],
                'form-action': ["'self'"],
                'frame-ancestors': ["'none'"],
            },
        },
        crossOriginEmbedderPolicy: false,
        strictTransportSecurity: hsts,
    });
    const api = (0, helmet_1.default)({
        contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
        crossOriginEmbedderPolicy: false,
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
        xFrameOptions: { action: 'deny' },
        strictTransportSecurity: hsts,
    });
    return (req, res, next) => (isApiPath(req) ? api : documents)(req, res, next);
}
/**
 * `res.json` of API answers: the JSON text goes to the socket as it is. Express's own copies
 * it into a Buffer to measure it, a second 400 KB copy per 500-card board. No ETag, no
 * 304 (API answers are `no-store`); Node leaves the body out of HEAD answers by itself.
 */
function sendJson(body) {
    const text = JSON.stringify(body) ?? '';
    if (!this.hasHeader('Content-Type'))
        this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
}
/** Builds the configured application (shared by main.ts and the tests). */
async function createApp(config, options = {}) {
    const app = await core_1.NestFactory.create(app_module_1.AppModule.forRoot(config), {
        bodyParser: false,
        logger: options.logger ?? ['error', 'warn', 'log'],
    });
    app.set('trust proxy', config.trustedProxies.length ? config.trustedProxies : false);
    app.disable('x-powered-by');
    app.use(securityHeaders(config));
    // API answers carry one user's data: never kept by a browser or a proxy, so no validator (ETag) either.
    app.set('etag', false);
    app.use((req, res, next) => {
        if (isApiPath(req)) {
            res.setHeader('Cache-Control', 'no-store');
        }
        next();
    });
    app.use(express_1.default.json({ limit: contracts_1.MAX_BODY_BYTES, type: ['application/json', 'application/*+json'] }));
    // Body-parser errors (too large, broken JSON) never reach Nest's filters: answer them here.
    app.use((err, _req, res, next) => {
        if (!err)
            return next();
        const body = (0, error_filter_1.toErrorBody)(err);
        res.status(body.statusCode).json(body);
    });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new error_filter_1.ErrorFilter());
    app.enableShutdownHooks();
    serveWeb(app, config);
    return app;
}
/** The built web client: static files, `firebase-messaging-sw.js` as JavaScript, SPA fallback for deep links. */
function serveWeb(app, config) {
    const dir = config.webDistDir;
    const index = (0, node_path_1.join)(dir, 'index.html');
    if (!(0, node_fs_1.existsSync)(index)) {
        new common_1.Logger('Web').warn(`No se encontró el cliente web en ${dir}; solo se sirve la API`);
        return;
    }
    const statics = express_1.default.static(dir, {
        index: false,
        maxAge: '1h',
        setHeaders: (res, path) => {
            if (path.includes(`${(0, node_path_1.join)(dir, 'assets')}`))
                res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
            if (path.endsWith('.js'))
                res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            if (path.endsWith('firebase-messaging-sw.js'))
                res.setHeader('Service-Worker-Allowed', '/');
        },
    });
    // API paths never name a file of the client: skip the file lookup (a stat per request) for them.
    app.use((req, res, next) => (isApiPath(req) ? next() : statics(req, res, next)));
    app.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req))
            return next();
        // A missing file with an extension is a 404, not the SPA (so a missing worker script is never HTML).
        if (/\.[a-z0-9]+$/i.test(req.path))
            return next();
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(index);
    });
}
/** Migrations (under an advisory lock), then the seed: demo organisation or first admin. */
async function prepareDatabase(app, config) {
    const ds = app.get(typeorm_1.DataSource);
    const applied = await (0, migrate_1.runMigrations)(ds);
    if (applied.length)
        new common_1.Logger('Database').log(`Migraciones aplicadas: ${applied.join(', ')}`);
    await (0, seed_1.seedDatabase)(ds, config);
}
//# sourceMappingURL=app.factory.js.map