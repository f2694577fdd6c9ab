import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@gestar/contracts';
import { createTestApp, expectError, TestApp } from './support/test-app';

/**
 * Addresses nothing serves: under /api the contracts' JSON error, elsewhere a Spanish page, with
 * the web client built or not, for every method; never Express's English «Cannot GET».
 */
describe.each([
  ['without the web client', false],
  ['with the web client', true],
])('an address nothing serves, %s', (_label, withWeb) => {
  let t: TestApp;
  let web: string | undefined;
  beforeAll(async () => {
    if (withWeb) {
      web = mkdtempSync(join(tmpdir(), 'gestar-web-'));
      writeFileSync(join(web, 'index.html'), '<!DOCTYPE html><html lang="es"><title>Gestar</title></html>');
    }
    t = await createTestApp({ seedDemo: false, env: web ? { WEB_DIST_DIR: web } : {} });
  });
  afterAll(async () => {
    await t.close();
    if (web) rmSync(web, { recursive: true, force: true });
  });

  const expectPage = (res: { status: number; headers: Record<string, string>; text: string }, status: number, message: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.text).toContain('<html lang="es">');
    expect(res.text).toContain(message);
    expect(res.text).toContain(`<a href="/">${MESSAGES.errors.pageGoHome}</a>`);
    expect(res.text).not.toMatch(/Cannot|Error<\/title>|Not Found|Bad Request/);
  };

  it.each([
    ['get', '/x.png'],
    ['get', '/assets/no-existe.js'],
    ['post', '/foo'],
    ['put', '/'],
    ['delete', '/tareas'],
    ['patch', '/x.png'],
  ] as const)('%s %s answers the Spanish 404 page', async (method, path) => {
    expectPage(await t.http[method](path), 404, MESSAGES.errors.pageNotFound);
  });

  it('an address that is not valid percent-encoding: the page outside the API, the JSON 400 under it', async () => {
    expectPage(await t.http.get('/%E0%A4.png'), 404, MESSAGES.errors.pageNotFound);
    expectPage(await t.http.post('/%E0%A4'), 404, MESSAGES.errors.pageNotFound);
    const api = await t.http.put('/api/users/%E0%A4');
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expectError(api, 400, MESSAGES.validation.invalidBody);
  });

  it('a broken JSON body sent to a page answers the page, to the API the JSON error', async () => {
    const page = await t.http.post('/foo').set('Content-Type', 'application/json').send('{"a":');
    expectPage(page, 400, MESSAGES.errors.pageRequestRefused);
    expectError(await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"a":'), 400, MESSAGES.validation.invalidBody);
  });

  it.each([
    ['get', '/api'],
    ['get', '/api/nada.png'],
    ['post', '/api/foo'],
    ['delete', '/api/auth/login'],
  ] as const)('%s %s answers the contracts’ JSON 404 in Spanish', async (method, path) => {
    const res = await t.http[method](path);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectError(res, 404, MESSAGES.errors.routeNotFound);
  });
});
