/**
 * The OpenAPI document rendered as one static HTML page. Its CSP allows no
 * script, so the page needs none at all: sections open with
 * <details>, and the JSON Schemas are printed as preformatted text.
 */
import type { OpenApiDocument, OpenApiOperation } from '@gestar/contracts';
import { describeAccessEs } from './openapi';

/** Dark enough for white text at WCAG AA (4.5:1). */
const METHOD_COLORS: Record<string, string> = {
  get: '#1864ab',
  post: '#236b30',
  put: '#a34700',
  patch: '#862e9c',
  delete: '#b02525',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const anchorId = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');

type Json = Record<string, unknown>;

function typeLabel(schema: Json): string {
  if (typeof schema.type === 'string') {
    const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
    if (schema.type === 'array' && schema.items && typeof schema.items === 'object')
      return `${typeLabel(schema.items as Json)}[]`;
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
    return `${schema.type}${format}`;
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map(typeLabel))].join(' | ');
  return 'cualquiera';
}

// Scrollable blocks are focusable so they can be scrolled with the keyboard.
const pre = (value: unknown) => `<pre tabindex="0">${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderParameters(op: OpenApiOperation): string {
  if (!op.parameters?.length) return '';
  const rows = op.parameters
    .map((p) => {
      const schema = (p.schema ?? {}) as Json;
      const extra = 'default' in schema ? ` · por defecto ${escapeHtml(JSON.stringify(schema.default))}` : '';
      return `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${p.in === 'path' ? 'ruta' : 'consulta'}</td><td>${
        p.required ? 'sí' : 'no'
      }</td><td><code>${escapeHtml(typeLabel(schema))}</code>${extra}</td></tr>`;
    })
    .join('');
  return `<h4>Parámetros</h4><div class="scroll" tabindex="0"><table><thead><tr><th scope="col">Nombre</th><th scope="col">Dónde</th><th scope="col">Obligatorio</th><th scope="col">Tipo</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function renderBody(op: OpenApiOperation): string {
  const content = (op.requestBody?.content ?? {}) as Record<string, { schema?: unknown }>;
  const json = content['application/json'];
  return json ? `<h4>Cuerpo (application/json)</h4>${pre(json.schema)}` : '';
}

function renderResponses(op: OpenApiOperation): string {
  const items = Object.entries(op.responses)
    .map(([status, response]) => {
      const content = (response.content ?? {}) as Record<
        string,
        { schema?: unknown; example?: unknown; examples?: Record<string, { value?: unknown }> }
      >;
      const media = Object.entries(content)
        .map(([type, body]) => {
          if (body.example !== undefined)
            return `<p class="media">${escapeHtml(type)}, ejemplo:</p>${pre(body.example)}`;
          if (body.examples !== undefined)
            return `<p class="media">${escapeHtml(type)}, ejemplos:</p>${Object.values(body.examples)
              .map((e) => pre(e.value))
              .join('')}`;
          if (type === 'application/json') return `<p class="media">${escapeHtml(type)}:</p>${pre(body.schema)}`;
          return `<p class="media">${escapeHtml(type)}</p>`;
        })
        .join('');
      return `<li><strong class="status s${escapeHtml(status[0] ?? '')}">${escapeHtml(status)}</strong> ${escapeHtml(
        String(response.description ?? ''),
      )}${media}</li>`;
    })
    .join('');
  return `<h4>Respuestas</h4><ul class="responses">${items}</ul>`;
}

function renderOperation(path: string, method: string, op: OpenApiOperation): string {
  const color = METHOD_COLORS[method] ?? '#495057';
  return `<details id="${anchorId(op.operationId)}" class="op">
<summary><span class="method" style="background:${color}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code> <span class="summary">${escapeHtml(op.summary)}</span></summary>
<div class="body">
<p class="access">${escapeHtml(describeAccessEs(op['x-permission']))}</p>
<p class="perm"><code>x-permission</code>: <code>${escapeHtml(JSON.stringify(op['x-permission']))}</code></p>
${renderParameters(op)}${renderBody(op)}${renderResponses(op)}
</div>
</details>`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#f8f9fa;line-height:1.5}
main{max-width:1100px;margin:0 auto;padding:1rem}h1{margin:.5rem 0}h2{margin-top:2rem;border-bottom:1px solid #dee2e6;padding-bottom:.25rem}
a{color:#1864ab}nav ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;padding:0;list-style:none}
.op{background:#fff;border:1px solid #dee2e6;border-radius:8px;margin:.5rem 0}.op summary{cursor:pointer;padding:.6rem .8rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.method{color:#fff;font-weight:700;font-size:.8rem;padding:.15rem .5rem;border-radius:4px;min-width:4.2rem;text-align:center}
.path{font-weight:600;word-break:break-all}.summary{color:#495057;flex-basis:100%}.body{padding:0 .8rem .8rem}
pre{background:#f1f3f5;padding:.6rem;border-radius:6px;overflow:auto;max-height:28rem;font-size:.8rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #dee2e6;padding:.3rem .5rem;text-align:left;vertical-align:top}
.responses{padding-left:1rem}.status{display:inline-block;min-width:2.5rem}.s2{color:#236b30}.s4{color:#b02525}.s5{color:#862e9c}.media{margin:.25rem 0;color:#495057;font-size:.85rem}
`;

export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Otros';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, op)]);
    }
  }
  const toc = [...byTag.keys()].map((tag) => `<li><a href="#${anchorId(tag)}">${escapeHtml(tag)}</a></li>`).join('');
  const sections = [...byTag.entries()]
    .map(
      ([tag, ops]) =>
        `<section aria-labelledby="${anchorId(tag)}"><h2 id="${anchorId(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} · Documentación</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Documento OpenAPI 3.1: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Las rutas protegidas esperan la cabecera <code>Authorization: Bearer &lt;token&gt;</code> que devuelve <code>POST /api/auth/login</code>.</p>
<nav aria-label="Secciones"><ul>${toc}</ul></nav>
${sections}
</main>
</body>
</html>`;
}
