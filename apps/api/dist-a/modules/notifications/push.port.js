"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NoopPushAdapter = exports.PUSH_PORT = void 0;
exports.PUSH_PORT = Symbol('PUSH_PORT');
/** Without Firebase configured: nothing is pushed; the inbox and live events still deliver. */
class NoopPushAdapter {
    enabled = false;
    sendToTokens() {
        return Promise.resolve({ successCount: 0, invalidTokens: [] });
    }
}
exports.NoopPushAdapter = NoopPushAdapter;
//# sourceMappingURL=push.port.js.map