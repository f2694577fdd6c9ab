import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The board counts each card's checklist steps and those done (issue 21, docs/DECISIONS.md
 * «Data layer»). The steps' key (tarea_asignada_uuid, orden) now carries
 * `hecho` too, so that count reads the index alone instead of one heap page per step.
 */
export class BoardProgress1763700016200 implements MigrationInterface {
  name = 'BoardProgress1763700016200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tarea_asignada_checklist
        DROP CONSTRAINT tarea_asignada_checklist_tarea_asignada_uuid_orden_key,
        ADD CONSTRAINT tarea_asignada_checklist_tarea_asignada_uuid_orden_key
            UNIQUE (tarea_asignada_uuid, orden) INCLUDE (hecho)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tarea_asignada_checklist
        DROP CONSTRAINT tarea_asignada_checklist_tarea_asignada_uuid_orden_key,
        ADD CONSTRAINT tarea_asignada_checklist_tarea_asignada_uuid_orden_key UNIQUE (tarea_asignada_uuid, orden)`);
  }
}
