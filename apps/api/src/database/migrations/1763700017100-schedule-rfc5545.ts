import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurrence follows RFC 5545 (issue 31): a month day a month lacks is now skipped. The schedules
 * saved before, whose day 29, 30 or 31 meant "or the last day of shorter months", keep that
 * meaning, written as the RFC says it (BYMONTHDAY=28,...,d with BYSETPOS=-1). A fourth policy for
 * a non-working day: the previous working day (`anterior_habil`).
 */
export class ScheduleRfc55451763700017100 implements MigrationInterface {
  name = 'ScheduleRfc55451763700017100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE programaciones_tareas
         SET regla = regexp_replace(regla, 'BYMONTHDAY=(29|30|31)$',
               'BYMONTHDAY=' || CASE substring(regla FROM 'BYMONTHDAY=(29|30|31)$')
                 WHEN '29' THEN '28,29' WHEN '30' THEN '28,29,30' ELSE '28,29,30,31' END || ';BYSETPOS=-1')
       WHERE regla ~ '^FREQ=MONTHLY;INTERVAL=[0-9]+;BYMONTHDAY=(29|30|31)$'
          OR regla ~ '^FREQ=YEARLY;INTERVAL=[0-9]+;BYMONTH=2;BYMONTHDAY=29$'`);
    await q.query(
      `ALTER TABLE programaciones_tareas DROP CONSTRAINT IF EXISTS programaciones_tareas_dias_no_laborables_check`,
    );
    await q.query(`ALTER TABLE programaciones_tareas ADD CONSTRAINT programaciones_tareas_dias_no_laborables_check
      CHECK (dias_no_laborables IN ('omitir', 'siguiente_habil', 'anterior_habil', 'generar'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE programaciones_tareas SET dias_no_laborables = 'siguiente_habil' WHERE dias_no_laborables = 'anterior_habil'`,
    );
    await q.query(
      `ALTER TABLE programaciones_tareas DROP CONSTRAINT IF EXISTS programaciones_tareas_dias_no_laborables_check`,
    );
    await q.query(`ALTER TABLE programaciones_tareas ADD CONSTRAINT programaciones_tareas_dias_no_laborables_check
      CHECK (dias_no_laborables IN ('omitir', 'siguiente_habil', 'generar'))`);
    await q.query(`
      UPDATE programaciones_tareas
         SET regla = regexp_replace(regla, 'BYMONTHDAY=28,[0-9,]*?(29|30|31);BYSETPOS=-1$', 'BYMONTHDAY=\\1')
       WHERE regla ~ 'BYMONTHDAY=28,[0-9,]+;BYSETPOS=-1$'`);
  }
}
