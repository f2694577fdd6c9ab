import { MESSAGES } from '@gestar/contracts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page a browser gets for an address outside the API that the server cannot answer: an
 * unknown file, a method other than GET on a page, an address it cannot read. Spanish, self-contained
 * (inline style only, which the documents' CSP allows), with a way back to the app.
 */
export function errorPage(status: number, message: string): string {
  const title = status === 404 ? MESSAGES.errors.pageNotFoundTitle : MESSAGES.errors.pageRequestRefusedTitle;
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Gestar</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f9fa; color: #212529; }
  main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
  p { line-height: 1.5; margin: 0 0 1.5rem; }
  a { display: inline-block; padding: 0.6rem 1.2rem; border-radius: 0.25rem; background: #228be6; color: #fff; text-decoration: none; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<a href="/">${escapeHtml(MESSAGES.errors.pageGoHome)}</a>
</main>
</body>
</html>
`;
}
