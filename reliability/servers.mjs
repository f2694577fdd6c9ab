// Servers the fault scenarios put in front of the API on 127.0.0.1: an SMTP server whose
// behaviour changes on one port (down, hanging, refusing, accepting), and a TCP server that
// accepts and never answers (a directory or an OpenID provider that hangs).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const apiRequire = createRequire(join(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
const { SMTPServer } = apiRequire('smtp-server');
const { simpleParser } = apiRequire('mailparser');

/** Accepts connections and never writes a byte; counts them and how long each stayed open. */
export async function hangingServer(port) {
  const sockets = new Set();
  const state = { connections: 0, heldMs: [] };
  const server = createServer((socket) => {
    state.connections++;
    const opened = performance.now();
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      state.heldMs.push(performance.now() - opened);
    });
  });
  const { close } = await serve(server, port, sockets);
  return Object.assign(state, { port: server.address().port, close });
}

/**
 * One SMTP port whose behaviour is switched: `down` (nothing listens: connection refused),
 * `hang` (accepts, the greeting never comes), `accept`, `rcpt-451` / `rcpt-550` (refuses every
 * recipient for now / for good), `mail-451` / `mail-550` (refuses the sender). Records what the
 * server saw in each mode: connections, RCPT TO, and the messages it accepted (subject, recipient).
 */
export async function switchableSmtp(port) {
  let current = null;
  const state = {
    port,
    mode: 'down',
    /** Per mode: connections, rcpt, mailFrom, refused, accepted; hang: how long each connection was held. */
    seen: {},
    /** Every accepted message: { subject, to, mode }. */
    received: [],
  };
  const tally = (key) => {
    const s = (state.seen[state.mode] ??= { connections: 0, mailFrom: 0, rcpt: 0, refused: 0, accepted: 0, heldMs: [] });
    if (key) s[key]++;
    return s;
  };
  const refusal = (code, text) => Object.assign(new Error(text), { responseCode: code });

  async function stopCurrent() {
    if (!current) return;
    const c = current;
    current = null;
    await c.close();
  }

  async function startSmtp() {
    const sockets = new Set();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 200,
      onConnect(_session, cb) {
        tally('connections');
        cb();
      },
      onMailFrom(_address, _session, cb) {
        tally('mailFrom');
        if (state.mode === 'mail-451') return tally('refused'), cb(refusal(451, 'Servicio no disponible por ahora'));
        if (state.mode === 'mail-550') return tally('refused'), cb(refusal(550, 'Remitente no autorizado'));
        cb();
      },
      onRcptTo(_address, _session, cb) {
        tally('rcpt');
        if (state.mode === 'rcpt-451') return tally('refused'), cb(refusal(451, 'Buzón no disponible, intente más tarde'));
        if (state.mode === 'rcpt-550') return tally('refused'), cb(refusal(550, 'El buzón no existe'));
        cb();
      },
      onData(stream, _session, cb) {
        const mode = state.mode;
        simpleParser(stream)
          .then((mail) => {
            tally('accepted');
            state.received.push({ subject: mail.subject ?? '', to: mail.to?.text ?? '', mode });
            cb();
          })
          .catch(cb);
      },
    });
    server.server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    return serve(server, port, sockets);
  }

  async function startHang() {
    const sockets = new Set();
    const server = createServer((socket) => {
      const s = tally('connections');
      const opened = performance.now();
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        s.heldMs.push(performance.now() - opened);
      });
    });
    return serve(server, port, sockets);
  }

  return Object.assign(state, {
    /** Switches the behaviour (the previous listener and its connections end first). */
    async setMode(mode) {
      await stopCurrent();
      state.mode = mode;
      tally();
      if (mode === 'down') return;
      current = mode === 'hang' ? await startHang() : await startSmtp();
    },
    close: stopCurrent,
  });
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/** Listens on 127.0.0.1:`port`; `close()` destroys the `sockets` still open, then stops listening. */
async function serve(server, port, sockets) {
  await listen(server, port);
  return {
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(() => r()));
    },
  };
}

/**
 * A TCP port in front of `target` (host:port) whose behaviour is switched: `open` (passes the bytes
 * through), `down` (nothing listens: connection refused), `hang` (accepts and never answers).
 */
export async function tcpDoor(port, target) {
  let current = null;
  const state = { port, mode: 'down', connections: {} };
  async function open(mode) {
    const sockets = new Set();
    const server = createServer((socket) => {
      state.connections[mode] = (state.connections[mode] ?? 0) + 1;
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
      if (mode === 'hang') return;
      const upstream = connect(target.port, target.host);
      sockets.add(upstream);
      upstream.on('error', () => socket.destroy());
      upstream.on('close', () => sockets.delete(upstream));
      socket.pipe(upstream).pipe(socket);
      socket.on('close', () => upstream.destroy());
    });
    return serve(server, port, sockets);
  }
  return Object.assign(state, {
    async setMode(mode) {
      if (current) await current.close();
      current = null;
      state.mode = mode;
      if (mode !== 'down') current = await open(mode);
    },
    async close() {
      if (current) await current.close();
      current = null;
    },
  });
}

export const LDAP_SUFFIX = 'dc=gestar,dc=test';
export const LDAP_ADMIN = { dn: `cn=admin,${LDAP_SUFFIX}`, password: 'secreto-del-directorio' };

/** A real OpenLDAP server (Debian's slapd) on 127.0.0.1 with `ou=people` and `ou=groups`. */
export async function startSlapd(port) {
  const { Client } = apiRequire('ldapts');
  const dir = mkdtempSync(join(tmpdir(), 'gestar-rel-slapd-'));
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
  const url = `ldap://127.0.0.1:${port}`;
  const child = spawn('/usr/sbin/slapd', ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c.toString()));
  const admin = async () => {
    const client = new Client({ url, timeout: 3000, connectTimeout: 3000 });
    await client.bind(LDAP_ADMIN.dn, LDAP_ADMIN.password);
    return client;
  };
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await (await admin()).unbind();
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > until) {
        child.kill('SIGKILL');
        throw new Error(`slapd no arrancó: ${err.message}\n${stderr}`);
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

/** A real OpenID provider (oidc-provider, the tests' own) in a process of its own, on `cfg.port`. */
export async function startOidcProvider(cfg) {
  const script = join(import.meta.dirname, '..', 'apps', 'api', 'test', 'support', 'oidc-provider.mjs');
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify(cfg) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c.toString()));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`el proveedor OpenID no arrancó: ${stderr}`)), 15_000);
    child.stdout.on('data', (c) => {
      if (c.toString().startsWith('listo ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`el proveedor OpenID terminó: ${stderr}`)));
  });
  return {
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
