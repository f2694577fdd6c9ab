import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification channels (issue 19): each notification says what it is about (`tipo`), each
 * person chooses per kind whether it also goes by push and by e-mail, and quiet hours; each
 * push or e-mail delivery is logged (sent, failed with the reason and the next try, or skipped
 * with why). E-mail is sent from this table, so a failing SMTP server is retried with backoff
 * and never holds the request that caused it. Administrators read the log.
 */
export class NotificationChannels1763700015300 implements MigrationInterface {
  name = 'NotificationChannels1763700015300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE notificaciones ADD COLUMN tipo varchar(20) NOT NULL DEFAULT 'mensaje'
        CHECK (tipo IN ('mensaje', 'asignacion', 'vence_manana', 'vence_hoy', 'vencida', 'escalada', 'resumen', 'prueba'))`);
    await q.query(`
      CREATE TABLE preferencias_notificacion (
        usuario_uuid uuid PRIMARY KEY REFERENCES usuarios(uuid) ON DELETE CASCADE,
        correo varchar(254),
        push text[] NOT NULL,
        email text[] NOT NULL,
        silencio_desde time,
        silencio_hasta time,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((silencio_desde IS NULL) = (silencio_hasta IS NULL))
      )`);
    await q.query(`
      CREATE TABLE entregas_notificacion (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        notificacion_uuid uuid NOT NULL REFERENCES notificaciones(uuid) ON DELETE CASCADE,
        usuario_uuid uuid NOT NULL REFERENCES usuarios(uuid) ON DELETE CASCADE,
        canal varchar(10) NOT NULL CHECK (canal IN ('push', 'email')),
        estado varchar(10) NOT NULL CHECK (estado IN ('pendiente', 'enviando', 'enviada', 'fallida', 'omitida')),
        motivo text,
        destino varchar(254),
        intentos integer NOT NULL DEFAULT 0,
        proximo_intento timestamptz,
        fecha_creacion timestamptz NOT NULL DEFAULT now(),
        fecha_actualizacion timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX entregas_fecha_idx ON entregas_notificacion (fecha_creacion DESC, uuid DESC)`);
    await q.query(`CREATE INDEX entregas_usuario_idx ON entregas_notificacion (usuario_uuid, fecha_creacion DESC)`);
    await q.query(`CREATE INDEX entregas_notificacion_idx ON entregas_notificacion (notificacion_uuid)`);
    // What the e-mail sender looks for: due work only.
    await q.query(`CREATE INDEX entregas_por_enviar_idx ON entregas_notificacion (proximo_intento)
      WHERE canal = 'email' AND proximo_intento IS NOT NULL`);
    await q.query(`UPDATE roles SET permisos = array_append(permisos, 'read:notification-deliveries')
      WHERE nombre = 'Administrador' AND NOT ('read:notification-deliveries' = ANY(permisos))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE roles SET permisos = array_remove(permisos, 'read:notification-deliveries')`);
    await q.query(`DROP TABLE IF EXISTS entregas_notificacion`);
    await q.query(`DROP TABLE IF EXISTS preferencias_notificacion`);
    await q.query(`ALTER TABLE notificaciones DROP COLUMN IF EXISTS tipo`);
  }
}
