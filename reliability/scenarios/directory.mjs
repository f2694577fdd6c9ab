// The company directory (LDAP) and the OpenID provider down (port closed) or hanging (accepts,
// never answers): local accounts sign in as fast as with them healthy; directory users read in
// Spanish that the directory is unavailable, within its time limit, and it counts as no failure.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, log, logDir, root, section } from '../checks.mjs';
import { freePort, http, percentile, startApi } from '../lib.mjs';
import { hangingServer, LDAP_ADMIN, LDAP_SUFFIX, startOidcProvider, startSlapd, tcpDoor } from '../servers.mjs';

const LDAP_TIMEOUT_MS = 1000;
/** openid-client's limit on the provider's discovery (apps/api/src/modules/sso/oidc.service.ts): 10 s, not configurable. */
const OIDC_TIMEOUT_MS = 10_000;
const MARGIN_MS = 1000;
const LOCAL_LOGINS = 20;
/** More than the failed-password limit: none of them may count as one. */
const DIRECTORY_LOGINS = 11;
const UNAVAILABLE = 'No se pudo consultar el directorio de la empresa. Intente nuevamente en unos minutos o avise a un administrador.';
/** Local sign-in with the directory out: p95 ≤ healthy p95 × 1.5 + 100 ms. */
const LOCAL_FACTOR = 1.5;
const LOCAL_EXTRA_MS = 100;

const ms = (v) => `${Math.round(v)} ms`;
const people = `ou=people,${LDAP_SUFFIX}`;
const groups = `ou=groups,${LDAP_SUFFIX}`;

export default async function directory({ cluster }) {
  await cluster.createDatabase('rel_directory');
  const slapd = await startSlapd(await freePort());
  const c = await slapd.admin();
  await c.add(`uid=lucia,${people}`, {
    objectClass: ['inetOrgPerson'],
    uid: 'lucia',
    cn: 'Lucía Fernández',
    givenName: 'Lucía',
    sn: 'Fernández',
    userPassword: 'clave-de-lucia',
  });
  await c.add(`cn=operarios,${groups}`, { objectClass: ['groupOfNames'], cn: 'operarios', member: [`uid=lucia,${people}`] });
  await c.unbind();
  const ldapDoor = await tcpDoor(await freePort(), { host: '127.0.0.1', port: Number(new URL(slapd.url).port) });
  const oidcPort = await freePort();
  const api = await startApi(root, {
    databaseUrl: cluster.url('rel_directory'),
    logDir,
    name: 'api-directory',
    env: {
      LDAP_URL: `ldap://127.0.0.1:${ldapDoor.port}`,
      LDAP_SEARCH_BASE: people,
      LDAP_SEARCH_FILTER: '(uid={username})',
      LDAP_SERVICE_DN: LDAP_ADMIN.dn,
      LDAP_SERVICE_PASSWORD: LDAP_ADMIN.password,
      LDAP_GROUP_SEARCH_BASE: groups,
      LDAP_TIMEOUT_MS: String(LDAP_TIMEOUT_MS),
      OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
      OIDC_CLIENT_ID: 'gestar',
      OIDC_CLIENT_SECRET: 'secreto-del-cliente',
      OIDC_NAME: 'Cuenta de Muebles del Sur',
      SSO_GROUP_MAP: JSON.stringify({ operarios: { rol: 'Operario', areas: ['Logística'] } }),
      SSO_AUTO_CREATE: 'true',
    },
  });
  let provider = null;
  let hanging = null;
  try {
    await api.waitHealthy(90_000);
    // Lucía signs in once through the healthy directory: she is a directory user from then on.
    await ldapDoor.setMode('open');
    const first = await http(api.base, 'POST', '/api/auth/login', { body: { username: 'lucia', password: 'clave-de-lucia' } });
    if (first.status !== 200) throw new Error(`primer ingreso de lucia: ${first.status} ${JSON.stringify(first.body)}`);

    const states = {};
    // The provider's discovery is kept once it succeeds, so the healthy state comes last.
    for (const state of ['caído', 'colgado', 'sano']) {
      if (state === 'caído') await ldapDoor.setMode('down');
      if (state === 'colgado') {
        await ldapDoor.setMode('hang');
        hanging = await hangingServer(oidcPort);
      }
      if (state === 'sano') {
        await hanging?.close();
        hanging = null;
        await ldapDoor.setMode('open');
        provider = await startOidcProvider({
          port: oidcPort,
          clientId: 'gestar',
          clientSecret: 'secreto-del-cliente',
          redirectUri: `${api.base}/api/auth/oidc/callback`,
          postLogoutRedirectUri: `${api.base}/login`,
          accounts: {},
        });
      }
      states[state] = await measure(api, state);
    }
    report(states);
  } finally {
    await api.stop();
    await provider?.close();
    await hanging?.close();
    await ldapDoor.close();
    await slapd.close();
  }
}

