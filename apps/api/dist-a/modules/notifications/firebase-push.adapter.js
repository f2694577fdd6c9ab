"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.FirebasePushAdapter = exports.INVALID_TOKEN_CODES = exports.FCM_MULTICAST_LIMIT = void 0;
exports.multicastOf = multicastOf;
exports.readServiceAccount = readServiceAccount;
exports.createFirebaseMessaging = createFirebaseMessaging;
const node_fs_1 = require("node:fs");
const common_1 = require("@nestjs/common");
/** FCM accepts at most 500 tokens per multicast call. */
exports.FCM_MULTICAST_LIMIT = 500;
/** Error codes meaning the token is gone for good (unregistered, malformed): such tokens are pruned. */
exports.INVALID_TOKEN_CODES = new Set([
    'messaging/registration-token-not-registered',
    'messaging/invalid-registration-token',
    'messaging/invalid-argument',
]);
/** Push through Firebase Cloud Messaging, in batches of 500 tokens. */
class FirebasePushAdapter {
    messaging;
    enabled = true;
    logger = new common_1.Logger('Push');
    constructor(messaging) {
        this.messaging = messaging;
    }
    async sendToTokens(tokens, message) {
        const unique = [...new Set(tokens)];
        let successCount = 0;
        const invalidTokens = [];
        for (let i = 0; i < unique.length; i += exports.FCM_MULTICAST_LIMIT) {
            const batch = unique.slice(i, i + exports.FCM_MULTICAST_LIMIT);
            let answer;
            try {
                answer = await this.messaging.sendEachForMulticast(multicastOf(batch, message));
            }
            catch (err) {
                // One failed batch (FCM down, quota) must not stop the others; the inbox already has the notification.
                this.logger.warn(`FCM rechazó un lote de ${batch.length} tokens: ${err.message}`);
                continue;
            }
            successCount += answer.successCount;
            answer.responses.forEach((r, idx) => {
                if (r.success)
                    return;
                const code = r.error?.code ?? '';
                if (exports.INVALID_TOKEN_CODES.has(code))
                    invalidTokens.push(batch[idx]);
                else
                    this.logger.warn(`FCM no entregó un mensaje: ${code || r.error?.message || 'error desconocido'}`);
            });
        }
        return { successCount, invalidTokens };
    }
}
exports.FirebasePushAdapter = FirebasePushAdapter;
function multicastOf(tokens, message) {
    const notification = { title: message.titulo, body: message.mensaje };
    return {
        tokens,
        notification,
        webpush: { notification: { ...notification, icon: '/favicon.svg' }, headers: { Urgency: 'high' } },
        data: message.data ?? {},
    };
}
/** `FIREBASE_SERVICE_ACCOUNT` is either the JSON itself or the path of a JSON file. */
function readServiceAccount(value) {
    const text = value.trim().startsWith('{') ? value : (0, node_fs_1.readFileSync)(value, 'utf8');
    const parsed = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('la cuenta de servicio no es un objeto JSON');
    return parsed;
}
/** firebase-admin is loaded only when a service account is configured. */
async function createFirebaseMessaging(serviceAccount) {
    const account = readServiceAccount(serviceAccount);
    const { cert, getApps, initializeApp } = await Promise.resolve().then(() => __importStar(require('firebase-admin/app')));
    const { getMessaging } = await Promise.resolve().then(() => __importStar(require('firebase-admin/messaging')));
    const name = `gestar-${String(account.project_id ?? 'default')}`;
    // Several Nest applications in one process (tests, workers) share one Firebase app per project.
    const app = getApps().find((a) => a.name === name) ?? initializeApp({ credential: cert(account) }, name);
    return getMessaging(app);
}
//# sourceMappingURL=firebase-push.adapter.js.map