import { COMPANY_NAME, MESSAGES, PRODUCT_NAME } from '@gestar/contracts';
import type { MailMessage } from './mail.port';

const N = MESSAGES.notifications;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The one e-mail template (reminders, escalations, the digest and the notifications screen's
 * messages): the notification's title as the subject, its text, a link to the task when it is
 * about one and to the app otherwise (APP_URL), and where to change what arrives, signed with
 * the company's name as the app shows it (COMPANY_NAME, or the contracts' name the screens
 * carry). Plain text first, HTML as the alternative.
 */
export function notificationMail(
  to: string,
  n: { titulo: string; mensaje: string; tareaAsignadaUuid: string | null },
  opts: { publicUrl: string; companyName?: string },
): MailMessage {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const link = n.tareaAsignadaUuid
    ? { label: N.emailOpenTask, href: `${base}/?tarea=${n.tareaAsignadaUuid}` }
    : { label: N.emailOpenApp, href: `${base}/` };
  const sender = `${PRODUCT_NAME} · ${opts.companyName ?? COMPANY_NAME}`;
  const text = [n.mensaje, '', `${link.label}: ${link.href}`, '', '--', sender, N.emailFooter].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(n.titulo)}</h2>
<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(n.mensaje)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="color:#1c7ed6">${escapeHtml(link.label)}</a></p>
<hr style="border:none;border-top:1px solid #dee2e6;margin:16px 0">
<p style="font-size:12px;color:#616e7c;margin:0">${escapeHtml(sender)}<br>${escapeHtml(N.emailFooter)}</p>
</body></html>`;
  return { to, subject: n.titulo, text, html };
}
