import { Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ROLE_NAMES } from '@gestar/contracts';
import type { AppConfig } from '../../config';
import { hashPassword } from '../../modules/auth/password';
import { seedDemo } from './demo.seed';

const SEED_LOCK_KEY = 774_201_612;

/**
 * Runs once on an empty database: the demo organisation when SEED_DEMO is on,
 * otherwise the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD.
 */
export async function seedDatabase(ds: DataSource, config: AppConfig): Promise<void> {
  await ds.transaction(async (em) => {
    await em.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const [{ count }]: { count: string }[] = await em.query('SELECT count(*) FROM usuarios');
    if (Number(count) > 0) return;
    if (config.seedDemo) {
      await seedDemo(em, config.timezone);
      new Logger('Seed').log('Organización de demostración creada (usuarios admin, supervisor, operario; contraseña demo1234)');
    } else if (config.adminUsername && config.adminPassword) {
      await seedFirstAdmin(em, config.adminUsername, config.adminPassword);
      new Logger('Seed').log(`Administrador inicial creado: ${config.adminUsername}`);
    } else {
      new Logger('Seed').warn('La base de datos no tiene usuarios: defina ADMIN_USERNAME y ADMIN_PASSWORD para crear el primer administrador');
    }
  });
}

async function seedFirstAdmin(em: EntityManager, username: string, password: string): Promise<void> {
  const [role]: { uuid: string }[] = await em.query('SELECT uuid FROM roles WHERE nombre = $1', [ROLE_NAMES.admin]);
  const [area]: { uuid: string }[] = await em.query(`INSERT INTO areas (nombre) VALUES ('General') RETURNING uuid`);
  const [user]: { uuid: string }[] = await em.query(
    `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid) VALUES ($1, $2, 'Administrador', 'General', $3) RETURNING uuid`,
    [username, await hashPassword(password), role.uuid],
  );
  await em.query('INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)', [user.uuid, area.uuid]);
}
