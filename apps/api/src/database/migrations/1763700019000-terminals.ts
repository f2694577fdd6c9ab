import { MigrationInterface, QueryRunner } from 'typeorm';

const REASONS = `'otro_dispositivo', 'contrasena', 'desactivada', 'cuenta_empresa', 'seguridad', 'cierre'`;

/**
 * Shared terminals (issue 34): a device with a credential of its own bound to an area
 * (`terminales`, the credential kept as a SHA-256 of a 256-bit secret), people's PINs
 * (`pines_usuario`, argon2id like passwords, apart from `usuarios` so the row audit never sees
 * them), sessions opened at a terminal (`sesiones.terminal_uuid`, with the hash of their replay
 * credential), the wall board's stream tickets, and the terminal named in the audit log and the
 * history rows: `gestar.terminal`, set by the API in each transaction like `gestar.actor`, fills
 * `terminal_uuid` of every row inserted there.
 */
export class Terminals1763700019000 implements MigrationInterface {
  name = 'Terminals1763700019000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE terminales (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        nombre varchar(100) NOT NULL,
        area_uuid uuid NOT NULL REFERENCES areas(uuid),
        minutos_inactividad integer NOT NULL DEFAULT 2 CHECK (minutos_inactividad BETWEEN 1 AND 60),
        token_hash char(64) NOT NULL UNIQUE,
        creada_por_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL,
        creada_en timestamptz NOT NULL DEFAULT now(),
        ultimo_uso_en timestamptz,
        revocada_en timestamptz,
        revocada_por_uuid uuid REFERENCES usuarios(uuid) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX terminales_area_idx ON terminales (area_uuid) WHERE revocada_en IS NULL`);

    await q.query(`
      CREATE TABLE pines_usuario (
        usuario_uuid uuid PRIMARY KEY REFERENCES usuarios(uuid) ON DELETE CASCADE,
        pin_hash text NOT NULL,
        actualizado_en timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`ALTER TABLE sesiones ADD COLUMN terminal_uuid uuid REFERENCES terminales(uuid) ON DELETE CASCADE`);
    await q.query(`ALTER TABLE sesiones ADD COLUMN replay_hash char(64) UNIQUE`);
    await q.query(`ALTER TABLE sesiones ADD COLUMN replay_vence_en timestamptz`);
    await q.query(`CREATE INDEX sesiones_terminal_abiertas_idx ON sesiones (terminal_uuid) WHERE terminal_uuid IS NOT NULL AND cerrada_en IS NULL`);
    await q.query(`ALTER TABLE sesiones DROP CONSTRAINT IF EXISTS sesiones_motivo_cierre_check`);
    await q.query(`ALTER TABLE sesiones ADD CONSTRAINT sesiones_motivo_cierre_check
      CHECK (motivo_cierre IN (${REASONS}, 'terminar', 'otra_persona', 'inactividad', 'terminal_revocada'))`);

    await q.query(`
      CREATE TABLE tickets_terminal (
        ticket_hash char(64) PRIMARY KEY,
        terminal_uuid uuid NOT NULL REFERENCES terminales(uuid) ON DELETE CASCADE,
        vence_en timestamptz NOT NULL
      )`);

    // The terminal a row was written from, when the transaction declared one.
    await q.query(`
      CREATE FUNCTION con_terminal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.terminal_uuid IS NULL THEN
          NEW.terminal_uuid := nullif(current_setting('gestar.terminal', true), '')::uuid;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`ALTER TABLE auditoria ADD COLUMN terminal_uuid uuid`);
    await q.query(`CREATE TRIGGER auditoria_terminal BEFORE INSERT ON auditoria FOR EACH ROW EXECUTE FUNCTION con_terminal()`);
    await q.query(`ALTER TABLE historial_tareas_asignadas ADD COLUMN terminal_uuid uuid REFERENCES terminales(uuid) ON DELETE SET NULL`);
    await q.query(`CREATE TRIGGER historial_tareas_terminal BEFORE INSERT ON historial_tareas_asignadas
      FOR EACH ROW EXECUTE FUNCTION con_terminal()`);
    await q.query(`ALTER TABLE solicitud_historial ADD COLUMN terminal_uuid uuid REFERENCES terminales(uuid) ON DELETE SET NULL`);
    await q.query(`CREATE TRIGGER solicitud_historial_terminal BEFORE INSERT ON solicitud_historial
      FOR EACH ROW EXECUTE FUNCTION con_terminal()`);

    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'manage:terminal')
      WHERE nombre IN ('Administrador', 'Supervisor') AND NOT ('manage:terminal' = ANY(permisos))`);
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'reset:pin')
      WHERE nombre = 'Administrador' AND NOT ('reset:pin' = ANY(permisos))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const p of ['manage:terminal', 'reset:pin']) await q.query(`UPDATE roles SET permisos = array_remove(permisos, $1)`, [p]);
    await q.query(`DROP TRIGGER IF EXISTS solicitud_historial_terminal ON solicitud_historial`);
    await q.query(`ALTER TABLE solicitud_historial DROP COLUMN IF EXISTS terminal_uuid`);
    await q.query(`DROP TRIGGER IF EXISTS historial_tareas_terminal ON historial_tareas_asignadas`);
    await q.query(`ALTER TABLE historial_tareas_asignadas DROP COLUMN IF EXISTS terminal_uuid`);
    await q.query(`DROP TRIGGER IF EXISTS auditoria_terminal ON auditoria`);
    await q.query(`ALTER TABLE auditoria DROP COLUMN IF EXISTS terminal_uuid`);
    await q.query(`DROP FUNCTION IF EXISTS con_terminal()`);
    await q.query(`DROP TABLE IF EXISTS tickets_terminal`);
    await q.query(`DELETE FROM sesiones WHERE terminal_uuid IS NOT NULL`);
    await q.query(`ALTER TABLE sesiones DROP CONSTRAINT IF EXISTS sesiones_motivo_cierre_check`);
    await q.query(`ALTER TABLE sesiones ADD CONSTRAINT sesiones_motivo_cierre_check CHECK (motivo_cierre IN (${REASONS}))`);
    await q.query(`ALTER TABLE sesiones DROP COLUMN IF EXISTS replay_vence_en, DROP COLUMN IF EXISTS replay_hash, DROP COLUMN IF EXISTS terminal_uuid`);
    await q.query(`DROP TABLE IF EXISTS pines_usuario`);
    await q.query(`DROP TABLE IF EXISTS terminales`);
  }
}
