import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A notification about an assigned task names it, so a click opens that task (`/?tarea=`). No
 * foreign key: an occurrence deleted later leaves a link the drawer answers with 404.
 */
export class NotificationTaskLink1763700013400 implements MigrationInterface {
  name = 'NotificationTaskLink1763700013400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notificaciones ADD COLUMN tarea_asignada_uuid uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notificaciones DROP COLUMN IF EXISTS tarea_asignada_uuid`);
  }
}
