/**
 * Company sign-in settings (README, "Variables de entorno"; DECISIONS.md, "Company sign-in").
 * Read once at start; a malformed SSO_GROUP_MAP stops the start with a Spanish message.
 */
export interface GroupRule {
  /** A role name of Gestar ('Administrador', 'Supervisor', 'Operario' or another). */
  rol: string;
  /** Area names of Gestar. */
  areas: string[];
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the login button says: 'Ingresar con {name}'. */
  name: string;
  redirectUri: string;
  /** Where the provider sends the browser after ending its session (registered at the provider). */
  postLogoutRedirectUri: string;
  scopes: string;
  groupsClaim: string;
}

export interface LdapSettings {
  url: string;
  /** Direct bind: a DN with `{username}`, e.g. `uid={username},ou=people,dc=empresa,dc=local`. */
  bindDn?: string;
  /** Or search then bind: where and how to find the person (`(uid={username})`), as this account. */
  searchBase?: string;
  searchFilter: string;
  serviceDn?: string;
  servicePassword?: string;
  /** Where the person's groups are read: an attribute of the entry (`memberOf`) ... */
  groupAttribute: string;
  /** ... or a search for groups listing the person's DN (`(member={dn})`) under this base. */
  groupSearchBase?: string;
  groupSearchFilter: string;
  startTls: boolean;
  /** A PEM file of the directory's CA, for ldaps:// or StartTLS. */
  tlsCaFile?: string;
  /** Time limit of each directory operation (LDAP_TIMEOUT_MS); a whole sign-in gets twice this. */
  timeoutMs: number;
}

export interface SsoSettings {
  oidc: OidcSettings | null;
  ldap: LdapSettings | null;
  /** Ordered: the first rule whose group the person has gives the role; areas add up. */
  groupMap: [string, GroupRule][];
  autoCreate: boolean;
}

function parseGroupMap(raw: string | undefined): [string, GroupRule][] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('SSO_GROUP_MAP no es un JSON válido');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('SSO_GROUP_MAP debe ser un objeto { "grupo": { "rol": "...", "areas": ["..."] } }');
  }
  return Object.entries(parsed as Record<string, unknown>).map(([group, rule]) => {
    const r = rule as { rol?: unknown; areas?: unknown };
    if (typeof r?.rol !== 'string' || !r.rol || (r.areas !== undefined && !(Array.isArray(r.areas) && r.areas.every((a) => typeof a === 'string')))) {
      throw new Error(`SSO_GROUP_MAP: el grupo «${group}» necesita "rol" (texto) y "areas" (lista de nombres)`);
    }
    return [group, { rol: r.rol, areas: (r.areas as string[] | undefined) ?? [] }];
  });
}

function ldapTimeout(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 5000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 100 || n > 60_000) throw new Error('LDAP_TIMEOUT_MS debe ser un número de milisegundos entre 100 y 60000');
  return n;
}

const on = (v: string | undefined, def: boolean) => (v === undefined || v === '' ? def : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()));

export function loadSsoSettings(env: NodeJS.ProcessEnv, publicUrl: string): SsoSettings {
  const oidc: OidcSettings | null =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET ?? '',
          name: env.OIDC_NAME || 'la cuenta de la empresa',
          redirectUri: env.OIDC_REDIRECT_URI || `${publicUrl.replace(/\/$/, '')}/api/auth/oidc/callback`,
          postLogoutRedirectUri: env.OIDC_POST_LOGOUT_REDIRECT_URI || `${publicUrl.replace(/\/$/, '')}/login`,
          scopes: env.OIDC_SCOPES || 'openid profile email',
          groupsClaim: env.OIDC_GROUPS_CLAIM || 'groups',
        }
      : null;
  const ldap: LdapSettings | null = env.LDAP_URL
    ? {
        url: env.LDAP_URL,
        bindDn: env.LDAP_BIND_DN || undefined,
        searchBase: env.LDAP_SEARCH_BASE || undefined,
        searchFilter: env.LDAP_SEARCH_FILTER || '(uid={username})',
        serviceDn: env.LDAP_SERVICE_DN || undefined,
        servicePassword: env.LDAP_SERVICE_PASSWORD || undefined,
        groupAttribute: env.LDAP_GROUP_ATTRIBUTE || 'memberOf',
        groupSearchBase: env.LDAP_GROUP_SEARCH_BASE || undefined,
        groupSearchFilter: env.LDAP_GROUP_SEARCH_FILTER || '(member={dn})',
        startTls: on(env.LDAP_STARTTLS, false),
        tlsCaFile: env.LDAP_TLS_CA_FILE || undefined,
        timeoutMs: ldapTimeout(env.LDAP_TIMEOUT_MS),
      }
    : null;
  if (ldap && !ldap.bindDn && !ldap.searchBase) {
    throw new Error('LDAP_URL necesita LDAP_BIND_DN (con {username}) o LDAP_SEARCH_BASE');
  }
  return {
    oidc,
    ldap,
    groupMap: parseGroupMap(env.SSO_GROUP_MAP),
    autoCreate: on(env.SSO_AUTO_CREATE, false),
  };
}

/**
 * The role and areas the directory's groups give, or null when no group is mapped (the person
 * may not sign in). Group names compare without case; for LDAP a DN's first value counts too
 * (`cn=supervisores,ou=grupos,...` matches `supervisores`).
 */
export function mapGroups(groups: readonly string[], map: readonly [string, GroupRule][]): GroupRule | null {
  const held = new Set<string>();
  for (const g of groups) {
    held.add(g.toLowerCase());
    const rdn = /^[a-z]+=([^,]+)/i.exec(g);
    if (rdn) held.add(rdn[1]!.toLowerCase());
  }
  const matching = map.filter(([group]) => held.has(group.toLowerCase())).map(([, rule]) => rule);
  if (matching.length === 0) return null;
  return { rol: matching[0]!.rol, areas: [...new Set(matching.flatMap((r) => r.areas))] };
}