async function measure(api, state) {
  const local = [];
  for (let i = 0; i < LOCAL_LOGINS; i++) {
    const r = await http(api.base, 'POST', '/api/auth/login', { body: { username: 'admin', password: 'demo1234' }, timeoutMs: 30_000 });
    local.push({ ms: r.ms, status: r.status });
  }
  const ldap = [];
  for (let i = 0; i < (state === 'sano' ? 3 : DIRECTORY_LOGINS); i++) {
    const r = await http(api.base, 'POST', '/api/auth/login', {
      body: { username: 'lucia', password: 'clave-de-lucia' },
      timeoutMs: 30_000,
    });
    ldap.push({ ms: r.ms, status: r.status, message: r.body?.message ?? null });
  }
  const oidc = [];
  for (let i = 0; i < (state === 'colgado' ? 1 : 3); i++) oidc.push(await oidcStart(api.base));
  const lat = local.map((x) => x.ms);
  const m = {
    local,
    ldap,
    oidc,
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    ldapMax: Math.max(...ldap.map((x) => x.ms)),
    oidcMax: Math.max(...oidc.map((x) => x.ms)),
  };
  log(
    `directorio ${state}: ingreso local p50 ${ms(m.p50)} p95 ${ms(m.p95)}; LDAP ${ldap.map((x) => x.status).join(',')} máx ${ms(m.ldapMax)}; ` +
      `OpenID ${oidc.map((x) => x.status).join(',')} máx ${ms(m.oidcMax)} (${oidc[0]?.where ?? ''})`,
  );
  return m;
}

