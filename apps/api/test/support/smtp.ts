import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

/**
 * What the test's SMTP server does with the next messages: accept them, refuse each recipient for
 * now (451) or for good (550), or say nothing after the connection (a server that stopped answering).
 */
export type SmtpMode = 'accept' | 'reject' | 'reject-permanent' | 'hang';

export interface TestSmtp {
  /** Where the API connects: a recording relay in front of the server. */
  url: string;
  host: string;
  port: number;
  received: ParsedMail[];
  mode: SmtpMode;
  /** Addresses refused (with the mode's code) whatever the mode; the others follow the mode. */
  refuse: Set<string>;
  /** Every RCPT TO the server was asked for, in order. */
  recipients: string[];
  /** The credentials each successful or failed AUTH carried. */
  auths: { username?: string; password?: string }[];
  /** Everything clients wrote to the server, as it crossed the wire. */
  wire(): string;
  /** Waits (bounded) until `n` messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface SmtpOptions {
  /** Require AUTH (PLAIN or LOGIN), without TLS, accepting only these credentials. */
  auth?: { user: string; pass: string };
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that parses what it receives. It
 * offers no STARTTLS. In `reject` mode it answers every recipient 451; in `reject-permanent` mode
 * 550; in `hang` mode it accepts the connection and then says nothing for 20 seconds. A relay in
 * front of it keeps what clients send, so a test can say what crossed the network in clear.
 */
export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const port = await freePort();
  const relayPort = await freePort();
  const sent: Buffer[] = [];
  const state: TestSmtp = {
    url: `smtp://127.0.0.1:${relayPort}`,
    host: '127.0.0.1',
    port: relayPort,
    received: [],
    mode: 'accept',
    refuse: new Set(),
    recipients: [],
    auths: [],
    wire: () => Buffer.concat(sent).toString('latin1'),
    async waitFor(n, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (state.received.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return state.received;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    authOptional: !options.auth,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      state.auths.push({ username: auth.username, password: auth.password ?? undefined });
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Credenciales no válidas'), { responseCode: 535 }));
    },
    onConnect(_session, callback) {
      if (state.mode === 'hang') setTimeout(() => callback(), 20_000).unref();
      else callback();
    },
    onRcptTo(address, _session, callback) {
      state.recipients.push(address.address);
      const refused = state.refuse.has(address.address) ? (state.mode === 'reject-permanent' ? 550 : 451) : null;
      if (state.mode === 'reject' || refused === 451) {
        return callback(Object.assign(new Error('Buzón no disponible, intente más tarde'), { responseCode: 451 }));
      }
      if (state.mode === 'reject-permanent' || refused === 550) {
        return callback(Object.assign(new Error('El buzón no existe'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port });
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => sent.push(chunk));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(relayPort, '127.0.0.1', () => resolve());
  });
  return state;
}
