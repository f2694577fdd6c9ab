import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { ROLE_NAMES } from '@gestar/contracts';
import type { AppConfig } from '../../config';
import { hashPassword } from '../../common/auth/password';
import { Sql, sql } from '../sql';
import { seedDemo } from './demo.seed';

const SEED_LOCK_KEY = 774_201_612;

/** Runs `sql` statements on the seed's transaction. */
export type SeedRun = <T = Record<string, unknown>>(statement: Sql) => Promise<T[]>;

function runOn(em: EntityManager): SeedRun {
  return (statement) => {
    const { text, values } = statement.toQuery();
    return em.query(text, values);
  };
}

/**
 * Runs once on an empty database: the demo organisation when SEED_DEMO is on,
 * otherwise the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD.
 */
export async function seedDatabase(ds: DataSource, config: AppConfig): Promise<void> {
  await ds.transaction(async (em) => {
    const run = runOn(em);
    await run(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ count }] = await run<{ count: string }>(sql`SELECT count(*) FROM usuarios`);
    if (Number(count) > 0) return;
    if (config.seedDemo) {
      await seedDemo(run, config.timezone);
      new Logger('Seed').log(
        'Organización de demostración creada (usuarios admin, supervisor, operario; contraseña demo1234)',
      );
    } else if (config.adminUsername && config.adminPassword) {
      await seedFirstAdmin(run, config.adminUsername, config.adminPassword);
      new Logger('Seed').log(`Administrador inicial creado: ${config.adminUsername}`);
    } else {
      new Logger('Seed').warn(
        'La base de datos no tiene usuarios: defina ADMIN_USERNAME y ADMIN_PASSWORD para crear el primer administrador',
      );
    }
  });
}

async function seedFirstAdmin(run: SeedRun, username: string, password: string): Promise<void> {
  const [role] = await run<{ uuid: string }>(sql`SELECT uuid FROM roles WHERE nombre = ${ROLE_NAMES.admin}`);
  const [area] = await run<{ uuid: string }>(sql`INSERT INTO areas (nombre) VALUES ('General') RETURNING uuid`);
  const [user] = await run<{ uuid: string }>(sql`
    INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
    VALUES (${username}, ${await hashPassword(password)}, 'Administrador', 'General', ${role.uuid})
    RETURNING uuid`);
  await run(sql`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES (${user.uuid}, ${area.uuid})`);
}
