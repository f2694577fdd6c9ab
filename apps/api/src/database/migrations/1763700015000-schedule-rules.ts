import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurrence rules of schedules (issue 19): a schedule follows `regla` (an RRULE of the subset in
 * the contracts' recurrence.ts) or, when it has none, every `intervalo_repeticion` days exactly as
 * before. `inicio` anchors the rule (its first week, month or year counts its INTERVAL from
 * there); `fin` and `repeticiones` end the series; `fechas_generadas` counts the occurrence dates
 * produced (what `repeticiones` limits). Existing schedules get no rule and keep their behaviour.
 */
export class ScheduleRules1763700015000 implements MigrationInterface {
  name = 'ScheduleRules1763700015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE programaciones_tareas
        ADD COLUMN regla text CHECK (regla IS NULL OR length(regla) BETWEEN 1 AND 200),
        ADD COLUMN inicio date,
        ADD COLUMN fin date,
        ADD COLUMN repeticiones integer CHECK (repeticiones IS NULL OR repeticiones BETWEEN 1 AND 1000),
        ADD COLUMN fechas_generadas integer NOT NULL DEFAULT 0 CHECK (fechas_generadas >= 0)`);
    await q.query(`UPDATE programaciones_tareas SET inicio = proxima_ejecucion`);
    await q.query(`ALTER TABLE programaciones_tareas ALTER COLUMN inicio SET NOT NULL, ALTER COLUMN inicio SET DEFAULT CURRENT_DATE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE programaciones_tareas
        DROP COLUMN fechas_generadas, DROP COLUMN repeticiones, DROP COLUMN fin, DROP COLUMN inicio, DROP COLUMN regla`);
  }
}
