import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { LoginResponseSchema } from '@gestar/contracts';
import { seedDatabase } from '../src/database/seeds/seed';
import { Db } from '../src/database/db';
import { sql } from '../src/database/sql';
import { toErrorBody } from '../src/common/http/error.filter';
import { createTestApp, parseWith, TestApp } from './support/test-app';

/** The transaction context against the real database: what a `@Transactional()` method writes commits or rolls back as one. */
describe('database: sql tag and transaction context', () => {
  let t: TestApp;
  let db: Db;

  class Writer {
    constructor(private readonly d: Db) {}
    insert(username: string) {
      return this.d.execute(sql`INSERT INTO login_attempts (username, address) VALUES (${username}, ${'tx-test'})`);
    }
    @Transactional()
    async twoThenFail(a: string, b: string): Promise<void> {
      await this.insert(a);
      await this.insert(b);
      throw new Error('boom');
    }
    @Transactional()
    async two(a: string, b: string): Promise<boolean> {
      await this.insert(a);
      await this.insert(b);
      return this.d.inTransaction;
    }
  }

  const count = async () => {
    const row = await db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM login_attempts WHERE address = ${'tx-test'}`,
    );
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    db = t.app.get(Db);
  });
  afterAll(() => t.close());
  beforeEach(() => db.execute(sql`DELETE FROM login_attempts WHERE address = ${'tx-test'}`));

  it('rolls back every statement of a failed transactional method', async () => {
    await expect(new Writer(db).twoThenFail('a', 'b')).rejects.toThrow('boom');
    expect(await count()).toBe(0);
  });

  it('commits every statement of a transactional method, which runs inside a transaction', async () => {
    expect(await new Writer(db).two('a', 'b')).toBe(true);
    expect(await count()).toBe(2);
    expect(db.inTransaction).toBe(false);
  });

  it('a transaction whose connection is lost (PostgreSQL restarted) answers 503, never 500, and writes nothing', async () => {
    const failure = await t.app
      .get(TransactionHost)
      .withTransaction(async () => {
        await new Writer(db).insert('antes');
        // The connection goes as a PostgreSQL that stops takes it; the request's work goes on.
        await db.query(sql`SELECT pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
        return new Writer(db).two('a', 'b');
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).not.toBeNull();
    expect(toErrorBody(failure).statusCode).toBe(503);
    expect(await count()).toBe(0);
    // When TypeORM notices the lost connection first, the rest of the transaction meets its runner released:
    // the same outage (seen when PostgreSQL restarts under load, npm run reliability), also 503.
    expect(toErrorBody(new QueryRunnerAlreadyReleasedError()).statusCode).toBe(503);
    expect(toErrorBody(new QueryRunnerProviderAlreadyReleasedError()).statusCode).toBe(503);
  });

  it('runs outside a transaction with autocommit and answers affected rows', async () => {
    await new Writer(db).insert('c');
    expect(await count()).toBe(1);
    expect(await db.execute(sql`UPDATE login_attempts SET username = ${'d'} WHERE address = ${'tx-test'}`)).toBe(1);
    expect(await db.execute(sql`DELETE FROM login_attempts WHERE address = ${'tx-test'}`)).toBe(1);
  });

  it('passes values as parameters, never as text', async () => {
    const evil = "x'); DELETE FROM login_attempts; --";
    await new Writer(db).insert(evil);
    const rows = await db.query<{ username: string }>(
      sql`SELECT username FROM login_attempts WHERE address = ${'tx-test'}`,
    );
    expect(rows).toEqual([{ username: evil }]);
  });

  it('seeds the first administrator on an empty database, and only once', async () => {
    const config = { ...t.config, seedDemo: false, adminUsername: 'jefa', adminPassword: 'Clave-segura-2030' };
    await seedDatabase(t.ds, config);
    await seedDatabase(t.ds, { ...config, adminUsername: 'otra' });
    const users = await db.query<{ username: string; areas: string[] }>(
      sql`SELECT u.username, ARRAY(SELECT a.nombre FROM usuario_areas ua JOIN areas a ON a.uuid = ua.area_uuid WHERE ua.usuario_uuid = u.uuid) AS areas FROM usuarios u`,
    );
    expect(users).toEqual([{ username: 'jefa', areas: ['General'] }]);
    const res = await t.http.post('/api/auth/login').send({ username: 'jefa', password: 'Clave-segura-2030' });
    expect(res.status).toBe(200);
    expect(parseWith(LoginResponseSchema, res.body).user.username).toBe('jefa');
  });
});
