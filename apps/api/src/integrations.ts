import type { AppConfig } from './config';
import { readServiceAccount } from './modules/notifications/firebase-push.adapter';

/** A URL as it may be shown: without a user, a password or a query (which may carry either). */
function shown(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(URL no válida)';
  }
}

/**
 * One line for each integration that is on (LDAP, OpenID, e-mail, push) and where it points,
 * written at start so that whoever reads the log knows what this process talks to. Never a
 * secret: no password, client secret, service account key or URL credentials.
 */
export function integrationLines(config: AppConfig): string[] {
  const lines: string[] = [];
  const { ldap, oidc } = config.sso;
  if (ldap) {
    const tls = ldap.url.startsWith('ldaps:') ? 'TLS' : ldap.startTls ? 'StartTLS' : 'sin TLS';
    const how = ldap.bindDn ? `bind directo con ${ldap.bindDn}` : `búsqueda en ${ldap.searchBase} con ${ldap.searchFilter}${ldap.serviceDn ? ` como ${ldap.serviceDn}` : ''}`;
    lines.push(`LDAP activo: ${shown(ldap.url)} (${tls}${ldap.tlsCaFile ? `, CA ${ldap.tlsCaFile}` : ''}), ${how}`);
  }
  if (oidc) {
    lines.push(`OpenID activo: emisor ${shown(oidc.issuer)}, cliente ${oidc.clientId}, vuelta ${shown(oidc.redirectUri)}`);
  }
  if (config.smtp) {
    const s = config.smtp;
    const tls = s.secure ? 'TLS directo' : s.requireTls ? 'STARTTLS exigido' : 'STARTTLS si el servidor lo ofrece';
    lines.push(`Correo activo: ${s.secure ? 'smtps' : 'smtp'}://${s.host}:${s.port} (${tls})${s.user ? `, usuario ${s.user}` : ''}, remitente ${config.mailFrom}`);
  }
  if (config.firebaseServiceAccount) {
    let project = '(cuenta de servicio ilegible)';
    try {
      project = `proyecto ${String(readServiceAccount(config.firebaseServiceAccount).project_id ?? '(sin project_id)')}`;
    } catch {
      // Said as such: the push module refuses it with its own message.
    }
    lines.push(`Push activo: Firebase Cloud Messaging, ${project}`);
  }
  return lines;
}
