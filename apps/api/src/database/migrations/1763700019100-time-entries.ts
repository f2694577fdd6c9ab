import { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS = `'mensaje', 'asignacion', 'vence_manana', 'vence_hoy', 'vencida', 'escalada', 'resumen', 'prueba', 'solicitud'`;

/**
 * Time on task (issue 35): each interval a person worked on one occurrence.
 * - `intervalos_tiempo`: one row per interval; the running timer has `fin` NULL. The database
 *   keeps the two rules that must hold under parallel requests: one running timer per person
 *   (a partial unique index) and no two intervals of one person overlapping (an exclusion
 *   constraint over `[inicio, fin)`, a running one reaching to infinity).
 * - `origen`: `cronometro` (started and stopped with the timer), `manual` (added or corrected by
 *   hand, with `motivo`), `pausa_automatica` (closed by the forgotten-timer job; `confirmado` stays
 *   false until the person confirms or corrects it; `avisado_en` when they were asked to).
 * - The device's clock of each end as it was sent (`*_dispositivo`) and the skew the server
 *   applied (`*_desfase_ms`: server receive time minus device send time).
 * - Estimated minutes on a task definition and on each checklist step.
 * - Corrections and confirmations are audited with their before and after (not every start and
 *   stop: the intervals themselves are their record).
 */
export class TimeEntries1763700019100 implements MigrationInterface {
  name = 'TimeEntries1763700019100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`CREATE TABLE intervalos_tiempo (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tarea_asignada_uuid uuid NOT NULL REFERENCES tareas_asignadas(uuid) ON DELETE CASCADE,
      usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid),
      inicio timestamptz NOT NULL,
      fin timestamptz,
      origen varchar(20) NOT NULL DEFAULT 'cronometro' CHECK (origen IN ('cronometro', 'manual', 'pausa_automatica')),
      pausa_automatica varchar(20) CHECK (pausa_automatica IN ('fin_jornada', 'duracion_maxima')),
      confirmado boolean NOT NULL DEFAULT true,
      motivo varchar(500),
      inicio_dispositivo timestamptz,
      inicio_desfase_ms bigint,
      fin_dispositivo timestamptz,
      fin_desfase_ms bigint,
      avisado_en timestamptz,
      creado_por_uuid uuid REFERENCES usuarios(uuid),
      creado_en timestamptz NOT NULL DEFAULT now(),
      corregido_por_uuid uuid REFERENCES usuarios(uuid),
      corregido_en timestamptz,
      CONSTRAINT intervalos_tiempo_orden CHECK (fin IS NULL OR fin >= inicio),
      CONSTRAINT intervalos_tiempo_automatica CHECK ((origen = 'pausa_automatica') = (pausa_automatica IS NOT NULL)),
      CONSTRAINT intervalos_tiempo_manual CHECK (origen <> 'manual' OR motivo IS NOT NULL),
      CONSTRAINT intervalos_tiempo_sin_solapar EXCLUDE USING gist (
        usuario_uuid WITH =, tstzrange(inicio, coalesce(fin, 'infinity'), '[)') WITH &&)
    )`);
    await q.query(`CREATE UNIQUE INDEX intervalos_tiempo_en_marcha_key ON intervalos_tiempo (usuario_uuid) WHERE fin IS NULL`);
    await q.query(`CREATE INDEX intervalos_tiempo_ocurrencia_idx ON intervalos_tiempo (tarea_asignada_uuid, inicio)`);
    await q.query(`CREATE INDEX intervalos_tiempo_usuario_idx ON intervalos_tiempo (usuario_uuid, inicio DESC)`);
    await q.query(`CREATE INDEX intervalos_tiempo_sin_confirmar_idx ON intervalos_tiempo (usuario_uuid) WHERE NOT confirmado`);

    await q.query(`ALTER TABLE tareas ADD COLUMN minutos_estimados integer CHECK (minutos_estimados BETWEEN 1 AND 100000)`);
    await q.query(`ALTER TABLE tarea_checklist ADD COLUMN minutos_estimados integer CHECK (minutos_estimados BETWEEN 1 AND 100000)`);

    await q.query(`CREATE TRIGGER intervalos_tiempo_auditoria_alta AFTER INSERT ON intervalos_tiempo
      FOR EACH ROW WHEN (NEW.origen = 'manual') EXECUTE FUNCTION auditar_fila('intervalo_tiempo')`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_auditoria_cambio AFTER UPDATE ON intervalos_tiempo
      FOR EACH ROW WHEN (OLD.corregido_en IS DISTINCT FROM NEW.corregido_en OR OLD.confirmado IS DISTINCT FROM NEW.confirmado)
      EXECUTE FUNCTION auditar_fila('intervalo_tiempo')`);

    // The person is asked to confirm a forgotten timer in the application (and by push unless they said otherwise).
    await q.query(`ALTER TABLE notificaciones DROP CONSTRAINT IF EXISTS notificaciones_tipo_check`);
    await q.query(`ALTER TABLE notificaciones ADD CONSTRAINT notificaciones_tipo_check CHECK (tipo IN (${KINDS}, 'cronometro'))`);
    await q.query(`UPDATE preferencias_notificacion SET push = array_append(push, 'cronometro') WHERE NOT ('cronometro' = ANY(push))`);

    // Everyone tracks their own time; supervisors (and administrators) manage their areas' time.
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'track:time')
      WHERE nombre IN ('Administrador', 'Supervisor', 'Operario') AND NOT ('track:time' = ANY(permisos))`);
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'manage:time-entries')
      WHERE nombre IN ('Administrador', 'Supervisor') AND NOT ('manage:time-entries' = ANY(permisos))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permisos = array_remove(array_remove(permisos, 'track:time'), 'manage:time-entries')`);
    await q.query(`UPDATE preferencias_notificacion SET push = array_remove(push, 'cronometro'), email = array_remove(email, 'cronometro')`);
    await q.query(`DELETE FROM notificaciones WHERE tipo = 'cronometro'`);
    await q.query(`ALTER TABLE notificaciones DROP CONSTRAINT IF EXISTS notificaciones_tipo_check`);
    await q.query(`ALTER TABLE notificaciones ADD CONSTRAINT notificaciones_tipo_check CHECK (tipo IN (${KINDS}))`);
    await q.query(`ALTER TABLE tarea_checklist DROP COLUMN minutos_estimados`);
    await q.query(`ALTER TABLE tareas DROP COLUMN minutos_estimados`);
    await q.query(`DROP TABLE intervalos_tiempo`);
  }
}