/** The browser's «Ingresar con ...»: a top-level navigation to the start, not followed. */
async function oidcStart(base) {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/oidc/start`, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let message = null;
  try {
    message = JSON.parse(text)?.message ?? null;
  } catch {
    message = null;
  }
  const location = res.headers.get('location');
  return {
    ms: performance.now() - started,
    status: res.status,
    location,
    message,
    where: location ? `→ ${location.replace(/\?.*/, '')}${location.includes('sso_error') ? location.replace(/^[^?]*/, '') : ''}` : `${message ?? text.slice(0, 80)}`,
  };
}

function report(s) {
  const healthy = s.sano;
  const bound = healthy.p95 * LOCAL_FACTOR + LOCAL_EXTRA_MS;
  for (const state of ['caído', 'colgado']) {
    const m = s[state];
    check(
      `Directorio ${state}: las cuentas locales ingresan como siempre`,
      m.local.every((x) => x.status === 200) && m.p95 <= bound,
      `p95 ${ms(m.p95)} (sano ${ms(healthy.p95)}; cota ${ms(bound)}); ${m.local.filter((x) => x.status === 200).length}/${m.local.length} ingresaron`,
    );
    const ldapLimit = 2 * LDAP_TIMEOUT_MS + MARGIN_MS;
    check(
      `Directorio ${state}: un usuario del directorio lee que no está disponible, a tiempo`,
      m.ldap.every((x) => x.status === 503 && x.message === UNAVAILABLE) && m.ldapMax <= ldapLimit,
      `${m.ldap.filter((x) => x.status === 503 && x.message === UNAVAILABLE).length}/${m.ldap.length} respuestas 503 «${UNAVAILABLE.slice(0, 48)}…», ` +
        `la más lenta en ${ms(m.ldapMax)} (cota ${ms(ldapLimit)}: 2 × LDAP_TIMEOUT_MS + ${MARGIN_MS} ms)`,
    );
    const oidcLimit = OIDC_TIMEOUT_MS + MARGIN_MS;
    const oidcOk = m.oidc.every((x) => isProviderOutAnswer(x)) && m.oidcMax <= oidcLimit;
    check(
      `Directorio ${state}: «Ingresar con la cuenta de la empresa» dice en castellano que el proveedor no responde, a tiempo`,
      oidcOk,
      `${m.oidc.map((x) => `${x.status} ${x.where}`).join('; ')}; la más lenta en ${ms(m.oidcMax)} (cota ${ms(oidcLimit)})`,
    );
  }
  const back = healthy.ldap;
  check(
    'Directorio: las respuestas «no disponible» no cuentan como contraseña fallida',
    back.every((x) => x.status === 200),
    `tras ${2 * DIRECTORY_LOGINS} intentos con el directorio caído o colgado (el límite bloquea antes), Lucía ingresa: ${back.map((x) => x.status).join(', ')}`,
  );
  check(
    'Directorio sano: el ingreso con OpenID lleva al proveedor',
    healthy.oidc.every((x) => x.status === 302 && (x.location ?? '').startsWith('http://127.0.0.1:')),
    healthy.oidc.map((x) => `${x.status} ${x.where}`).join('; '),
  );
  keep('directory', markdown(s));
}

/** The login screen's «no disponible» for the provider: a redirect to it with the code, or (an API client) a 503 with the Spanish text. */
function isProviderOutAnswer(x) {
  if (x.status === 302) return /^\/login\?sso_error=no_disponible$/.test(x.location ?? '');
  return false;
}

function markdown(s) {
  const row = (state, label) => {
    const m = s[state];
    return `| ${label} | ${ms(m.p50)} | ${ms(m.p95)} | ${m.ldap.map((x) => x.status).join(', ').replace(/(\d+)(, \1)+/g, (all, code) => `${code} × ${all.split(',').length}`)} | ${ms(m.ldapMax)} | ${m.oidc[0].status} ${m.oidc[0].where.replace(/\|/g, '\\|')} | ${ms(m.oidcMax)} |`;
  };
  const healthy = s.sano;
  return `### Directorio de la empresa (LDAP) y proveedor OpenID caídos o colgados

Lo esperado: con el directorio o el proveedor fuera de servicio, las cuentas locales ingresan con su
contraseña en su tiempo de siempre (p95 ≤ ${LOCAL_FACTOR} × el p95 con todo sano + ${LOCAL_EXTRA_MS} ms); un usuario
del directorio lee en castellano que el directorio no está disponible, dentro del tiempo límite más un
margen (LDAP: 2 × \`LDAP_TIMEOUT_MS\` + ${MARGIN_MS} ms; OpenID: los ${OIDC_TIMEOUT_MS / 1000} s fijos del descubrimiento + ${MARGIN_MS} ms), y
ese intento no cuenta como contraseña fallida.

Cómo se midió: una API compilada con su propia base (\`rel_directory\`), LDAP contra un OpenLDAP real
(slapd) detrás de un puerto que se cierra (caído), acepta sin responder (colgado) o pasa al servidor
(sano), con \`LDAP_TIMEOUT_MS=${LDAP_TIMEOUT_MS}\`; OpenID contra un proveedor real (oidc-provider) en su
puerto, que en «caído» no corre y en «colgado» es un servidor TCP que acepta y nunca responde. Lucía
entra primero por el directorio sano (queda como usuaria del directorio). En cada estado:
${LOCAL_LOGINS} ingresos locales de \`admin\`, ${DIRECTORY_LOGINS} de Lucía (más que el límite de contraseñas
fallidas) y la navegación de «Ingresar con la cuenta de la empresa» (\`GET /api/auth/oidc/start\`). El
estado sano va al final porque la API guarda el descubrimiento del proveedor una vez logrado.

| Estado | Local p50 | Local p95 | Lucía (LDAP) | Lucía, la más lenta | OpenID: respuesta | OpenID, la más lenta |
|---|---:|---:|---|---:|---|---:|
${row('sano', 'Sano')}
${row('caído', 'Caído (puerto cerrado)')}
${row('colgado', 'Colgado (acepta, no responde)')}

- Cota de los ingresos locales: ${ms(healthy.p95 * LOCAL_FACTOR + LOCAL_EXTRA_MS)}.
- Con todo sano, Lucía volvió a entrar (${healthy.ldap.map((x) => x.status).join(', ')}) tras ${2 * DIRECTORY_LOGINS} respuestas
  «no disponible»: ninguna contó como contraseña fallida.
`;
}

/** The report's part, also kept beside the logs (a partial run does not rewrite docs/RELIABILITY.md). */
function keep(name, markdown) {
  section(name, markdown);
  writeFileSync(join(logDir, `${name}-section.md`), markdown);
}
