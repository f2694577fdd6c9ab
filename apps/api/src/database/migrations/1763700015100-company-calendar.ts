import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The company calendar (issue 19): non-working days besides the weekly days off
 * (APP_WORKING_DAYS), and what each schedule does when an occurrence falls on one. Existing
 * schedules keep generating on every date (`generar`), as before; a new schedule moves to the
 * next working day unless told otherwise. Administrators read and edit the calendar;
 * supervisors read it.
 */
export class CompanyCalendar1763700015100 implements MigrationInterface {
  name = 'CompanyCalendar1763700015100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dias_no_laborables (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        fecha date NOT NULL UNIQUE,
        descripcion varchar(120) NOT NULL,
        origen varchar(10) NOT NULL DEFAULT 'manual' CHECK (origen IN ('manual', 'feriado')),
        creado_por_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      ALTER TABLE programaciones_tareas
        ADD COLUMN dias_no_laborables varchar(16) NOT NULL DEFAULT 'generar'
          CHECK (dias_no_laborables IN ('omitir', 'siguiente_habil', 'generar')),
        ADD COLUMN anticipacion_dias integer NOT NULL DEFAULT 0 CHECK (anticipacion_dias BETWEEN 0 AND 365)`);
    await q.query(`UPDATE roles SET permisos = permisos || ARRAY['read:calendar', 'update:calendar']::text[]
      WHERE nombre = 'Administrador' AND NOT ('read:calendar' = ANY(permisos))`);
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'read:calendar')
      WHERE nombre = 'Supervisor' AND NOT ('read:calendar' = ANY(permisos))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permisos = array_remove(array_remove(permisos, 'read:calendar'), 'update:calendar')`);
    await q.query(`ALTER TABLE programaciones_tareas DROP COLUMN anticipacion_dias, DROP COLUMN dias_no_laborables`);
    await q.query(`DROP TABLE IF EXISTS dias_no_laborables`);
  }
}
