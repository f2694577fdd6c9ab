import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { sql } from '../../database/sql';

export type CommentRow = Columns<'comentarios', 'uuid' | 'texto' | 'usuario_uuid' | 'fecha_creacion'> & {
  usuario_nombre: Column<'usuarios', 'nombre'>;
  usuario_apellido: Column<'usuarios', 'apellido'>;
  editado: boolean;
};

const COMMENT_SELECT = sql`
  SELECT c.uuid, c.texto, c.usuario_uuid, u.nombre AS usuario_nombre, u.apellido AS usuario_apellido, c.fecha_creacion,
         c.updated_at > c.fecha_creacion + interval '1 second' AS editado
    FROM comentarios c JOIN usuarios u ON u.uuid = c.usuario_uuid`;

/** The only writer of `comentarios`: the comments of an assigned task. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` comments, newest first, older than `before` when given (keyset on creation time and uuid). */
  page(uuid: string, limit: number, before?: { fecha_creacion: Date; uuid: string }): Promise<CommentRow[]> {
    const older = before ? sql`AND (c.fecha_creacion, c.uuid) < (${before.fecha_creacion}, ${before.uuid}::uuid)` : sql.empty;
    return this.db.query(sql`
      ${COMMENT_SELECT} WHERE c.tarea_asignada_uuid = ${uuid} ${older}
       ORDER BY c.fecha_creacion DESC, c.uuid DESC LIMIT ${limit}`);
  }

  find(uuid: string, commentUuid: string): Promise<CommentRow | null> {
    return this.db.one(sql`${COMMENT_SELECT} WHERE c.uuid = ${commentUuid} AND c.tarea_asignada_uuid = ${uuid}`);
  }

  async insert(uuid: string, usuarioUuid: string, texto: string): Promise<string> {
    const [row] = await this.db.query<Columns<'comentarios', 'uuid'>>(sql`
      INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) VALUES (${uuid}, ${usuarioUuid}, ${texto}) RETURNING uuid`);
    return row.uuid;
  }

  async update(commentUuid: string, texto: string): Promise<void> {
    await this.db.execute(sql`UPDATE comentarios SET texto = ${texto}, updated_at = now() WHERE uuid = ${commentUuid}`);
  }

  async remove(commentUuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM comentarios WHERE uuid = ${commentUuid}`);
  }
}
