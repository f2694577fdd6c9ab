import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repeated refusals of one person on one route within a minute are one audit entry with a count
 * (DECISIONS.md, "Audit log"): `veces` and the time of the last one.
 * The log stays append-only: the only change it accepts is a refusal's count going up, with its
 * last time, every other column as it was. `auditoria_rechazo` counts or inserts under a lock per
 * person, method and route in one call, so parallel refusals make one entry and the lock is held
 * for the length of that call, not across round trips.
 */
export class AuditRepeatedRefusals1763700017200 implements MigrationInterface {
  name = 'AuditRepeatedRefusals1763700017200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auditoria ADD COLUMN veces integer NOT NULL DEFAULT 1 CHECK (veces >= 1),
      ADD COLUMN ultima_en timestamptz`);
    await q.query(`
      CREATE OR REPLACE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('gestar.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        IF TG_OP = 'UPDATE' AND OLD.accion = 'rechazado' AND NEW.veces > OLD.veces AND NEW.ultima_en IS NOT NULL
           AND (to_jsonb(NEW) - 'veces' - 'ultima_en') = (to_jsonb(OLD) - 'veces' - 'ultima_en') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar'
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    // VOLATILE: each statement after the lock reads with a fresh snapshot, so it sees the entry
    // that the previous holder of the lock committed.
    await q.query(`
      CREATE FUNCTION auditoria_rechazo(p_actor uuid, p_recurso text, p_detalle jsonb, p_ip text, p_segundos integer)
      RETURNS void LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        v_id bigint;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended(
          concat_ws('|', 'auditoria', p_actor::text, p_detalle ->> 'metodo', p_detalle ->> 'ruta'), 0));
        SELECT id INTO v_id FROM auditoria
         WHERE actor_uuid = p_actor AND accion = 'rechazado' AND recurso = p_recurso
           AND detalle ->> 'metodo' = p_detalle ->> 'metodo' AND detalle ->> 'ruta' = p_detalle ->> 'ruta'
           AND en > clock_timestamp() - make_interval(secs => p_segundos)
         ORDER BY en DESC, id DESC LIMIT 1;
        IF v_id IS NOT NULL THEN
          UPDATE auditoria SET veces = veces + 1, ultima_en = clock_timestamp() WHERE id = v_id;
        ELSE
          INSERT INTO auditoria (actor_uuid, accion, recurso, detalle, ip)
          VALUES (p_actor, 'rechazado', p_recurso, p_detalle, left(p_ip, 100));
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION auditoria_rechazo(uuid, text, jsonb, text, integer)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('gestar.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar'
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`ALTER TABLE auditoria DROP COLUMN ultima_en, DROP COLUMN veces`);
  }
}
