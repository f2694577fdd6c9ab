import { MigrationInterface, QueryRunner } from 'typeorm';

/** Comment pages newest first by (creation time, uuid): the index serves every page the same. */
export class CommentsKeyset1763700013300 implements MigrationInterface {
  name = 'CommentsKeyset1763700013300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX comentarios_pagina_idx ON comentarios (tarea_asignada_uuid, fecha_creacion DESC, uuid DESC)`);
    await q.query(`DROP INDEX IF EXISTS comentarios_tarea_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS comentarios_tarea_idx ON comentarios (tarea_asignada_uuid, fecha_creacion)`);
    await q.query(`DROP INDEX IF EXISTS comentarios_pagina_idx`);
  }
}
