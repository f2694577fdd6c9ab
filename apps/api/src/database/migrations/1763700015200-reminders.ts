import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminders and escalation (issue 19): one row per reminder sent, so each kind reaches each
 * person once per occurrence and day whatever the number of API processes (the unique index
 * decides which process sends it). `tarea_asignada_uuid` is null for the daily digest.
 */
export class Reminders1763700015200 implements MigrationInterface {
  name = 'Reminders1763700015200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recordatorios (
        tipo varchar(20) NOT NULL CHECK (tipo IN ('vence_manana', 'vence_hoy', 'vencida', 'escalada', 'resumen')),
        usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
        tarea_asignada_uuid uuid REFERENCES tareas_asignadas(uuid) ON DELETE CASCADE,
        dia date NOT NULL,
        enviado_en timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX recordatorios_una_vez_idx ON recordatorios
      (tipo, usuario_uuid, dia, COALESCE(tarea_asignada_uuid, '00000000-0000-0000-0000-000000000000'::uuid))`);
    await q.query(`CREATE INDEX recordatorios_enviado_idx ON recordatorios (enviado_en)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS recordatorios`);
  }
}
