"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.APP_CONFIG = void 0;
exports.loadConfig = loadConfig;
const node_crypto_1 = require("node:crypto");
const node_path_1 = require("node:path");
const contracts_1 = require("@gestar/contracts");
function bool(v, def = false) {
    if (v === undefined || v === '')
        return def;
    return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}
/** Reads the environment once; refuses a missing or short JWT secret outside the demo and tests. */
function loadConfig(rawEnv = process.env) {
    // An empty variable (common in compose env files) counts as unset.
    const env = Object.fromEntries(Object.entries(rawEnv).filter(([, v]) => v !== undefined && v !== ''));
    const seedDemo = bool(env.SEED_DEMO);
    const nodeEnv = env.NODE_ENV ?? 'production';
    let jwtSecret = env.JWT_SECRET ?? '';
    if (jwtSecret.length < 32) {
        if (seedDemo || nodeEnv === 'test' || nodeEnv === 'development') {
            jwtSecret = jwtSecret || (0, node_crypto_1.randomBytes)(48).toString('hex');
        }
        else {
            throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
        }
    }
    if (!env.DATABASE_URL)
        throw new Error('DATABASE_URL no está configurada');
    return {
        port: Number(env.PORT ?? 3000),
        databaseUrl: env.DATABASE_URL,
        jwtSecret,
        seedDemo,
        webDistDir: env.WEB_DIST_DIR ?? (0, node_path_1.resolve)(__dirname, '..', '..', 'web', 'dist'),
        timezone: env.APP_TIMEZONE ?? contracts_1.DEFAULT_TIMEZONE,
        trustedProxies: (env.TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
        nodeEnv,
        schedulerEnabled: bool(env.SCHEDULER_ENABLED, true),
        adminUsername: env.ADMIN_USERNAME,
        adminPassword: env.ADMIN_PASSWORD,
        firebaseServiceAccount: env.FIREBASE_SERVICE_ACCOUNT,
        chromiumPath: env.PUPPETEER_EXECUTABLE_PATH ?? env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        companyName: env.COMPANY_NAME,
    };
}
exports.APP_CONFIG = Symbol('APP_CONFIG');
//# sourceMappingURL=config.js.map