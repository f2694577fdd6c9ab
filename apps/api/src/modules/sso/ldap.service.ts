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

/**
 * Fills every `{name}` of a template with `value`. A replacer function, so `$&`, `` $` `` or `$'`
 * in a username stay text and never re-insert parts of the template.
 */
export function fillTemplate(template: string, name: string, value: string): string {
  return template.replaceAll(`{${name}}`, () => value);
}

/** The directory could not be consulted (down, refusing, not answering in time): not a wrong password. */
export class DirectoryUnavailableError extends Error {}

/** A directory entry found for an administrator's link: its keys, the one to keep first. */
export interface DirectoryEntry {
  keys: string[];
  username: string;
}

const first = (v: Entry[string] | undefined): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined ? undefined : Buffer.isBuffer(x) ? x.toString('utf8') : String(x);
};
const all = (v: Entry[string] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));

/** The entry's stable keys: entryUUID (OpenLDAP, 389-ds) when the directory has it, then the DN. */
const keysOf = (entry: Entry): string[] => {
  const uuid = first(entry.entryUUID);
  return uuid ? [uuid.toLowerCase(), entry.dn] : [entry.dn];
};

const ATTRIBUTES = ['uid', 'cn', 'sn', 'givenName', 'mail', 'sAMAccountName', 'entryUUID'];

/**
 * LDAP / Active Directory sign-in (ldapts): the person's own bind proves the password; their
 * entry gives the name, e-mail and groups. Nothing is cached and no password is kept. Every
 * operation has a time limit, and the whole sign-in one of its own.
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
    return new Client({ url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs, ...(ca && !s.startTls ? { tlsOptions: { ca } } : {}) });
  }

  private async open(): Promise<Client> {
    const s = this.settings!;
    const client = this.client();
    if (s.startTls) await client.startTLS(s.tlsCaFile ? { ca: [readFileSync(s.tlsCaFile)] } : {});
    return client;
  }

  /** Runs `work` with a client, within the whole-operation limit; any failure but a refused bind is the directory's. */
  private async session<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const s = this.settings!;
    let client: Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DirectoryUnavailableError(`sin respuesta en ${s.timeoutMs * 2} ms`)), s.timeoutMs * 2);
    });
    try {
      return await Promise.race([
        (async () => {
          client = await this.open();
          return work(client);
        })(),
        deadline,
      ]);
    } catch (err) {
      if (err instanceof DirectoryUnavailableError) throw err;
      throw new DirectoryUnavailableError((err as Error).message);
    } finally {
      clearTimeout(timer);
      // A hanging server must not hold the answer: the unbind is not awaited past its own limit.
      void client?.unbind().catch(() => undefined);
    }
  }

  /**
   * The identity when the directory accepts the username and password; null when it does not
   * (unknown person or wrong password). A directory that cannot be consulted throws
   * DirectoryUnavailableError.
   */
  async authenticate(username: string, password: string): Promise<DirectoryIdentity | null> {
    const s = this.settings;
    if (!s || !username || !password) return null; // an empty password would be an anonymous bind
    const attributes = [...ATTRIBUTES, s.groupAttribute];
    const refused = Symbol('refused');
    const bind = async (client: Client, dn: string, secret: string) => {
      try {
        await client.bind(dn, secret);
        return true;
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return false;
        throw err;
      }
    };
    const result = await this.session(async (client) => {
      let dn: string;
      let entry: Entry | undefined;
      if (s.bindDn) {
        dn = fillTemplate(s.bindDn, 'username', escapeDn(username));
        if (!(await bind(client, dn, password))) return refused;
        entry = (await client.search(dn, { scope: 'base', attributes })).searchEntries[0];
      } else {
        if (s.serviceDn) await client.bind(s.serviceDn, s.servicePassword ?? '');
        const found = await client.search(s.searchBase!, {
          scope: 'sub',
          filter: fillTemplate(s.searchFilter, 'username', escapeFilter(username)),
          attributes,
          sizeLimit: 2,
        });
        if (found.searchEntries.length !== 1) return refused;
        entry = found.searchEntries[0]!;
        dn = entry.dn;
        if (!(await bind(client, dn, password))) return refused;
      }
      if (!entry) return refused;
      let groups = all(entry[s.groupAttribute]);
      if (s.groupSearchBase) {
        const found = await client.search(s.groupSearchBase, {
          scope: 'sub',
          filter: fillTemplate(s.groupSearchFilter, 'dn', escapeFilter(dn)),
          attributes: ['cn'],
        });
        groups = [...groups, ...found.searchEntries.flatMap((g) => [g.dn, ...all(g.cn)])];
      }
      const identity: DirectoryIdentity = {
        origen: 'ldap',
        emisor: null,
        keys: keysOf(entry),
        username: first(entry.uid) ?? first(entry.sAMAccountName) ?? username,
        nombre: first(entry.givenName) ?? first(entry.cn) ?? username,
        apellido: first(entry.sn) ?? '',
        correo: first(entry.mail) ?? null,
        groups,
      };
      return identity;
    });
    return result === refused ? null : (result as DirectoryIdentity);
  }

  /**
   * The entry an administrator names to link a user (its username, entryUUID or DN), looked up
   * as the service account (or anonymously); null when the directory has no such entry.
   */
  async lookup(name: string): Promise<DirectoryEntry | null> {
    const s = this.settings!;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(name);
    const isDn = !uuid && /^[a-z][a-z0-9-]*=/i.test(name);
    return this.session(async (client) => {
      if (s.serviceDn) await client.bind(s.serviceDn, s.servicePassword ?? '');
      let entries: Entry[];
      if (isDn) {
        entries = (await client.search(name, { scope: 'base', attributes: ATTRIBUTES }).catch(() => ({ searchEntries: [] as Entry[] }))).searchEntries;
      } else {
        const base = s.searchBase ?? baseOf(s.bindDn!);
        const filter = uuid
          ? `(entryUUID=${escapeFilter(name.toLowerCase())})`
          : s.searchBase
            ? fillTemplate(s.searchFilter, 'username', escapeFilter(name))
            : `(${escapeFilter(firstAttributeOf(s.bindDn!))}=${escapeFilter(name)})`;
        entries = (await client.search(base, { scope: 'sub', filter, attributes: ATTRIBUTES, sizeLimit: 2 })).searchEntries;
      }
      if (entries.length !== 1) return null;
      const entry = entries[0]!;
      return { keys: keysOf(entry), username: first(entry.uid) ?? first(entry.sAMAccountName) ?? name };
    });
  }

  /** One line at start, so an operator sees which sign-in is on. */
  describe(): string | null {
    return this.settings ? `Ingreso por LDAP activado (${this.settings.url})` : null;
  }

  warn(message: string): void {
    this.logger.warn(message);
  }
}

/** `uid={username},ou=people,dc=x` -> `ou=people,dc=x`: where direct-bind entries live. */
function baseOf(bindDn: string): string {
  return bindDn.slice(bindDn.indexOf(',') + 1);
}

/** `uid={username},ou=people,dc=x` -> `uid`. */
function firstAttributeOf(bindDn: string): string {
  return bindDn.slice(0, bindDn.indexOf('='));
}
