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
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuthService = void 0;
const common_1 = require("@nestjs/common");
const jwt_1 = require("@nestjs/jwt");
const node_crypto_1 = require("node:crypto");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("../../common/http/app-exception");
const user_state_service_1 = require("../../common/auth/user-state.service");
const password_1 = require("./password");
function sha256(value) {
    return (0, node_crypto_1.createHash)('sha256').update(value).digest('hex');
}
let AuthService = class AuthService {
    ds;
    jwt;
    userState;
    constructor(ds, jwt, userState) {
        this.ds = ds;
        this.jwt = jwt;
        this.userState = userState;
    }
    async login(input, address) {
        const username = input.username.trim();
        await this.assertNotRateLimited(username, address);
        const rows = await this.ds.query(`SELECT u.uuid, u.username, u.nombre, u.apellido, u.activo, u.password_hash,
              r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
              p.uuid AS puesto_uuid, p.nombre AS puesto_nombre, p.descripcion AS puesto_descripcion
         FROM usuarios u
         JOIN roles r ON r.uuid = u.rol_uuid
         LEFT JOIN descripciones_puesto p ON p.uuid = u.descripcion_puesto_uuid
        WHERE lower(u.username) = lower($1)`, [username]);
        const row = rows[0];
        const ok = row ? await (0, password_1.verifyPassword)(row.password_hash, input.password) : (await (0, password_1.verifyPassword)(await (0, password_1.dummyHash)(), input.password), false);
        if (!row || !ok || !row.activo) {
            await this.ds.query(`INSERT INTO login_attempts (username, address) VALUES ($1, $2)`, [username.toLowerCase().slice(0, 100), address.slice(0, 100)]);
            throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.loginFailed);
        }
        await this.ds.query(`DELETE FROM login_attempts WHERE lower(username) = lower($1) AND address = $2`, [username, address]);
        const token = this.signAccessToken(row);
        const refreshToken = await this.issueRefreshToken(this.ds.manager, row.uuid, (0, node_crypto_1.randomUUID)());
        return {
            user: {
                uuid: row.uuid,
                nombre: row.nombre,
                apellido: row.apellido,
                username: row.username,
                descripcion_puesto: row.puesto_uuid
                    ? { uuid: row.puesto_uuid, nombre: row.puesto_nombre ?? '', descripcion: row.puesto_descripcion ?? '' }
                    : null,
            },
            token,
            refreshToken,
        };
    }
    /** Counted in PostgreSQL so several API processes share the limit. */
    async assertNotRateLimited(username, address) {
        const window = `${contracts_1.LOGIN_RATE_LIMIT.windowMinutes} minutes`;
        const [counts] = await this.ds.query(`SELECT count(*) FILTER (WHERE lower(username) = lower($1)) AS per_user, count(*) AS per_address
         FROM login_attempts
        WHERE address = $2 AND attempted_at > now() - $3::interval`, [username, address, window]);
        if (Number(counts.per_user) >= contracts_1.LOGIN_RATE_LIMIT.perUserAndAddress || Number(counts.per_address) >= contracts_1.LOGIN_RATE_LIMIT.perAddress) {
            throw (0, app_exception_1.tooManyRequests)(contracts_1.MESSAGES.errors.tooManyLoginAttempts);
        }
    }
    signAccessToken(row) {
        return this.jwt.sign({
            sub: row.uuid,
            username: row.username,
            role: { uuid: row.rol_uuid, nombre: row.rol_nombre, permisos: row.permisos },
        });
    }
    async issueRefreshToken(em, userUuid, familyUuid) {
        const { token } = await this.insertRefreshToken(em, userUuid, familyUuid);
        return token;
    }
    async insertRefreshToken(em, userUuid, familyUuid) {
        const token = (0, node_crypto_1.randomBytes)(32).toString('base64url');
        const [row] = await em.query(`INSERT INTO refresh_tokens (usuario_uuid, family_uuid, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + $4::interval) RETURNING uuid`, [userUuid, familyUuid, sha256(token), `${contracts_1.REFRESH_TOKEN_TTL_DAYS} days`]);
        return { token, uuid: row.uuid };
    }
    /**
     * Rotation with reuse detection: a token is good once; presenting a rotated one
     * revokes its whole family, except the immediately previous token within the
     * grace window (two tabs refreshing at once).
     */
    async refresh(refreshToken) {
        if (!refreshToken)
            throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.invalidRefreshToken);
        const outcome = await this.ds.transaction(async (em) => {
            const rows = await em.query(`SELECT uuid, usuario_uuid, family_uuid, expires_at, rotated_at, replaced_by_uuid, revoked_at
           FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`, [sha256(refreshToken)]);
            const row = rows[0];
            if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now())
                return { kind: 'invalid' };
            if (row.rotated_at) {
                const withinGrace = Date.now() - row.rotated_at.getTime() <= contracts_1.REFRESH_REUSE_GRACE_SECONDS * 1000;
                const [successor] = row.replaced_by_uuid
                    ? await em.query(`SELECT rotated_at, revoked_at FROM refresh_tokens WHERE uuid = $1`, [row.replaced_by_uuid])
                    : [];
                const isPrevious = successor && !successor.rotated_at && !successor.revoked_at;
                if (!withinGrace || !isPrevious) {
                    await em.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_uuid = $1 AND revoked_at IS NULL`, [row.family_uuid]);
                    return { kind: 'reuse' };
                }
                const next = await this.insertRefreshToken(em, row.usuario_uuid, row.family_uuid);
                return { kind: 'ok', userUuid: row.usuario_uuid, token: next.token };
            }
            const next = await this.insertRefreshToken(em, row.usuario_uuid, row.family_uuid);
            await em.query(`UPDATE refresh_tokens SET rotated_at = now(), replaced_by_uuid = $2 WHERE uuid = $1`, [row.uuid, next.uuid]);
            return { kind: 'ok', userUuid: row.usuario_uuid, token: next.token };
        });
        if (outcome.kind !== 'ok')
            throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.invalidRefreshToken);
        const rows = await this.ds.query(`SELECT u.uuid, u.username, u.activo, r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos
         FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE u.uuid = $1`, [outcome.userUuid]);
        const user = rows[0];
        if (!user || !user.activo)
            throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.userInactive);
        this.userState.invalidate(user.uuid);
        return { token: this.signAccessToken(user), refreshToken: outcome.token };
    }
    /** Revokes the refresh token's family when it belongs to the caller. */
    async logout(userUuid, refreshToken) {
        if (refreshToken) {
            await this.ds.query(`UPDATE refresh_tokens SET revoked_at = now()
          WHERE revoked_at IS NULL AND family_uuid = (SELECT family_uuid FROM refresh_tokens WHERE token_hash = $1 AND usuario_uuid = $2)`, [sha256(refreshToken), userUuid]);
        }
        return { ok: true };
    }
    /** Revoke every refresh token of a user (deactivation, password change). */
    async revokeAllFor(userUuid, em = this.ds.manager) {
        await em.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE usuario_uuid = $1 AND revoked_at IS NULL`, [userUuid]);
    }
};
exports.AuthService = AuthService;
exports.AuthService = AuthService = __decorate([
    (0, common_1.Injectable)(),
    __param(2, (0, common_1.Inject)(user_state_service_1.UserStateService)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        jwt_1.JwtService,
        user_state_service_1.UserStateService])
], AuthService);
//# sourceMappingURL=auth.service.js.map