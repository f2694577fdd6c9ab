import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  API_ROUTES,
  ErrorBodySchema,
  MESSAGES,
  OpenApiDocumentSchema,
  routeKey,
  ScheduledTaskListResponseSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from '@gestar/contracts';
import { servedRoutes } from './support/route-listing';
import { createTestApp, parseWith, TestApp, tokenFor } from './support/test-app';

const toOpenApi = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
const fromOpenApi = (path: string) => path.replace(/\{([A-Za-z_]+)\}/g, ':$1');

interface ExampleContent {
  'application/json'?: { example?: unknown; examples?: Record<string, { value: unknown }>; schema?: unknown };
}

describe('API docs (OpenAPI generated from the contracts)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  const op = (method: string, path: string): OpenApiOperation => {
    const found = doc.paths[toOpenApi(path)]?.[method.toLowerCase() as 'get'];
    if (!found) throw new Error(`${method} ${path} no está documentada`);
    return found;
  };
  /** Every error body a status of an operation documents, the usual one first. */
  const examples = (operation: OpenApiOperation, status: string) => {
    const media = (operation.responses[status]?.content as ExampleContent | undefined)?.['application/json'];
    const values = media?.example !== undefined ? [media.example] : Object.values(media?.examples ?? {}).map((e) => e.value);
    return values.map((v) => parseWith(ErrorBodySchema, v));
  };
  const example = (operation: OpenApiOperation, status: string) => {
    const [first] = examples(operation, status);
    if (!first) throw new Error(`${status} sin ejemplo`);
    return first;
  };
  const messagesOf = (method: string, path: string, status: string) => examples(op(method, path), status).map((b) => b.message);

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http.get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    doc = parseWith(OpenApiDocumentSchema, res.body);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is an OpenAPI 3.1 document served without a token', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toContain('Gestar');
  });

  it('lists every route the API registers, with the same method, path and access rule', () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(0);
    for (const r of served) {
      const documented = doc.paths[toOpenApi(r.path)]?.[r.method.toLowerCase() as 'get'];
      expect({ route: `${r.method} ${r.path}`, documented: Boolean(documented) }).toEqual({
        route: `${r.method} ${r.path}`,
        documented: true,
      });
      expect(documented!['x-permission']).toEqual(r.route!.access);
    }
    expect(served.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/docs', 'GET /api/docs/openapi.json']),
    );
  });

  it('documents exactly the contract routes: none missing, none invented', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${fromOpenApi(path)}`),
    );
    expect(documented.sort()).toEqual(API_ROUTES.map(routeKey).sort());
  });

  it('gives each operation its permission, its schemas and Spanish error examples', () => {
    for (const route of API_ROUTES) {
      const operation = op(route.method, route.path);
      const label = routeKey(route);
      expect([label, operation['x-permission']]).toEqual([label, route.access]);
      expect(operation.description).toContain('Acceso:');
      if (typeof route.access === 'object') {
        for (const p of 'anyOf' in route.access ? route.access.anyOf : route.access.allOf) {
          expect(operation.description).toContain(p);
        }
      }
      const names = (operation.parameters ?? []).map((p) => `${String(p.in)}:${String(p.name)}`);
      for (const m of route.path.matchAll(/:([A-Za-z_]+)/g))
        expect([label, names]).toEqual([label, expect.arrayContaining([`path:${m[1]}`])]);
      if (route.query) expect([label, names.some((n) => n.startsWith('query:'))]).toEqual([label, true]);
      expect([label, Boolean(operation.requestBody)]).toEqual([label, Boolean(route.body)]);
      const success = String(route.status ?? (route.method === 'POST' ? 201 : 200));
      expect([label, Boolean(operation.responses[success])]).toEqual([label, true]);
      if (route.response) {
        const content = operation.responses[success]!.content as ExampleContent;
        expect([label, typeof content['application/json']?.schema]).toEqual([label, 'object']);
      }
      expect([label, operation.security.length === 0]).toEqual([label, route.access === 'public']);
      for (const status of Object.keys(operation.responses).filter((s) => Number(s) >= 400)) {
        for (const body of examples(operation, status)) expect([label, body.statusCode]).toEqual([label, Number(status)]);
      }
      if (route.access !== 'public') expect(example(operation, '401').message).toBe(MESSAGES.errors.unauthorized);
      expect(example(operation, '413').message).toBe(MESSAGES.errors.payloadTooLarge);
    }
  });

  it('covers 400/401/403/404/409/413/429/503 with the messages the API answers', () => {
    expect(example(op('POST', '/api/auth/login'), '429').message).toBe(MESSAGES.errors.tooManyLoginAttempts);
    expect(example(op('POST', '/api/users'), '409').message).toBe(MESSAGES.errors.usernameTaken);
    expect(example(op('DELETE', '/api/statuses/:id'), '409').message).toBe(MESSAGES.errors.statusInUse);
    expect(example(op('GET', '/api/roles'), '403').message).toBe(MESSAGES.errors.forbidden);
    expect(example(op('GET', '/api/users/:id'), '404').message).toBe(MESSAGES.errors.notFound);
    expect(example(op('GET', '/api/health'), '503').message).toBe(MESSAGES.errors.databaseUnavailable);
    const invalid = example(op('POST', '/api/users'), '400');
    expect(invalid.errors?.map((e) => e.message)).toContain(MESSAGES.validation.usernameRequired);
  });

  it('documents a conflict (409) exactly on the routes that answer one, with each of their messages', () => {
    // Every authenticated write may also meet its idempotency key still in flight: that 409 is everywhere, and apart.
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods ?? {})
        .filter(([, operation]) =>
          examples(operation as OpenApiOperation, '409').some((b) => b.message !== MESSAGES.errors.idempotencyKeyInFlight),
        )
        .map(([method]) => `${method.toUpperCase()} ${fromOpenApi(path)}`),
    );
    expect(documented.sort()).toEqual(
      [
        'POST /api/users',
        'PUT /api/users/:id',
        'DELETE /api/users/:id',
        'PUT /api/users/:id/directory-link',
        'POST /api/assigned-tasks',
        'POST /api/tasks',
        'POST /api/scheduled-task',
        'PUT /api/scheduled-task/:id',
        'POST /api/calendar/non-working-days',
        'DELETE /api/statuses/:id',
        'DELETE /api/areas/:id',
        'DELETE /api/type-task/:id',
        'DELETE /api/job-descriptions/:id',
        'POST /api/statuses',
        'PUT /api/statuses/:id',
        'POST /api/areas',
        'PUT /api/areas/:id',
        'POST /api/type-task',
        'PUT /api/type-task/:id',
        'POST /api/job-descriptions',
        'PUT /api/job-descriptions/:id',
        'PUT /api/assigned-tasks/:id',
        'PUT /api/assigned-tasks/:id/checklist/:itemId',
        'POST /api/assigned-tasks/:id/attachments',
        'DELETE /api/attachments/:id',
        'POST /api/assets',
        'PUT /api/assets/:code',
        'DELETE /api/assets/:code',
        'PUT /api/assets/:code/state',
        'POST /api/assets/:code/attachments',
        'POST /api/assets/import',
        'POST /api/problem-reports',
        'POST /api/problem-reports/:id/accept',
        'POST /api/problem-reports/:id/attachments',
        'POST /api/problem-reports/:id/merge',
        'POST /api/problem-reports/:id/reject',
        'POST /api/problem-reports/:id/resolve',
        'POST /api/time-entries/start',
        'POST /api/time-entries/resume',
        'POST /api/time-entries/pause',
        'POST /api/time-entries/finish',
        'POST /api/time-entries',
        'PUT /api/time-entries/:id',
        'POST /api/time-entries/:id/confirm',
      ].sort(),
    );
    expect(example(op('POST', '/api/tasks'), '409').message).toBe(MESSAGES.errors.noStatuses);
    expect(example(op('PUT', '/api/scheduled-task/:id'), '409').message).toBe(MESSAGES.errors.scheduleExists);
    expect(messagesOf('POST', '/api/assigned-tasks', '409')).toEqual([
      MESSAGES.errors.taskInactive,
      MESSAGES.errors.noStatuses,
      MESSAGES.errors.idempotencyKeyInFlight,
    ]);
  });

  it('lists every error an operation answers: sign-in refusals, limits, session refusals, the idempotency key, unexpected errors', () => {
    expect(messagesOf('POST', '/api/auth/login', '401')).toEqual(expect.arrayContaining([MESSAGES.errors.loginFailed, MESSAGES.errors.userInactive]));
    expect(messagesOf('POST', '/api/auth/login', '429')).toEqual([MESSAGES.errors.tooManyLoginAttempts]);
    expect(messagesOf('POST', '/api/auth/refresh-token', '401')).toEqual([MESSAGES.errors.invalidRefreshToken, MESSAGES.errors.userInactive]);
    expect(messagesOf('POST', '/api/users/:id/change-password', '429')).toEqual([MESSAGES.errors.tooManyPasswordAttempts]);
    expect(messagesOf('POST', '/api/users/:id/change-password', '400')).toContain(MESSAGES.errors.currentPasswordWrong);
    expect(messagesOf('GET', '/api/events', '401')).toContain(MESSAGES.errors.eventTicketInvalid);
    expect(messagesOf('PUT', '/api/assigned-tasks/:id/checklist/:itemId', '422')).toContain(MESSAGES.errors.checklistPhotoRequired);
    for (const route of API_ROUTES) {
      const operation = op(route.method, route.path);
      const label = routeKey(route);
      const codes = Object.keys(operation.responses);
      // redocly's recommended rules: a success (or default) and a 4XX on every operation.
      expect([label, codes.some((c) => /^4\d\d$/.test(c))]).toEqual([label, true]);
      expect([label, example(operation, 'default').statusCode]).toEqual([label, 500]);
      // Any request may carry a JSON body: a broken one is a 400, one over 1 MB a 413.
      expect([label, messagesOf(route.method, route.path, '400')]).toEqual([label, expect.arrayContaining([MESSAGES.validation.invalidBody])]);
      expect([label, messagesOf(route.method, route.path, '413')]).toEqual([label, expect.arrayContaining([MESSAGES.errors.payloadTooLarge])]);
      if (route.access !== 'public') {
        expect([label, messagesOf(route.method, route.path, '401')]).toEqual([
          label,
          expect.arrayContaining([MESSAGES.errors.unauthorized, MESSAGES.errors.sessionExpired, MESSAGES.errors.sessionEnded]),
        ]);
      }
      if (route.method !== 'GET' && route.access !== 'public') {
        expect([label, messagesOf(route.method, route.path, '422')]).toEqual([label, expect.arrayContaining([MESSAGES.errors.idempotencyKeyReused])]);
      }
      for (const [status, messages] of Object.entries(route.errors ?? {})) {
        expect([label, status, messagesOf(route.method, route.path, status)]).toEqual([label, status, expect.arrayContaining([...messages])]);
      }
    }
  });

  it('documents what the API really answers: a wrong password, a broken body where no body is expected', async () => {
    const wrong = parseWith(ErrorBodySchema, (await t.http.post('/api/auth/login').send({ username: 'admin', password: 'mala' })).body);
    expect(examples(op('POST', '/api/auth/login'), '401')).toContainEqual(wrong);
    const broken = await t.http.get('/api/health').set('Content-Type', 'application/json').send('{"a":');
    expect(broken.status).toBe(400);
    expect(examples(op('GET', '/api/health'), '400')).toContainEqual(parseWith(ErrorBodySchema, broken.body));
  });

  it('passes redocly lint with its recommended rules: no error, no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const redocly = join(__dirname, '..', 'node_modules', '.bin', 'redocly');
      // redocly exits 1 when it finds errors; its JSON report is on stdout either way.
      const run = await promisify(execFile)(redocly, ['lint', file, '--format=json'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
        (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
      );
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('documents the 409 the API really answers when a schedule is moved onto a task that has one', async () => {
    const admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    const list = parseWith(ScheduledTaskListResponseSchema, (await t.http.get('/api/scheduled-task').set(admin)).body);
    const [first, second] = list.data;
    expect(second).toBeDefined();
    const res = await t.http
      .put(`/api/scheduled-task/${first!.uuid}`)
      .set(admin)
      .send({ tarea_uuid: second!.tarea.uuid });
    expect(res.status).toBe(409);
    expect(parseWith(ErrorBodySchema, res.body)).toEqual(example(op('PUT', '/api/scheduled-task/:id'), '409'));
  });

  it("documents the API's real answers: a validation error and a missing token", async () => {
    const admin = { Authorization: `Bearer ${await tokenFor(t, 'admin')}` };
    const documented = example(op('POST', '/api/statuses'), '400');
    const real = parseWith(ErrorBodySchema, (await t.http.post('/api/statuses').set(admin).send({})).body);
    expect(real).toEqual(documented);

    const unauthorized = parseWith(ErrorBodySchema, (await t.http.get('/api/roles')).body);
    expect(unauthorized).toEqual(example(op('GET', '/api/roles'), '401'));
  });

  it('serves /api/docs as a public HTML page that needs no script (its CSP allows none)', async () => {
    const res = await t.http.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    const html = res.text;
    expect(html).toContain('<html lang="es">');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('/api/docs/openapi.json');
    for (const route of API_ROUTES) {
      expect([routeKey(route), html.includes(`>${toOpenApi(route.path)}</code>`)]).toEqual([routeKey(route), true]);
    }
    expect(html).toContain('read:user:all');
    expect(html).toContain(MESSAGES.errors.tooManyLoginAttempts);
  });
});
