import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The years whose public holidays were brought into the company calendar (issue 31): the
 * automatic import brings a year once, so a holiday an administrator removed does not come back,
 * and the calendar screen says which years are covered. A year that already holds imported
 * holidays counts as brought in by hand (its country was not recorded then).
 */
export class HolidayYears1763700017500 implements MigrationInterface {
  name = 'HolidayYears1763700017500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE feriados_importados (
        anio integer PRIMARY KEY CHECK (anio BETWEEN 1900 AND 2200),
        pais varchar(10),
        origen varchar(10) NOT NULL CHECK (origen IN ('automatico', 'manual')),
        importado_por_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL,
        importado_en timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO feriados_importados (anio, pais, origen)
      SELECT DISTINCT extract(year FROM fecha)::int, NULL::varchar, 'manual'
        FROM dias_no_laborables WHERE origen = 'feriado'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS feriados_importados`);
  }
}
