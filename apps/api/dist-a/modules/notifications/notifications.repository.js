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
Object.defineProperty(exports, "__esModule", { value: true });
exports.NotificationsRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const COLUMNS = 'uuid, usuario_uuid, titulo, mensaje, leida, fecha_creacion';
let NotificationsRepository = class NotificationsRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** One device per token: a token registered again moves to the caller (the browser changed hands). */
    async upsertDevice(usuarioUuid, token, plataforma) {
        await this.ds.query(`INSERT INTO dispositivos (usuario_uuid, token, plataforma) VALUES ($1, $2, $3)
       ON CONFLICT (token) DO UPDATE SET usuario_uuid = EXCLUDED.usuario_uuid, plataforma = EXCLUDED.plataforma, updated_at = now()`, [usuarioUuid, token, plataforma]);
    }
    /** The devices of several users at once: [user, token] pairs. */
    async tokensByUser(usuarioUuids) {
        if (!usuarioUuids.length)
            return [];
        return this.ds.query(`SELECT usuario_uuid, token FROM dispositivos WHERE usuario_uuid = ANY($1::uuid[])`, [usuarioUuids]);
    }
    async deleteTokens(tokens) {
        if (!tokens.length)
            return;
        await this.ds.query(`DELETE FROM dispositivos WHERE token = ANY($1::varchar[])`, [tokens]);
    }
    async findRecipient(uuid) {
        const rows = await this.ds.query(`SELECT u.uuid, u.activo,
              coalesce(array_agg(ua.area_uuid) FILTER (WHERE ua.area_uuid IS NOT NULL), '{}')::uuid[] AS area_uuids
         FROM usuarios u LEFT JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid
        WHERE u.uuid = $1 GROUP BY u.uuid`, [uuid]);
        return rows[0] ?? null;
    }
    /** Active users, all (`areaUuids` null) or those belonging to at least one of the areas. */
    async activeUsers(areaUuids) {
        const rows = await this.ds.query(`SELECT u.uuid FROM usuarios u
        WHERE u.activo AND ($1::uuid[] IS NULL
              OR EXISTS (SELECT 1 FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid AND ua.area_uuid = ANY($1::uuid[])))
        ORDER BY u.uuid`, [areaUuids]);
        return rows.map((r) => r.uuid);
    }
    async activeAmong(uuids) {
        if (!uuids.length)
            return [];
        const rows = await this.ds.query(`SELECT uuid FROM usuarios WHERE activo AND uuid = ANY($1::uuid[]) ORDER BY uuid`, [
            uuids,
        ]);
        return rows.map((r) => r.uuid);
    }
    /** One inbox row per recipient, in one statement. */
    async insertMany(em, recipients, n) {
        return em.query(`INSERT INTO notificaciones (usuario_uuid, titulo, mensaje, enviado_por_uuid)
       SELECT r, $2, $3, $4 FROM unnest($1::uuid[]) AS r
       RETURNING ${COLUMNS}`, [recipients, n.titulo, n.mensaje, n.enviadoPor]);
    }
    /**
     * One inbox row per item, each with its own recipient and text, in one statement (rows
     * come back in input order). With `activeOnly`, items for inactive users are left out.
     */
    async insertEach(em, items, activeOnly = false) {
        if (!items.length)
            return [];
        return em.query(`INSERT INTO notificaciones (usuario_uuid, titulo, mensaje, enviado_por_uuid)
       SELECT i.usuario_uuid, i.titulo, i.mensaje, i.enviado_por_uuid
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) WITH ORDINALITY AS i(usuario_uuid, titulo, mensaje, enviado_por_uuid, n)
        WHERE NOT $5::boolean OR EXISTS (SELECT 1 FROM usuarios u WHERE u.uuid = i.usuario_uuid AND u.activo)
        ORDER BY i.n
       RETURNING ${COLUMNS}`, [items.map((i) => i.usuarioUuid), items.map((i) => i.titulo), items.map((i) => i.mensaje), items.map((i) => i.enviadoPor), activeOnly]);
    }
    async inbox(usuarioUuid, q) {
        const params = [usuarioUuid];
        let where = 'usuario_uuid = $1';
        if (q.leida !== undefined) {
            params.push(q.leida);
            where += ` AND leida = $${params.length}`;
        }
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM notificaciones WHERE ${where}`, params);
        const rows = await this.ds.query(`SELECT ${COLUMNS} FROM notificaciones WHERE ${where}
        ORDER BY fecha_creacion DESC, uuid DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, q.limit, (q.page - 1) * q.limit]);
        return { rows, total };
    }
    async unreadCount(usuarioUuid) {
        const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM notificaciones WHERE usuario_uuid = $1 AND NOT leida`, [
            usuarioUuid,
        ]);
        return n;
    }
    /** Only the owner's row matches: someone else's notification looks like a missing one. */
    async markRead(uuid, usuarioUuid) {
        const [rows] = await this.ds.query(`UPDATE notificaciones SET leida = true WHERE uuid = $1 AND usuario_uuid = $2 RETURNING ${COLUMNS}`, [uuid, usuarioUuid]);
        return rows[0] ?? null;
    }
    async markAllRead(usuarioUuid) {
        const [, affected] = await this.ds.query(`UPDATE notificaciones SET leida = true WHERE usuario_uuid = $1 AND NOT leida`, [usuarioUuid]);
        return affected;
    }
};
exports.NotificationsRepository = NotificationsRepository;
exports.NotificationsRepository = NotificationsRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], NotificationsRepository);
//# sourceMappingURL=notifications.repository.js.map