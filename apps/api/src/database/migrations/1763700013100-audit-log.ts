import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (DECISIONS.md, "Audit log"): an append-only table, filled by row triggers on the
 * tables whose changes are audited (so every path that writes them is covered, bulk actions and
 * scripts included) and by the API for what is no row change (sign-ins, refusals, exports,
 * notifications sent). The actor and address come from `gestar.actor` / `gestar.ip`, which the
 * API sets in each transaction; without them the actor is the system.
 */
export class AuditLog1763700013100 implements MigrationInterface {
  name = 'AuditLog1763700013100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auditoria (
        id bigserial PRIMARY KEY,
        en timestamptz NOT NULL DEFAULT now(),
        actor_uuid uuid,
        accion varchar(30) NOT NULL,
        recurso varchar(30) NOT NULL,
        recurso_uuid text,
        detalle jsonb NOT NULL DEFAULT '{}',
        ip varchar(100)
      )`);
    await q.query(`CREATE INDEX auditoria_en_idx ON auditoria (en DESC, id DESC)`);
    await q.query(`CREATE INDEX auditoria_actor_idx ON auditoria (actor_uuid, en DESC)`);
    await q.query(`CREATE INDEX auditoria_recurso_idx ON auditoria (recurso, accion, en DESC)`);

    // Append-only: UPDATE, DELETE and TRUNCATE are refused, except the retention prune, which
    // declares itself with gestar.audit_prune = 'on' in its own transaction.
    await q.query(`
      CREATE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('gestar.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar'
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER auditoria_inmutable BEFORE UPDATE OR DELETE ON auditoria
      FOR EACH ROW EXECUTE FUNCTION auditoria_solo_agregar()`);
    await q.query(`CREATE TRIGGER auditoria_sin_truncate BEFORE TRUNCATE ON auditoria
      FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_agregar()`);

    // One row per audited change: the changed fields before and after (never a password hash).
    await q.query(`
      CREATE FUNCTION auditar_fila() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        recurso text := TG_ARGV[0];
        clave text := coalesce(TG_ARGV[1], 'uuid');
        -- A link table (a user's areas): adding or removing a row edits its owner.
        vinculo boolean := coalesce(TG_ARGV[2], '') = 'vinculo';
        viejo jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
        nuevo jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
        ignorar text[] := ARRAY['created_at', 'updated_at', 'fecha_creacion', 'password_hash',
                                'proxima_ejecucion', 'ultima_ejecucion', 'total_generadas'];
        antes jsonb := '{}';
        despues jsonb := '{}';
        k text;
        accion text;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          despues := nuevo - ignorar;
          accion := CASE WHEN vinculo THEN 'editar' ELSE 'crear' END;
        ELSIF TG_OP = 'DELETE' THEN
          antes := viejo - ignorar;
          accion := CASE WHEN vinculo THEN 'editar' ELSE 'eliminar' END;
        ELSE
          FOR k IN SELECT jsonb_object_keys(nuevo) LOOP
            CONTINUE WHEN k = ANY(ignorar) OR (viejo -> k) IS NOT DISTINCT FROM (nuevo -> k);
            antes := antes || jsonb_build_object(k, viejo -> k);
            despues := despues || jsonb_build_object(k, nuevo -> k);
          END LOOP;
          IF (viejo -> 'password_hash') IS DISTINCT FROM (nuevo -> 'password_hash') THEN
            despues := despues || jsonb_build_object('contraseña', 'cambiada');
          END IF;
          IF despues = '{}'::jsonb THEN
            RETURN NULL;
          END IF;
          accion := CASE
            WHEN despues ? 'activo' AND (nuevo ->> 'activo')::boolean THEN 'reactivar'
            WHEN despues ? 'activo' THEN 'desactivar'
            WHEN despues ? 'archivada' AND (nuevo ->> 'archivada')::boolean THEN 'archivar'
            ELSE 'editar'
          END;
        END IF;
        INSERT INTO auditoria (actor_uuid, accion, recurso, recurso_uuid, detalle, ip)
        VALUES (nullif(current_setting('gestar.actor', true), '')::uuid, accion, recurso,
                coalesce(nuevo ->> clave, viejo ->> clave),
                jsonb_build_object('antes', antes - clave, 'despues', despues - clave),
                nullif(current_setting('gestar.ip', true), ''));
        RETURN NULL;
      END $$`);

    const audited: [string, string, string?, string?][] = [
      ['usuarios', 'usuario'],
      ['usuario_areas', 'usuario', 'usuario_uuid', 'vinculo'],
      ['roles', 'rol'],
      ['areas', 'area'],
      ['estados', 'estado'],
      ['tipos_tarea', 'tipo_tarea'],
      ['descripciones_puesto', 'puesto'],
      ['tareas', 'tarea'],
      ['programaciones_tareas', 'programacion'],
    ];
    for (const [table, resource, key, kind] of audited) {
      const args = [resource, key, kind].filter(Boolean).map((a) => `'${a}'`).join(', ');
      await q.query(`CREATE TRIGGER ${table}_auditoria AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION auditar_fila(${args})`);
    }
    // Occurrences: their creation and status moves have their own history; archive, rating,
    // reassignment and due date are audited.
    await q.query(`CREATE TRIGGER tareas_asignadas_auditoria AFTER UPDATE ON tareas_asignadas
      FOR EACH ROW WHEN (
        OLD.archivada IS DISTINCT FROM NEW.archivada OR OLD.calificacion IS DISTINCT FROM NEW.calificacion
        OR OLD.observaciones IS DISTINCT FROM NEW.observaciones OR OLD.empleado_uuid IS DISTINCT FROM NEW.empleado_uuid
        OR OLD.fecha_vencimiento IS DISTINCT FROM NEW.fecha_vencimiento)
      EXECUTE FUNCTION auditar_fila('tarea_asignada')`);

    // The new permission: administrators read the log.
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'read:audit')
      WHERE nombre = 'Administrador' AND NOT ('read:audit' = ANY(permisos))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'usuarios', 'usuario_areas', 'roles', 'areas', 'estados', 'tipos_tarea', 'descripciones_puesto',
      'tareas', 'programaciones_tareas', 'tareas_asignadas',
    ]) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_auditoria ON ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS auditar_fila()`);
    await q.query(`DROP TABLE IF EXISTS auditoria`);
    await q.query(`DROP FUNCTION IF EXISTS auditoria_solo_agregar()`);
    await q.query(`UPDATE roles SET permisos = array_remove(permisos, 'read:audit') WHERE nombre = 'Administrador'`);
  }
}
