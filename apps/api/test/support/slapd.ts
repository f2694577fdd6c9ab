import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';
import { Client } from 'ldapts';

export const LDAP_SUFFIX = 'dc=gestar,dc=test';
export const LDAP_ADMIN = { dn: `cn=admin,${LDAP_SUFFIX}`, password: 'secreto-del-directorio' };

export interface Slapd {
  url: string;
  /** A client bound as the directory's administrator. */
  admin(): Promise<Client>;
  close(): Promise<void>;
}

/**
 * A real OpenLDAP server (Debian's slapd) of its own on 127.0.0.1, with an mdb database under a
 * temporary folder: `ou=people` and `ou=groups` below `dc=gestar,dc=test`.
 */
export async function startSlapd(): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'gestar-slapd-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(
    join(dir, 'slapd.conf'),
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN.dn}"`,
      `rootpw ${LDAP_ADMIN.password}`,
      `directory ${join(dir, 'data')}`,
      'maxsize 10485760',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('/usr/sbin/slapd', ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const admin = async () => {
    const client = new Client({ url, timeout: 3000, connectTimeout: 3000 });
    await client.bind(LDAP_ADMIN.dn, LDAP_ADMIN.password);
    return client;
  };
  // Ready when the administrator can bind (bounded: 10 s).
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      const c = await admin();
      await c.unbind();
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > until) {
        child.kill('SIGKILL');
        throw new Error(`slapd no arrancó: ${(err as Error).message}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const c = await admin();
  await c.add(LDAP_SUFFIX, { objectClass: ['top', 'dcObject', 'organization'], o: 'Gestar', dc: 'gestar' });
  await c.add(`ou=people,${LDAP_SUFFIX}`, { objectClass: ['organizationalUnit'], ou: 'people' });
  await c.add(`ou=groups,${LDAP_SUFFIX}`, { objectClass: ['organizationalUnit'], ou: 'groups' });
  await c.unbind();
  return {
    url,
    admin,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
