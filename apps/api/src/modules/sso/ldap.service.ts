import { Inject, Injectable, Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { DirectoryIdentity } from '../users/directory-users.service';
import type { LdapSettings } from './sso-config';

/** RFC 4514: a value inside a DN. */
export function escapeDn(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ')
    .replace(/\0/g, '\\00');
}

/** RFC 4515: a value inside a search filter. */
export function escapeFilter(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const first = (v: Entry[string] | undefined): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined ? undefined : Buffer.isBuffer(x) ? x.toString('utf8') : String(x);
};
const all = (v: Entry[string] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));

/**
 * LDAP / Active Directory sign-in (ldapts): the person's own bind proves the password; their
 * entry gives the name and groups. Nothing is cached and no password is kept.
 */
@Injectable()
export class LdapService {
  private readonly logger = new Logger('LDAP');
  private readonly settings: LdapSettings | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = config.sso.ldap;
  }

  get enabled(): boolean {
    return this.settings !== null;
  }

  private client(): Client {
    const s = this.settings!;
    const ca = s.tlsCaFile ? [readFileSync(s.tlsCaFile)] : undefined;
    return new Client({ url: s.url, timeout: 5000, connectTimeout: 5000, ...(ca && !s.startTls ? { tlsOptions: { ca } } : {}) });
  }

  private async open(): Promise<Client> {
    const s = this.settings!;
    const client = this.client();
    if (s.startTls) await client.startTLS(s.tlsCaFile ? { ca: [readFileSync(s.tlsCaFile)] } : {});
    return client;
  }

  /**
   * The identity when the directory accepts the username and password; null when it does not
   * (unknown person or wrong password). A directory that cannot be reached throws.
   */
  async authenticate(username: string, password: string): Promise<DirectoryIdentity | null> {
    const s = this.settings;
    if (!s || !username || !password) return null; // an empty password would be an anonymous bind
    const attributes = ['uid', 'cn', 'sn', 'givenName', 'mail', 'sAMAccountName', s.groupAttribute];
    const client = await this.open();
    try {
      let dn: string;
      let entry: Entry | undefined;
      if (s.bindDn) {
        dn = s.bindDn.replace('{username}', escapeDn(username));
        try {
          await client.bind(dn, password);
        } catch (err) {
          if (err instanceof InvalidCredentialsError) return null;
          throw err;
        }
        entry = (await client.search(dn, { scope: 'base', attributes })).searchEntries[0];
      } else {
        if (s.serviceDn) await client.bind(s.serviceDn, s.servicePassword ?? '');
        const found = await client.search(s.searchBase!, {
          scope: 'sub',
          filter: s.searchFilter.replace('{username}', escapeFilter(username)),
          attributes,
          sizeLimit: 2,
        });
        if (found.searchEntries.length !== 1) return null;
        entry = found.searchEntries[0]!;
        dn = entry.dn;
        try {
          await client.bind(dn, password);
        } catch (err) {
          if (err instanceof InvalidCredentialsError) return null;
          throw err;
        }
      }
      if (!entry) return null;
      let groups = all(entry[s.groupAttribute]);
      if (s.groupSearchBase) {
        const found = await client.search(s.groupSearchBase, {
          scope: 'sub',
          filter: s.groupSearchFilter.replace('{dn}', escapeFilter(dn)),
          attributes: ['cn'],
        });
        groups = [...groups, ...found.searchEntries.flatMap((g) => [g.dn, ...all(g.cn)])];
      }
      return {
        origen: 'ldap',
        externoId: dn,
        username: first(entry.uid) ?? first(entry.sAMAccountName) ?? username,
        nombre: first(entry.givenName) ?? first(entry.cn) ?? username,
        apellido: first(entry.sn) ?? '',
        groups,
      };
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** One line at start, so an operator sees which sign-in is on. */
  describe(): string | null {
    return this.settings ? `Ingreso por LDAP activado (${this.settings.url})` : null;
  }

  warn(message: string): void {
    this.logger.warn(message);
  }
}
