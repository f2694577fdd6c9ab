import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';
import { integrationLines } from './integrations';

const BASE = { DATABASE_URL: 'postgres://gestar:clave-db@127.0.0.1:5432/gestar', JWT_SECRET: 'j'.repeat(40), NODE_ENV: 'test' };
const SECRETS = ['clave-smtp', 'secreto-oidc', 'clave-ldap', 'clave-privada-firebase', 'clave-db', 'j'.repeat(40)];

describe('the start log line of each integration that is on', () => {
  it('says nothing when none is on', () => {
    expect(integrationLines(loadConfig(BASE))).toEqual([]);
  });

  it('one line each for LDAP, OpenID, e-mail and push: where it points, and no secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gestar-firebase-'));
    try {
      const account = join(dir, 'cuenta.json');
      writeFileSync(account, JSON.stringify({ project_id: 'taller-avisos', private_key: 'clave-privada-firebase', client_email: 'x@y' }));
      const config = loadConfig({
        ...BASE,
        APP_URL: 'https://gestar.taller.test',
        LDAP_URL: 'ldaps://directorio.taller.test:636',
        LDAP_SEARCH_BASE: 'ou=personas,dc=taller,dc=test',
        LDAP_SERVICE_DN: 'cn=gestar,dc=taller,dc=test',
        LDAP_SERVICE_PASSWORD: 'clave-ldap',
        LDAP_TLS_CA_FILE: '/run/secrets/ldap-ca.pem',
        OIDC_ISSUER: 'https://login.taller.test/realms/taller',
        OIDC_CLIENT_ID: 'gestar',
        OIDC_CLIENT_SECRET: 'secreto-oidc',
        SMTP_URL: 'smtp://avisos%40taller.test:clave-smtp@correo.taller.test:587/?tls.servername=correo.taller.test',
        FIREBASE_SERVICE_ACCOUNT: account,
      });
      const lines = integrationLines(config);
      expect(lines).toEqual([
        'LDAP activo: ldaps://directorio.taller.test:636 (TLS, CA /run/secrets/ldap-ca.pem), búsqueda en ou=personas,dc=taller,dc=test con (uid={username}) como cn=gestar,dc=taller,dc=test',
        'OpenID activo: emisor https://login.taller.test/realms/taller, cliente gestar, vuelta https://gestar.taller.test/api/auth/oidc/callback',
        'Correo activo: smtp://correo.taller.test:587 (STARTTLS exigido), usuario avisos@taller.test, remitente Gestar <gestar@gestar.taller.test>',
        'Push activo: Firebase Cloud Messaging, proyecto taller-avisos',
      ]);
      for (const secret of SECRETS) expect(lines.join('\n')).not.toContain(secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an LDAP or OpenID URL with credentials in it is shown without them', () => {
    const lines = integrationLines(
      loadConfig({
        ...BASE,
        LDAP_URL: 'ldap://gestar:clave-ldap@directorio.taller.test',
        LDAP_BIND_DN: 'uid={username},ou=personas,dc=taller,dc=test',
        LDAP_STARTTLS: 'true',
        OIDC_ISSUER: 'https://u:secreto-oidc@login.taller.test/?x=secreto-oidc',
        OIDC_CLIENT_ID: 'gestar',
      }),
    );
    expect(lines[0]).toBe('LDAP activo: ldap://directorio.taller.test (StartTLS), bind directo con uid={username},ou=personas,dc=taller,dc=test');
    expect(lines[1]).toMatch(/^OpenID activo: emisor https:\/\/login\.taller\.test, /);
    for (const secret of SECRETS) expect(lines.join('\n')).not.toContain(secret);
  });
});
