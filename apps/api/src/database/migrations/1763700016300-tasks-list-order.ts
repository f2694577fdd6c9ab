import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tasks list (newest first, active or not) reads its page from an index in its own order
 * instead of sorting every task of the catalog, and counts its total apart (issue 21,
 * docs/DECISIONS.md «Data layer»).
 */
export class TasksListOrder1763700016300 implements MigrationInterface {
  name = 'TasksListOrder1763700016300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX tareas_lista_idx ON tareas (activo, fecha_creacion DESC, uuid DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX tareas_lista_idx`);
  }
}
