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
  'application/json'?: { example?: unknown; schema?: unknown };
}

describe('API docs (OpenAPI generated from the contracts)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  const op = (method: string, path: string): OpenApiOperation => {
    const found = doc.paths[toOpenApi(path)]?.[method.toLowerCase() as 'get'];
    if (!found) throw new Error(`${method} ${path} no está documentada`);
    return found;
  };
  const example = (operation: OpenApiOperation, status: string) => {
    const content = operation.responses[status]?.content as ExampleContent | undefined;
    return parseWith(ErrorBodySchema, content?.['application/json']?.example);
  };

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
        const body = example(operation, status);
        expect([label, body.statusCode]).toEqual([label, Number(status)]);
      }
      if (route.access !== 'public') expect(example(operation, '401').message).toBe(MESSAGES.errors.unauthorized);
      if (route.body) expect(example(operation, '413').message).toBe(MESSAGES.errors.payloadTooLarge);
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

  it('documents a 409 exactly on the routes that answer one, with each of their messages', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods ?? {})
        .filter(([, operation]) => (operation as OpenApiOperation).responses['409'])
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
      ].sort(),
    );
    const conflict = (method: string, path: string) =>
      op(method, path).responses['409']!.content as {
        'application/json': { example: unknown; examples?: Record<string, { value: unknown }> };
      };
    expect(example(op('POST', '/api/tasks'), '409').message).toBe(MESSAGES.errors.noStatuses);
    expect(example(op('PUT', '/api/scheduled-task/:id'), '409').message).toBe(MESSAGES.errors.scheduleExists);
    const assign = conflict('POST', '/api/assigned-tasks')['application/json'];
    expect(Object.values(assign.examples ?? {}).map((e) => parseWith(ErrorBodySchema, e.value).message)).toEqual([
      MESSAGES.errors.taskInactive,
      MESSAGES.errors.noStatuses,
    ]);
  });

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
