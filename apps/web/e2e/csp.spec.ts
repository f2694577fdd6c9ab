/**
 * Every HTML answer carries a Content-Security-Policy whose script-src (or,
 * without one, default-src) has no 'unsafe-inline': the last line of defence if
 * markup ever reached the page, checked on the wire and in Chromium.
 */
import { expect, loginAs, test } from './fixtures';

/** Directive name -> its sources. */
function parseCsp(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function scriptSources(header: string): string[] {
  const csp = parseCsp(header);
  return csp.get('script-src-elem') ?? csp.get('script-src') ?? csp.get('default-src') ?? [];
}

// The screens (SPA deep links), the login, an unknown path (SPA fallback) and the API's own HTML page.
const HTML_PATHS = [
  '/',
  '/login',
  '/tareas',
  '/programacion-tareas',
  '/usuarios',
  '/estados',
  '/areas',
  '/puestos-trabajo',
  '/tipo-tarea',
  '/reportes',
  '/perfil',
  '/notificaciones',
  '/ayuda/tareas',
  '/no-existe/en/ningun/lado',
  '/index.html',
  '/api/docs',
];

test('every HTML answer has a CSP without unsafe-inline scripts', async ({ request }) => {
  const checked: string[] = [];
  for (const path of HTML_PATHS) {
    const res = await request.get(path, { maxRedirects: 0 });
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('text/html')) continue;
    checked.push(path);
    const header = res.headers()['content-security-policy'];
    expect(header, `${path} sin Content-Security-Policy`).toBeTruthy();
    const sources = scriptSources(header!);
    expect(sources.length, `${path}: la CSP no limita los scripts`).toBeGreaterThan(0);
    expect(sources, `${path}: script-src con 'unsafe-inline'`).not.toContain("'unsafe-inline'");
    expect(sources, `${path}: script-src con '*'`).not.toContain('*');
    const csp = parseCsp(header!);
    expect(csp.get('object-src') ?? csp.get('default-src'), `${path}: object-src`).toEqual(["'none'"]);
    // No inline <script> in the document itself (it would be blocked, so the page would be broken).
    const html = await res.text();
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/gi) ?? [], `${path}: script en línea`).toEqual([]);
  }
  expect(checked.length).toBeGreaterThanOrEqual(HTML_PATHS.length - 1);
});

test('Chromium enforces it: an injected inline script does not run', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await loginAs(page, 'operario');
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1; alert("inline")';
    document.body.appendChild(s);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__inline = 2');
    // Listeners run in the order they were added: when this one hears the failed load, the
    // inline handler (set first) has had its turn.
    const failed = new Promise((r) => img.addEventListener('error', r));
    img.setAttribute('src', 'x');
    document.body.appendChild(img);
    await failed;
    return (window as unknown as { __inline?: number }).__inline ?? 0;
  });
  expect(ran).toBe(0);
  expect(dialogs).toEqual([]);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
