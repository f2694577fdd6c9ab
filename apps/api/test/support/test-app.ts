import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { ErrorBodySchema, LoginResponseSchema, REFRESH_IN_BODY, TaskResponseSchema, todayIn } from '@gestar/contracts';
import { createApp } from '../../src/app.factory';
import { Clock } from '../../src/common/time/clock';
import { AppConfig, loadConfig } from '../../src/config';
import { seedDatabase } from '../../src/database/seeds/seed';
import { adminQuery, dropDatabase, uniqueName, urlForDatabase } from '../setup/db';

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
  config: AppConfig;
  dbName: string;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = 'demo1234';

/**
 * A real application on its own copy of the migrated template database.
 * `seedDemo` (default true) loads the demo organisation: admin, supervisor (Carpintería,
 * Tapicería), operario (Carpintería), mlopez (Tapicería), jruiz (Logística).
 */
export async function createTestApp(
  opts: {
    seedDemo?: boolean;
    env?: Record<string, string>;
    /** Join another TestApp's database (a second API process): no copy, no seed, no drop. */ database?: string;
  } = {},
): Promise<TestApp> {
  const template = process.env.GESTAR_TEMPLATE_DB;
  if (!template) throw new Error('GESTAR_TEMPLATE_DB no definido: falta el globalSetup de jest');
  const shared = opts.database !== undefined;
  const dbName = opts.database ?? uniqueName('gestar_t');
  if (!shared) await adminQuery(`CREATE DATABASE "${dbName}" TEMPLATE "${template}"`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: urlForDatabase(dbName),
    JWT_SECRET: 'test-secret-de-al-menos-treinta-y-dos-caracteres-0123456789',
    SCHEDULER_ENABLED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    DB_POOL_SIZE: '5',
    UPLOADS_DIR: mkdtempSync(join(tmpdir(), 'gestar-adjuntos-')),
    ...opts.env,
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.init();
  const ds = app.get(DataSource);
  if (!shared && (opts.seedDemo ?? true)) await seedDatabase(ds, { ...config, seedDemo: true });
  const server = app.getHttpServer();
  return {
    app,
    http: request(server),
    ds,
    config,
    dbName,
    async close() {
      await app.close();
      if (!shared) await dropDatabase(dbName);
      rmSync(config.uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Logs in and returns the parsed login response (checked against its contract). */
export async function login(t: TestApp, username: string, password = DEMO_PASSWORD) {
  // As a client that is not a browser: the refresh token in the body (a browser gets a cookie).
  const res = await t.http
    .post('/api/auth/login')
    .set(REFRESH_IN_BODY.header, REFRESH_IN_BODY.value)
    .send({ username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const body = LoginResponseSchema.parse(res.body);
  if (!body.refreshToken) throw new Error(`login ${username}: sin refresh token en el cuerpo`);
  return { ...body, refreshToken: body.refreshToken };
}

export async function tokenFor(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  return (await login(t, username, password)).token;
}

/** Parses a response body with its contract schema; a drift fails the test with zod's issues. */
export function parseWith<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success)
    throw new Error(
      `La respuesta no cumple el contrato:\n${JSON.stringify(r.error.issues, null, 2)}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  return r.data;
}

/** Asserts an error answer: status, contract error body, optionally its message. */
export function expectError(res: { status: number; body: unknown }, status: number, message?: string) {
  if (res.status !== status)
    throw new Error(`Se esperaba ${status} y llegó ${res.status}: ${JSON.stringify(res.body)}`);
  const body = parseWith(ErrorBodySchema, res.body);
  if (message !== undefined && body.message !== message)
    throw new Error(`Mensaje "${body.message}" distinto de "${message}"`);
  return body;
}

export async function userUuid(t: TestApp, username: string): Promise<string> {
  const [row]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM usuarios WHERE username = $1', [username]);
  if (!row) throw new Error(`usuario ${username} no existe`);
  return row.uuid;
}

export async function areaUuid(t: TestApp, nombre: string): Promise<string> {
  const [row]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM areas WHERE nombre = $1', [nombre]);
  if (!row) throw new Error(`área ${nombre} no existe`);
  return row.uuid;
}

/**
 * A new task of Carpintería assigned to `assignee` (the operario by default), due today, created
 * by the administrator: the uuid of its one occurrence.
 */
export async function newOccurrence(t: TestApp, titulo: string, assignee = 'operario'): Promise<string> {
  const res = await t.http
    .post('/api/tasks')
    .set({ Authorization: `Bearer ${await tokenFor(t, 'admin')}` })
    .send({
      titulo,
      descripcion: titulo,
      tipo_tarea_uuid: (await t.ds.query('SELECT uuid FROM tipos_tarea LIMIT 1'))[0].uuid,
      area_uuid: await areaUuid(t, 'Carpintería'),
      usuarios_asignados: [await userUuid(t, assignee)],
      fecha_vencimiento: todayIn(t.config.timezone),
    });
  if (res.status !== 201) throw new Error(`POST /api/tasks: ${res.status} ${JSON.stringify(res.body)}`);
  const task = parseWith(TaskResponseSchema, res.body);
  const [row]: { uuid: string }[] = await t.ds.query('SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1', [
    task.uuid,
  ]);
  return row!.uuid;
}

export async function count(t: TestApp, table: string): Promise<number> {
  const [row]: { c: string }[] = await t.ds.query(`SELECT count(*) AS c FROM ${table}`);
  return Number(row.c);
}

/**
 * Moves the API's clock (what its user and session caches and its token expiry check read) `ms`
 * ahead of the real one, instead of sleeping through a cache's lifetime; the returned function
 * puts it back.
 */
export function clockAhead(t: TestApp, ms: number): () => void {
  const spy = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => Date.now() + ms);
  return () => spy.mockRestore();
}

/** Stops the API's clock at `epochMs` (a token's `exp` second, say); the returned function puts it back. */
export function clockAt(t: TestApp, epochMs: number): () => void {
  const spy = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(epochMs);
  return () => spy.mockRestore();
}
